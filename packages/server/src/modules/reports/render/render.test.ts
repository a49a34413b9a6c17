import { describe, expect, it } from 'vitest'
import { cell, context, feature, table } from '../../../../test/report-render'
import { MAX_PAGE_ROWS, MAX_REPORT_CELLS, renderReport } from './index'
import { budget } from '../../../../test/slowdown'

const features = [
  feature(
    7,
    {
      nome: 'Lote A',
      area: 12.5,
      ativo: true,
      criado: '2024-03-05',
      visto: '2024-03-05T15:04:00Z',
      hora: '10:20:30',
    },
    [41, 42],
  ),
  feature(9, { nome: 'Lote B', area: 3, ativo: false, criado: null, visto: null, hora: null }),
]

/** The page's cells as 'row,col rowSpan×colSpan text'. */
const layout = (page: {
  cells: Array<{ row: number; col: number; rowSpan: number; colSpan: number; text: string }>
}) => page.cells.map((c) => `${c.row},${c.col} ${c.rowSpan}x${c.colSpan} ${c.text}`)

describe('renderReport: layout', () => {
  it('places cells as an HTML table does, skipping positions covered by spans', () => {
    const page = table([
      [cell('a', { rowSpan: 2 }), cell('b', { colSpan: 2 }), cell('c')],
      [cell('d'), cell('e'), cell('f')],
      [cell('g', { colSpan: 4 })],
    ])
    const out = renderReport(context([page], features)).pages[0]!
    expect(layout(out)).toEqual([
      '0,0 2x1 a',
      '0,1 1x2 b',
      '0,3 1x1 c',
      '1,1 1x1 d',
      '1,2 1x1 e',
      '1,3 1x1 f',
      '2,0 1x4 g',
    ])
    expect(out.columns).toEqual([64, 64, 64, 64])
    expect(out.rows).toEqual([20, 20, 20])
    expect(out.title).toBe('Página 1')
  })

  it('takes column widths and row heights from the cells, titles from the table', () => {
    const page = table([[cell('a', { colSize: 100, rowSize: 30 }), cell('b', { colSize: 50 })]], {
      title: 'Resumo de ${layer}',
    })
    const out = renderReport(context([page, table([[cell('x')]])], features))
    expect(out.pages[0]!.columns).toEqual([100, 50])
    expect(out.pages[0]!.rows).toEqual([30])
    expect(out.pages.map((p) => p.title)).toEqual(['Resumo de Lotes', 'Página 2'])
  })

  it('grows a row whose long text expands, up to rowExpandSize', () => {
    const long = 'palavra '.repeat(40)
    const free = renderReport(context([table([[cell(long, { rowExpand: true })]])], features))
    expect(free.pages[0]!.rows[0]).toBeGreaterThan(100)
    const capped = renderReport(
      context([table([[cell(long, { rowExpand: true, rowExpandSize: 60 })]])], features),
    )
    expect(capped.pages[0]!.rows[0]).toBe(60)
    const short = renderReport(context([table([[cell('curto', { rowExpand: true })]])], features))
    expect(short.pages[0]!.rows[0]).toBe(20)
  })
})

describe('renderReport: generators', () => {
  it('repeats a row generator once per feature, one copy below the other', () => {
    const gen = table([[cell('${indice}'), cell('${nome}')], [cell('${id}', { colSpan: 2 })]], {
      type: 'ROW_GENERATOR',
    })
    const out = renderReport(context([gen], features)).pages[0]!
    expect(layout(out)).toEqual([
      '0,0 1x1 1',
      '0,1 1x1 Lote A',
      '1,0 1x2 7',
      '2,0 1x1 2',
      '2,1 1x1 Lote B',
      '3,0 1x2 9',
    ])
  })

  it('puts column generator copies side by side', () => {
    const gen = table([[cell('${nome}')], [cell('${area}')]], { type: 'COLUMN_GENERATOR' })
    const out = renderReport(context([gen], features)).pages[0]!
    expect(layout(out)).toEqual(['0,0 1x1 Lote A', '1,0 1x1 12,5', '0,1 1x1 Lote B', '1,1 1x1 3'])
    expect(out.columns).toHaveLength(2)
  })

  it('expands a static page around a nested group with a row generator', () => {
    const inner = table([[cell('${nome}'), cell('${area}', { colSize: 90 })]], {
      type: 'ROW_GENERATOR',
    })
    const page = table([
      [cell('Título', { colSpan: 2 })],
      [cell('Lotes:'), cell('', { child: inner })],
      [cell('Fim'), cell('${total}')],
    ])
    const out = renderReport(context([page], features)).pages[0]!
    expect(layout(out)).toEqual([
      '0,0 1x3 Título',
      '1,0 2x1 Lotes:',
      '1,1 1x1 Lote A',
      '1,2 1x1 12,5',
      '2,1 1x1 Lote B',
      '2,2 1x1 3',
      '3,0 1x1 Fim',
      '3,1 1x2 2',
    ])
    expect(out.columns).toEqual([64, 64, 90])
    expect(out.rows).toHaveLength(4)
  })

  it('reads var.field from the generator that names var, and nothing when none', () => {
    const gen = table([[cell('${lote.nome}|${outro.nome}|${lote.area}')]], {
      type: 'ROW_GENERATOR',
      var: 'lote',
    })
    const out = renderReport(context([gen], features)).pages[0]!
    expect(out.cells.map((c) => c.text)).toEqual(['Lote A||12,5', 'Lote B||3'])
  })

  it('renders an empty generator when there are no features, static parts read nothing', () => {
    const gen = table([[cell('${nome}')]], { type: 'ROW_GENERATOR' })
    const out = renderReport(context([gen, table([[cell('[${nome}] ${usuario}')]])], []))
    expect(out.pages[0]!.cells).toEqual([])
    expect(out.pages[1]!.cells[0]!.text).toBe('[] ana')
    expect(out.features).toBe(0)
  })
})

describe('renderReport: size policies', () => {
  const run = (sizePolicy: 'NORMAL' | 'ALL' | 'FIRST_ONLY' | 'DISTRIBUTED') =>
    renderReport(
      context(
        [table([[cell('${nome}', { rowSize: 40, sizePolicy })]], { type: 'ROW_GENERATOR' })],
        features,
      ),
    ).pages[0]!.rows

  it('sizes every copy (NORMAL, ALL), only the first (FIRST_ONLY) or spreads it (DISTRIBUTED)', () => {
    expect(run('NORMAL')).toEqual([40, 40])
    expect(run('ALL')).toEqual([40, 40])
    expect(run('FIRST_ONLY')).toEqual([40, 20])
    expect(run('DISTRIBUTED')).toEqual([20, 20])
  })

  it('applies the policy to column widths of a column generator', () => {
    const gen = table([[cell('${nome}', { colSize: 100, sizePolicy: 'FIRST_ONLY' })]], {
      type: 'COLUMN_GENERATOR',
    })
    expect(renderReport(context([gen], features)).pages[0]!.columns).toEqual([100, 64])
  })
})

describe('renderReport: record reports', () => {
  it('renders every page once per feature, in order, titled with the feature id', () => {
    const pages = [
      table([[cell('${nome} ${indice}/${total}')]], { title: 'Ficha' }),
      table([[cell('${id}')]]),
    ]
    const out = renderReport({ ...context(pages, features), reportType: 'record' })
    expect(out.pages.map((p) => p.title)).toEqual([
      'Ficha – 7',
      'Página 2 – 7',
      'Ficha – 9',
      'Página 2 – 9',
    ])
    expect(out.pages.map((p) => p.cells[0]!.text)).toEqual(['Lote A 1/2', '7', 'Lote B 2/2', '9'])
    expect(out.features).toBe(2)
  })
})

describe('renderReport: variables', () => {
  it('formats each field type for people in pt-BR', () => {
    const row = [
      cell('${nome}'),
      cell('${area}'),
      cell('${ativo}'),
      cell('${criado}'),
      cell('${visto}'),
      cell('${hora}'),
      cell('${inexistente}'),
    ]
    const gen = table([row], { type: 'ROW_GENERATOR' })
    const out = renderReport(context([gen], features)).pages[0]!
    expect(out.cells.map((c) => c.text)).toEqual([
      'Lote A',
      '12,5',
      'Sim',
      '05/03/2024',
      '05/03/2024 12:04',
      '10:20:30',
      '',
      'Lote B',
      '3',
      'Não',
      '',
      '',
      '',
      '',
    ])
  })

  it('gives a cell that is one number, date or date-time variable its typed value', () => {
    const row = [
      cell('${area}'),
      cell(' ${km} '),
      cell('${criado}'),
      cell('${visto}'),
      cell('${id}'),
      cell('${indice}'),
      cell('km ${km}'),
      cell('${nome}'),
      cell('${ativo}'),
    ]
    const ctx = context(
      [table([row], { type: 'ROW_GENERATOR' })],
      [
        feature(1234, { ...features[0]!.attributes, area: 1234.5, km: 180.38 }),
        feature(9, { area: null, km: 7, criado: null, visto: null, nome: 'B', ativo: false }),
      ],
    )
    ctx.layer.fields.push({ name: 'km', title: 'Km', type: 'number', decimals: 3 })
    const cells = renderReport(ctx).pages[0]!.cells
    expect(cells.map((c) => c.text)).toEqual([
      '1.234,5',
      ' 180,380 ',
      '05/03/2024',
      '05/03/2024 12:04',
      '1234',
      '1',
      'km 180,380',
      'Lote A',
      'Sim',
      '',
      ' 7,000 ',
      '',
      '',
      '9',
      '2',
      'km 7,000',
      'B',
      'Não',
    ])
    expect(cells.slice(0, 9).map((c) => [c.value ?? null, c.format ?? null])).toEqual([
      [1234.5, { kind: 'number', decimals: 1 }],
      [180.38, { kind: 'number', decimals: 3 }],
      ['2024-03-05', { kind: 'date' }],
      ['2024-03-05T12:04:00', { kind: 'datetime' }],
      [null, null],
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ])
    expect(cells[9]!.value ?? null).toBeNull() // an empty number stays an empty cell
  })

  it('formats Date values of date and date-time fields too', () => {
    const d = new Date('2024-12-31T23:30:00Z')
    const gen = table([[cell('${criado}|${visto}')]], { type: 'ROW_GENERATOR' })
    const out = renderReport(context([gen], [feature(1, { criado: d, visto: d })]))
    expect(out.pages[0]!.cells[0]!.text).toBe('31/12/2024|31/12/2024 20:30')
  })

  it('reads the system variables and parameters, formatted by kind', () => {
    const ctx = context(
      [table([[cell('${layer} ${data} ${usuario} ${total} ${p1} ${p2} ${p3} ${nada}x')]])],
      features,
    )
    ctx.variables = { ...ctx.variables, p1: 2.75, p2: false, p3: ['a', 'b'] }
    expect(renderReport(ctx).pages[0]!.cells[0]!.text).toBe(
      'Lotes 26/11/2026 ana 2 2,75 Não a, b x',
    )
  })

  it('lets a field win over a variable of the same name inside a generator only', () => {
    const pages = [
      table([[cell('${hora}')]], { type: 'ROW_GENERATOR' }),
      table([[cell('${hora}')]]),
    ]
    const ctx = context(pages, features)
    ctx.variables = { ...ctx.variables, hora: '09:15' }
    const out = renderReport(ctx)
    expect(out.pages[0]!.cells[0]!.text).toBe('10:20:30')
    expect(out.pages[1]!.cells[0]!.text).toBe('09:15')
  })
})

describe('renderReport: images', () => {
  const image = (location: 'CONTENT' | 'ATTACHMENT' | 'LOCAL', value: string | null) =>
    cell('', {
      image: {
        location,
        value,
        marginTop: 0.5,
        marginLeft: null,
        marginRight: 1,
        marginBottom: null,
      },
    })

  it('resolves library images, the n-th attachment of the feature and data URLs', () => {
    const gen = table(
      [
        [
          image('CONTENT', '12'),
          image('ATTACHMENT', null),
          image('ATTACHMENT', '2'),
          image('ATTACHMENT', '3'),
          image('LOCAL', 'data:image/png;base64,AA=='),
          image('CONTENT', 'x'),
        ],
      ],
      { type: 'ROW_GENERATOR' },
    )
    const cells = renderReport(context([gen], features)).pages[0]!.cells
    expect(cells[0]!.image).toEqual({
      contentId: 12,
      marginTop: 0.5,
      marginRight: 1,
      marginBottom: 0,
      marginLeft: 0,
    })
    expect(cells[1]!.image?.attachment).toEqual({ layer: 'lotes', featureId: 7, attachmentId: 41 })
    expect(cells[2]!.image?.attachment).toEqual({ layer: 'lotes', featureId: 7, attachmentId: 42 })
    expect(cells[3]!.image).toBeNull()
    expect(cells[4]!.image?.dataUrl).toBe('data:image/png;base64,AA==')
    expect(cells[5]!.image).toBeNull()
    expect(cells[7]!.image).toBeNull() // the second feature has no attachment
  })
})

describe('renderReport: limits', () => {
  it('cuts a huge generator at MAX_PAGE_ROWS quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) => feature(i + 1, { nome: `L${i}`, area: i }))
    const rows = Array.from({ length: 10 }, (_, i) => [cell(`${i} \${nome}`), cell('${area}')])
    const started = performance.now()
    const out = renderReport(context([table(rows, { type: 'ROW_GENERATOR' })], many))
    // Bounds in this block catch a runaway render (minutes), not a busy machine.
    expect(performance.now() - started).toBeLessThan(budget(10_000))
    const page = out.pages[0]!
    expect(page.rows).toHaveLength(MAX_PAGE_ROWS)
    expect(page.cells.every((c) => c.row + c.rowSpan <= MAX_PAGE_ROWS)).toBe(true)
    expect(page.cells.at(-1)!.text).toBe('1.999')
    expect(page.cells.at(-1)!.value).toBe(1999)
    expect(page.cells.at(-1)!.format).toEqual({ kind: 'number', decimals: 0 })
  })

  it('cuts a record report at REPORT_MAX_FEATURES and huge spans at the page limits', () => {
    const many = Array.from({ length: 5003 }, (_, i) => feature(i + 1, {}))
    const out = renderReport({ ...context([table([[cell('${id}')]])], many), reportType: 'record' })
    expect(out.pages).toHaveLength(5000)
    expect(out.features).toBe(5000)
    const wide = renderReport(context([table([[cell('a', { colSpan: 1e9, rowSpan: 1e9 })]])], []))
    expect(wide.pages[0]!.columns).toHaveLength(2000)
    expect(wide.pages[0]!.rows).toHaveLength(1)
  })

  it('stops a report past MAX_REPORT_CELLS cells', () => {
    const many = Array.from({ length: 5000 }, (_, i) => feature(i + 1, {}))
    const big = table(
      Array.from({ length: 30 }, () => Array.from({ length: 10 }, () => cell('${id}'))),
    )
    const started = performance.now()
    const out = renderReport({ ...context([big], many), reportType: 'record' })
    // A bound that catches a runaway render (minutes), not a slow machine: CI shares its two
    // cores with other work, and this took 9.5 s there once under a load of 13.
    expect(performance.now() - started).toBeLessThan(budget(30_000))
    const cells = out.pages.reduce((n, p) => n + p.cells.length, 0)
    expect(out.features).toBe(Math.ceil(MAX_REPORT_CELLS / 300))
    expect(cells).toBe(out.features * 300)
    expect(out.pages).toHaveLength(out.features)
  })

  it('places a template full of long spans quickly', () => {
    const rows = Array.from({ length: 1000 }, () =>
      Array.from({ length: 50 }, () => cell('', { rowSpan: 1000, colSpan: 3 })),
    )
    const started = performance.now()
    const page = renderReport(context([table(rows)], [])).pages[0]!
    // As above: quadratic placement of these spans would take minutes.
    expect(performance.now() - started).toBeLessThan(budget(15_000))
    expect(page.columns).toHaveLength(2000)
    expect(page.cells[50]).toMatchObject({ row: 1, col: 150, rowSpan: 999, colSpan: 3 })
  })
})
