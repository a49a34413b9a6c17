import { describe, expect, it } from 'vitest'
import { pointsFromLonLat, sameNames, uploaded, waitDone } from '../../../test/dataloader'
import { useTestApp } from '../../../test/harness'
import { shapefileZip } from '../../../../../scripts/test-files.mjs'

/**
 * Ordinary Brazilian files import as they are written (issue 42, decision 90): a `;` csv with
 * `15/03/2026` dates and `1.234,5` numbers, a zipped shapefile with a native Date field, and a
 * new layer typed from them (numbers as numbers, dates as dates).
 */

const t = useTestApp()

const upload = (name: string, bytes: Buffer | string) => uploaded(t, name, bytes, t.admin)

async function execute(id: number, body: object) {
  const res = await t.post(`/api/dataloader/${id}/execute`, body, t.admin)
  expect(res.statusCode, res.body).toBe(202)
  await waitDone(t, id, t.admin)
  const report = (await t.get(`/api/dataloader/${id}/report`, t.admin)).json()
  const rows = (await t.get(`/api/dataloader/${id}/data`, t.admin)).json().data
  return { report, rows }
}

describe('Brazilian files', () => {
  it('reads a ; csv with dd/mm/aaaa dates and 1.234,5 numbers into an existing layer', async () => {
    const csv = [
      'codigo;tipo;comprimento;largura;ultima_inspecao;lon;lat',
      'OAE-BR-1;ponte;1.234,5;45,7;15/03/2026;-47,1;-22,9',
      'OAE-BR-2;viaduto;12;3,25;01/02/2025;-47.2;-22.8',
      'OAE-BR-3;ponte;1.5;2;28/02/2026;-47.3;-22.7',
      'OAE-BR-4;ponte;8;2;31/02/2026;-47.4;-22.6',
    ].join('\n')
    const job = await upload('oae.csv', csv)
    expect(job.metadata.columnTypes).toMatchObject({
      largura: 'NUMBER',
      // '1.5' is neither 1.234,5 nor 1234.5 with the others, 31/02 is no day: text columns,
      // whose values are still read as the layer's fields want them.
      comprimento: 'STRING',
      ultima_inspecao: 'STRING',
    })
    expect(job.metadata.numberStyles).toMatchObject({ largura: 'br', comprimento: 'br' })
    const { report, rows } = await execute(job.id, {
      destinyType: 0,
      layerName: 'oae',
      mappings: sameNames('codigo', 'tipo', 'comprimento', 'largura', 'ultima_inspecao'),
      ...pointsFromLonLat,
    })
    expect(report).toMatchObject({ created: 2, errors: 2 })
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['C', 'C', 'E', 'E'])
    expect(rows[2].message).toBe(
      'comprimento: Número inválido (1.5): use 1.234,5 (vírgula antes dos decimais).',
    )
    expect(rows[3].message).toBe(
      'ultima_inspecao: Data inválida (31/02/2026): use dd/mm/aaaa (ou aaaa-mm-dd).',
    )
    const { rows: saved } = await t.db.query(
      `SELECT codigo, comprimento::float8 AS comprimento, largura::float8 AS largura,
              ultima_inspecao::text AS dia
         FROM data.oae WHERE codigo LIKE 'OAE-BR-%' ORDER BY codigo`,
    )
    expect(saved).toEqual([
      { codigo: 'OAE-BR-1', comprimento: 1234.5, largura: 45.7, dia: '2026-03-15' },
      { codigo: 'OAE-BR-2', comprimento: 12, largura: 3.25, dia: '2025-02-01' },
    ])
  })

  it('reads a zipped shapefile whose Date field GDAL writes as 2026/06/10', async ({ skip }) => {
    let zip: Buffer
    try {
      zip = shapefileZip(
        'placas',
        { codigo_ctb: 'R-BR-1', implantada: '2026-06-10' },
        [-47.5, -22.5],
      )
    } catch {
      return skip('no native ogr2ogr to write the fixture')
    }
    const job = await upload('placas.zip', zip)
    const first = (await t.get(`/api/dataloader/${job.id}/data`, t.admin)).json().data[0]
    expect(first.data.implantada).toBe('2026/06/10')
    expect(job.metadata.columnTypes.implantada).toBe('DATE')
    const { report } = await execute(job.id, {
      destinyType: 0,
      layerName: 'placas',
      mappings: [
        { source: 'codigo_ctb', destiny: 'codigo_ctb' },
        { source: 'implantada', destiny: 'data_implantacao' },
      ],
      spatializeType: 'source-attribute',
      spatializeMode: 'all',
      spatializeSourceAttribute: 'WKT',
    })
    expect(report).toMatchObject({ created: 1, errors: 0 })
    const { rows } = await t.db.query(
      `SELECT data_implantacao::text AS dia FROM data.placas WHERE codigo_ctb = 'R-BR-1'`,
    )
    expect(rows).toEqual([{ dia: '2026-06-10' }])
  })

  it('types a new layer from the file: numbers as numbers, dates as dates, date-times with their time', async () => {
    const csv = [
      'nome;valor;quando;momento;ativo;lon;lat',
      'Posto A;1.234,5;15/03/2026;15/03/2026 14:30;Sim;-47.1;-22.1',
      'Posto B;45,7;01/02/2025;16/03/2026 08:00:05;Não;-47.2;-22.2',
    ].join('\n')
    const job = await upload('postos.csv', csv)
    expect(job.metadata.columnTypes).toMatchObject({
      valor: 'NUMBER',
      quando: 'DATE',
      momento: 'DATETIME',
      ativo: 'BOOLEAN',
      lon: 'NUMBER',
    })
    const { report } = await execute(job.id, {
      destinyType: 1,
      layerName: 'postos_br',
      layerTitle: 'Postos (Brasil)',
      mappings: sameNames('nome', 'valor', 'quando', 'momento', 'ativo'),
      ...pointsFromLonLat,
      spatializeGeometry: 'point',
    })
    expect(report).toMatchObject({ created: 2, errors: 0 })
    const { rows: columns } = await t.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'data' AND table_name = 'postos_br'
          AND column_name IN ('valor', 'quando', 'momento', 'ativo') ORDER BY column_name`,
    )
    expect(Object.fromEntries(columns.map((c) => [c.column_name, c.data_type]))).toEqual({
      ativo: 'boolean',
      momento: 'timestamp with time zone',
      quando: 'date',
      valor: 'double precision',
    })
    const { rows: ids } = await t.db.query<{ id: number }>(
      'SELECT id::int AS id FROM data.postos_br ORDER BY id',
    )
    const a = (await t.get(`/api/features/postos_br/${ids[0]!.id}`, t.admin)).json()
    expect(a.attributes ?? a).toMatchObject({
      valor: 1234.5,
      quando: '2026-03-15',
      ativo: true,
    })
    // 14:30 in São Paulo is 17:30 UTC.
    expect(new Date((a.attributes ?? a).momento).toISOString()).toBe('2026-03-15T17:30:00.000Z')
  })
})
