import ExcelJS from 'exceljs'
import {
  reportSaveSchema,
  templateInvalidVariables,
  type ExportJob,
  type ReportNode,
} from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import { sheetTexts } from '../../../test/xlsx'
import { DEMO_REPORTS, seedDemoReports } from '../../demo/demo-reports'

const t = useTestApp()

function find(nodes: ReportNode[], name: string): ReportNode | undefined {
  for (const n of nodes) {
    if (n.name === name) return n
    const inner = find(n.children, name)
    if (inner) return inner
  }
  return undefined
}

async function runToWorkbook(reportId: number, body: unknown) {
  const res = await t.post(`/api/reports/${reportId}`, body, t.user)
  expect(res.statusCode).toBe(202)
  let job: ExportJob
  for (;;) {
    job = (await t.get(`/api/reports/jobs/${res.json().id}`, t.user)).json()
    if (job.status === 'COMPLETE' || job.status === 'ERROR') break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  expect(job.message).toBeNull()
  expect(job.status).toBe('COMPLETE')
  const file = await fetch(`${t.baseUrl}/api/report/${job.id}?token=${t.user}`)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer)
  return { wb, job }
}
const texts = sheetTexts

describe('demo report templates', () => {
  it('are valid templates, seeded once in their folders', async () => {
    for (const r of DEMO_REPORTS) {
      expect(reportSaveSchema.safeParse({ ...r, mine: false }).success).toBe(true)
    }
    expect(await seedDemoReports(t.db)).toBe(0)
    const tree = (await t.get('/api/reports', t.user)).json<ReportNode[]>()
    expect(find(tree, 'Obras de Arte')?.type).toBe('directory')
    expect(find(tree, 'Rodovias')?.type).toBe('directory')
    expect(find(tree, 'Ficha da Obra de Arte')).toMatchObject({
      reportType: 'record',
      dir: 'Obras de Arte',
    })
    expect(find(tree, 'Resumo por Rodovia')).toMatchObject({
      reportType: 'summary',
      dir: 'Rodovias',
    })
    const simple = (await t.get('/api/reports/simple', t.user)).json<ReportNode[]>()
    expect(simple.map((n) => n.name)).toContain('Lista de Obras de Arte')
  })

  it("pass the designer's variable check: no 'Variável inválida' when opened", () => {
    for (const r of DEMO_REPORTS) {
      expect({ name: r.template.name, invalid: templateInvalidVariables(r.template) }).toEqual({
        name: r.template.name,
        invalid: [],
      })
    }
    // the check is not empty-handed: a field of another layer is refused
    const ficha = DEMO_REPORTS.find((r) => r.template.name === 'Ficha da Obra de Arte')!
    const page = ficha.template.grid[0]!
    const broken = {
      ...ficha.template,
      grid: [
        {
          ...page,
          rows: [...page.rows, { cells: [{ colSpan: 1, rowSpan: 1, value: '${placa}' }] }],
        },
      ],
    }
    expect(templateInvalidVariables(broken)).toEqual(['placa'])
  })

  it("'Lista de Obras de Arte' has a title, a header row, Km as a number and dates as dates", async () => {
    const simple = (await t.get('/api/reports/simple', t.user)).json<ReportNode[]>()
    const lista = find(simple, 'Lista de Obras de Arte')!
    const { rows } = await t.db.query<{ codigo: string; km: string; ultima_inspecao: string }>(
      `SELECT codigo, km::text AS km, to_char(ultima_inspecao, 'YYYY-MM-DD') AS ultima_inspecao
         FROM data.oae WHERE NOT d_e_l_e_t_ AND ultima_inspecao IS NOT NULL ORDER BY id LIMIT 3`,
    )
    const { wb } = await runToWorkbook(lista.reportId!, { layerName: 'oae' })
    expect(wb.worksheets).toHaveLength(1)
    const ws = wb.worksheets[0]!
    expect(ws.getCell('A1').value).toBe('LISTA DE OBRAS DE ARTE ESPECIAIS')
    expect(ws.getCell('A1').isMerged).toBe(true)
    expect(ws.getCell('A1').font.bold).toBe(true)
    expect(String(ws.getCell('A2').value)).toMatch(/^Emitido por Ana Paula Ferreira em /)
    const header = ws.getRow(3).values as unknown[]
    expect(header.slice(1)).toEqual([
      'Código',
      'Tipo',
      'Rodovia',
      'Km',
      'Sentido',
      'Comprimento (m)',
      'Largura (m)',
      'Última inspeção',
    ])
    expect(ws.getCell('D3').font.bold).toBe(true)
    // columns wide enough for their contents, not Excel's default 8.43
    expect(ws.getColumn(1).width).toBeGreaterThan(15)
    // data from row 4, in id order: Km is a number with 3 decimals, the inspection a date
    const deleted = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.oae WHERE NOT d_e_l_e_t_',
    )
    expect(ws.rowCount).toBe(3 + deleted.rows[0]!.n)
    const byCode = new Map<string, ExcelJS.Row>()
    ws.eachRow((row, n) => {
      if (n > 3) byCode.set(String(row.getCell(1).value), row)
    })
    for (const r of rows) {
      const row = byCode.get(r.codigo)!
      expect(row.getCell(4).value).toBe(Number(r.km))
      expect(row.getCell(4).numFmt).toBe('#,##0.000')
      expect(row.getCell(8).value).toEqual(new Date(`${r.ultima_inspecao}T00:00:00Z`))
      expect(row.getCell(8).numFmt).toBe('dd/mm/yyyy')
    }
  })

  it("'Ficha da Obra de Arte' writes one sheet per bridge with its values and photo", async () => {
    const tree = (await t.get('/api/reports', t.user)).json<ReportNode[]>()
    const ficha = find(tree, 'Ficha da Obra de Arte')!
    const { rows } = await t.db.query<{ id: number; codigo: string; rodovia: string }>(
      `SELECT o.id::int AS id, o.codigo, o.rodovia FROM data.oae o
        WHERE NOT o.d_e_l_e_t_ AND EXISTS (SELECT 1 FROM app.attachments a
          WHERE a.layer_name = 'oae' AND a.feature_id = o.id) ORDER BY o.id LIMIT 2`,
    )
    const { wb, job } = await runToWorkbook(ficha.reportId!, {
      layerName: 'oae',
      ids: rows.map((r) => r.id),
    })
    expect(job.filename).toBe('Ficha da Obra de Arte.xlsx')
    expect(wb.worksheets).toHaveLength(2)
    rows.forEach((r, i) => {
      const values = texts(wb.worksheets[i]!)
      expect(values).toContain('FICHA DA OBRA DE ARTE ESPECIAL')
      expect(values).toContain(r.codigo)
      expect(values).toContain(r.rodovia)
      expect(values.some((v) => v.startsWith('Emitido por Ana Paula Ferreira em '))).toBe(true)
      expect(wb.worksheets[i]!.getImages()).toHaveLength(1)
    })
  })

  it("'Resumo por Rodovia' lists every bridge after its summary page", async () => {
    const tree = (await t.get('/api/reports', t.user)).json<ReportNode[]>()
    const resumo = find(tree, 'Resumo por Rodovia')!
    const { rows } = await t.db.query<{ codigo: string }>(
      'SELECT codigo FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY id',
    )
    const { wb } = await runToWorkbook(resumo.reportId!, { layerName: 'oae' })
    expect(wb.worksheets).toHaveLength(2)
    expect(texts(wb.worksheets[0]!)).toContain(String(rows.length))
    const list = texts(wb.worksheets[1]!)
    for (const r of rows) expect(list).toContain(r.codigo)
  })
})
