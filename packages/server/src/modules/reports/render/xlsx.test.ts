import ExcelJS from 'exceljs'
import { DEFAULT_STYLE, type RenderedImage, type RenderedReport } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { cell, context, feature, table } from '../../../../test/report-render'
import { renderReport, writeXlsx } from './index'
import { sheetNamer } from './xlsx'
import { budget } from '../../../../test/slowdown'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function read(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  return workbook
}

function report(): RenderedReport {
  const ctx = context(
    [
      table(
        [
          [cell('Título: ${layer}', { colSpan: 2, style: 'Título', colSize: 120, rowSize: 40 })],
          [
            cell('${area}', { style: 'Girado' }),
            cell('', {
              image: {
                location: 'CONTENT',
                value: '5',
                marginTop: 0.1,
                marginLeft: 0.1,
                marginRight: null,
                marginBottom: null,
              },
            }),
          ],
          [
            cell('sem imagem'),
            cell('', {
              image: {
                location: 'CONTENT',
                value: '6',
                marginTop: null,
                marginLeft: null,
                marginRight: null,
                marginBottom: null,
              },
            }),
          ],
        ],
        { title: 'Resumo: 1/2 [teste]' },
      ),
      table([[cell('outra')]], { title: 'Resumo: 1/2 [teste]' }),
    ],
    [feature(1, { area: 1234.5 })],
  )
  ctx.template.styles.push(
    {
      ...DEFAULT_STYLE,
      name: 'Título',
      fontFamily: 'CALIBRI',
      fontSize: 16,
      fontBold: true,
      fontItalic: true,
      fontUnderline: true,
      fontColor: '#ff0000',
      backgroundColor: '#00ff00',
      borderTop: 'small',
      borderLeft: 'medium',
      borderRight: 'large',
      borderBottom: 'double',
      horizontalAlignment: 'center',
      verticalAlignment: 'top',
      wrapText: true,
    },
    { ...DEFAULT_STYLE, name: 'Girado', textOrientation: 'TURNUP', borderBottom: 'dotted' },
  )
  ctx.template.printable = {
    landscape: true,
    scale: 80,
    marginTop: 2.54,
    marginRight: 1.27,
    marginBottom: 2.54,
    marginLeft: 1.27,
    paperSize: 'A3',
  }
  return renderReport(ctx)
}

describe('writeXlsx', () => {
  it('writes one sheet per page with values, merges, sizes, styles, page setup and images', async () => {
    const asked: RenderedImage[] = []
    const buffer = await writeXlsx(report(), async (image) => {
      asked.push(image)
      return image.contentId === 5 ? { buffer: PNG, extension: 'png' } : null
    })
    const workbook = await read(buffer)
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Resumo  1 2  teste',
      'Resumo  1 2  teste (2)',
    ])
    const sheet = workbook.worksheets[0]!
    expect(sheet.getCell('A1').value).toBe('Título: Lotes')
    // a number variable is a number with a Brazilian format (1.234,5 in a pt-BR spreadsheet)
    expect(sheet.getCell('A2').value).toBe(1234.5)
    expect(sheet.getCell('A2').numFmt).toBe('#,##0.0')
    expect(sheet.getCell('A3').numFmt).toBeUndefined()
    expect(sheet.getCell('A3').value).toBe('sem imagem')
    expect(sheet.getCell('A1').isMerged).toBe(true)
    expect(sheet.getCell('B1').master.address).toBe('A1')
    expect(sheet.getCell('A2').isMerged).toBe(false)
    expect(sheet.getColumn(1).width).toBeCloseTo((120 - 5) / 7, 1)
    expect(sheet.getColumn(2).width).toBeCloseTo(8.43, 1)
    expect(sheet.getRow(1).height).toBe(30)
    expect(sheet.getRow(2).height).toBe(15)

    const title = sheet.getCell('A1')
    expect(title.font).toMatchObject({
      name: 'Calibri',
      size: 16,
      bold: true,
      italic: true,
      underline: true,
      color: { argb: 'FFFF0000' },
    })
    expect(title.fill).toMatchObject({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FF00FF00' },
    })
    expect(title.border.top?.style).toBe('thin')
    expect(title.border.left?.style).toBe('medium')
    expect(sheet.getCell('B1').border.right?.style).toBe('thick')
    expect(title.border.bottom?.style).toBe('double')
    expect(title.alignment).toMatchObject({ horizontal: 'center', vertical: 'top', wrapText: true })
    const turned = sheet.getCell('A2')
    expect(turned.font.name).toBe('Arial')
    expect(turned.alignment.textRotation).toBe(90)
    expect(turned.border.bottom?.style).toBe('dotted')

    expect(sheet.pageSetup).toMatchObject({ paperSize: 8, orientation: 'landscape', scale: 80 })
    expect(sheet.pageSetup.margins).toMatchObject({ top: 1, bottom: 1, left: 0.5, right: 0.5 })

    expect(asked.map((i) => i.contentId)).toEqual([5, 6])
    const images = sheet.getImages()
    expect(images).toHaveLength(1)
    expect(images[0]!.range.tl.nativeCol).toBe(1)
    expect(images[0]!.range.tl.nativeRow).toBe(1)
    expect(images[0]!.range.tl.nativeColOff).toBeGreaterThan(0) // the 0.1 cm margin
    expect(images[0]!.range.br.nativeCol).toBe(2)
    expect(workbook.model.media).toHaveLength(1)
  })

  it('writes an empty sheet for a report without pages, and loads a repeated image once', async () => {
    const empty = renderReport({ ...context([table([[cell('x')]])], []), reportType: 'record' })
    const workbook = await read(await writeXlsx(empty, async () => null))
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Página 1'])

    const gen = table(
      [
        [
          cell('${id}', {
            image: {
              location: 'CONTENT',
              value: '3',
              marginTop: null,
              marginLeft: null,
              marginRight: null,
              marginBottom: null,
            },
          }),
        ],
      ],
      { type: 'ROW_GENERATOR' },
    )
    const many = renderReport(context([gen], [feature(1, {}), feature(2, {}), feature(3, {})]))
    let loads = 0
    const book = await read(
      await writeXlsx(many, async () => (loads++, { buffer: PNG, extension: 'png' })),
    )
    expect(loads).toBe(1)
    expect(book.worksheets[0]!.getImages()).toHaveLength(3)
  })

  it('keeps sheet names valid and unique', () => {
    const name = sheetNamer()
    const long = 'x'.repeat(40)
    expect(name(long, 1)).toBe('x'.repeat(31))
    expect(name(long, 2)).toBe(`${'x'.repeat(27)} (2)`)
    expect(name("'a*b?'", 3)).toBe('a b')
    expect(name('A B', 4)).toBe('A B (2)')
    expect(name('  ', 5)).toBe('Página 5')
  })

  it('merges thousands of spans quickly and skips a span overlapping an earlier one', async () => {
    const cells = Array.from({ length: 3000 }, (_, i) => ({
      row: i,
      col: 0,
      rowSpan: 1,
      colSpan: 2,
      text: `linha ${i}`,
    }))
    cells.push({ row: 0, col: 1, rowSpan: 2, colSpan: 2, text: 'sobreposta' })
    const page = { title: 'Grande', columns: [64, 64, 64], rows: cells.map(() => 20), cells }
    const started = performance.now()
    const buffer = await writeXlsx(
      {
        name: 'x',
        styles: [],
        printable: context([], []).template.printable,
        pages: [page],
        features: 0,
      },
      async () => null,
    )
    expect(performance.now() - started).toBeLessThan(budget(5000))
    const sheet = (await read(buffer)).worksheets[0]!
    const merges = (sheet.model as unknown as { merges: string[] }).merges
    expect(merges).toHaveLength(3000)
    expect(merges).toContain('A2999:B2999')
    expect(sheet.getCell('B1').master.address).toBe('A1')
    expect(sheet.getCell('C2').isMerged).toBe(false)
  })
})
