import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { pointsFromLonLat, sameNames, uploadImport, waitDone } from '../../../test/dataloader'
import { useTestApp } from '../../../test/harness'
import { shapefileZip } from '../../../../../scripts/test-files.mjs'

const t = useTestApp()

/** A multipart upload through fetch (FormData), as the browser sends it, and its reading. */
const upload = (name: string, bytes: Buffer | string, token = t.user) =>
  uploadImport(t, name, bytes, token)

const get = (url: string, token = t.user) => t.get(url, token)
const post = (url: string, payload: unknown, token = t.user) => t.post(url, payload, token)

const waitComplete = (id: number, token = t.user) => waitDone(t, id, token)

const CSV = [
  'Rodovia;KM;Sentido;lon;lat',
  'SP-IMP;1,5;Norte;-47.1;-22.9',
  'SP-IMP;2,5;Sul;-47.2;-22.8',
  'SP-IMP;abc;Norte;-47.3;-22.7',
  'SP-IMP;4;Nenhum;-47.4;-22.6',
].join('\n')

const mappings = [
  { source: 'Rodovia', destiny: 'rodovia', primaryKey: false },
  { source: 'KM', destiny: 'km', primaryKey: false },
  { source: 'Sentido', destiny: 'sentido', primaryKey: false },
  { source: 'lon', destiny: null, primaryKey: false },
]

describe('POST /api/dataloader/import', () => {
  it('reads a csv (; between fields) into a job with its columns and rows', async () => {
    const res = await upload('marcos.CSV', CSV)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      filename: 'marcos.CSV',
      user: 'demo',
      rowCount: 4,
      metadata: {
        columnNames: ['Rodovia', 'KM', 'Sentido', 'lon', 'lat'],
        columnIndexes: { Rodovia: 0, lat: 4 },
      },
    })
    const data = await get(`/api/dataloader/${res.body.id}/data?page=0&limit=2`)
    expect(data.headers['x-rowcount']).toBe('4')
    expect(data.json().data).toEqual([
      {
        id: 1,
        status: 'P',
        message: null,
        data: { Rodovia: 'SP-IMP', KM: '1,5', Sentido: 'Norte', lon: '-47.1', lat: '-22.9' },
      },
      expect.objectContaining({ id: 2 }),
    ])
  })

  it('reads an xlsx workbook with numbers, dates and a WKT column', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('dados')
    ws.addRow(['codigo', 'valor', 'quando', 'geometria'])
    ws.addRow(['A1', 12.5, new Date(Date.UTC(2024, 0, 2)), 'POINT(-47 -22)'])
    ws.addRow(['A2', 3, new Date(Date.UTC(2024, 5, 30)), 'POINT(-47.5 -22.5)'])
    const res = await upload('planilha.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))
    expect(res.status).toBe(201)
    expect(res.body.metadata.columnTypes).toEqual({
      codigo: 'STRING',
      valor: 'NUMBER',
      quando: 'DATE',
      geometria: 'GEOMETRY_WKT',
    })
    const rows = (await get(`/api/dataloader/${res.body.id}/data`)).json().data
    expect(rows[0].data).toEqual({
      codigo: 'A1',
      valor: 12.5,
      quando: '2024-01-02',
      geometria: 'POINT(-47 -22)',
    })
  })

  it('reads a zipped shapefile with its geometry as WKT in EPSG:4326', async ({ skip }) => {
    let zip: Buffer
    try {
      zip = shapefileZip('marcos', { rodovia: 'SP-SHP', km: 7.5 }, [-47.5, -22.5])
    } catch {
      return skip('no native ogr2ogr to write the fixture')
    }
    const res = await upload('marcos.zip', zip)
    expect(res.status).toBe(201)
    expect(res.body.metadata.columnNames).toEqual(['WKT', 'rodovia', 'km'])
    expect(res.body.metadata.columnTypes.WKT).toBe('GEOMETRY_WKT')
    const rows = (await get(`/api/dataloader/${res.body.id}/data`)).json().data
    expect(rows[0].data).toMatchObject({ WKT: 'POINT (-47.5 -22.5)', rodovia: 'SP-SHP' })
  })

  it('refuses other formats, broken files and empty ones with a Portuguese 400, storing nothing', async () => {
    // A refused file leaves its import FAILED (the wizard shows why), without rows or file.
    const kept = `SELECT (SELECT count(*) FROM app.dataloader_imports WHERE state <> 'FAILED')::int
                       + (SELECT count(DISTINCT import_id) FROM app.dataloader_rows)::int AS n`
    const before = await t.db.query<{ n: number }>(kept)
    const txt = await upload('dados.txt', 'a,b\n1,2')
    expect(txt.status).toBe(400)
    expect(txt.body.message).toBe(
      'Formato de arquivo não suportado! Formatos suportados .xlsx,.csv,.zip,.gpkg,.geojson,.json,.kml,.kmz',
    )
    const xlsx = await upload('quebrado.xlsx', 'isto não é uma planilha')
    expect(xlsx.status).toBe(400)
    expect(xlsx.body.message).toBe('Não foi possível ler o arquivo: XLSX inválido.')
    const zip = await upload('quebrado.zip', 'isto não é um zip')
    expect(zip.status).toBe(400)
    expect(zip.body.message).toBe('Não foi possível ler o arquivo: SHAPEFILE inválido.')
    const empty = await upload('vazio.csv', 'a,b\n')
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('O arquivo não tem linhas de dados.')
    const after = await t.db.query<{ n: number }>(kept)
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
  })

  describe('past the limits (IMPORT_MAX_ROWS 1,000 and IMPORT_MAX_MB 1 here)', () => {
    const small = useTestApp({ config: { importMaxRows: 1000, importMaxMb: 1 } })

    it('refuses a file past the row and size limits with Portuguese 400s, keeping nothing', async () => {
      const rows = await uploadImport(small, 'muitas.csv', 'a\n' + '1\n'.repeat(1_001), small.user)
      expect(rows.status).toBe(400)
      expect(rows.body.message).toBe('O arquivo passa do limite de 1.000 linhas.')
      const big = await uploadImport(
        small,
        'grande.csv',
        Buffer.alloc(1024 * 1024 + 10, 'a'),
        small.user,
      )
      expect(big.status).toBe(400)
      expect(big.body.message).toBe('O arquivo passa do limite de 1 MB.')
      const staged = await small.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM app.dataloader_rows',
      )
      expect(staged.rows[0]!.n).toBe(0)
      expect(await small.storedFiles()).toEqual([])
    })
  })

  it('needs a session', async () => {
    const res = await fetch(`${t.baseUrl}/api/dataloader/import`, { method: 'POST' })
    expect(res.status).toBe(401)
  })
})

describe('POST /api/dataloader/{id}/execute', () => {
  it('inserts each row with a point from lon/lat, recording errors per row', async () => {
    const job = (await upload('marcos.csv', CSV)).body
    const res = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'marcos_km',
      layerTitle: 'Marcos quilométricos',
      mappings,
      ...pointsFromLonLat,
    })
    expect(res.statusCode).toBe(202)
    expect((await waitComplete(job.id)).status).toBe('COMPLETE')
    const report = (await get(`/api/dataloader/${job.id}/report`)).json()
    expect(report).toMatchObject({ created: 2, updated: 0, pending: 0, errors: 2 })
    const rows = (await get(`/api/dataloader/${job.id}/data`)).json().data
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['C', 'C', 'E', 'E'])
    expect(rows[2].message).toContain('km:')
    expect(rows[3].message).toContain('sentido:')
    const { rows: written } = await t.db.query<{ km: string; wkt: string }>(
      `SELECT km::text AS km, ST_AsText(geom) AS wkt FROM data.marcos_km
       WHERE rodovia = 'SP-IMP' ORDER BY km`,
    )
    expect(written).toEqual([
      { km: '1.500', wkt: 'POINT(-47.1 -22.9)' },
      { km: '2.500', wkt: 'POINT(-47.2 -22.8)' },
    ])
    // The history records the import's writes as the user's.
    const { rows: history } = await t.db.query<{ n: number; app: string }>(
      `SELECT count(*)::int AS n, min(application) AS app FROM app.audit_log
       WHERE table_name = 'marcos_km' AND action = 'I' AND username = 'demo'
       AND current_fields->>'rodovia' = 'SP-IMP'`,
    )
    // The audit names the import.
    expect(history[0]).toEqual({ n: 2, app: `importação #${job.id}` })
  })

  it('updates the rows whose key field matches and inserts the others', async () => {
    const first = (
      await upload('chave.csv', 'rodovia;km;sentido\nSP-KEY;910,25;Norte\nSP-KEY;911,25;Sul')
    ).body
    const keyMappings = [
      { source: 'rodovia', destiny: 'rodovia', primaryKey: false },
      { source: 'km', destiny: 'km', primaryKey: true },
      { source: 'sentido', destiny: 'sentido', primaryKey: false },
    ]
    const body = { destinyType: 0, layerName: 'marcos_km', mappings: keyMappings }
    expect((await post(`/api/dataloader/${first.id}/execute`, body)).statusCode).toBe(202)
    await waitComplete(first.id)
    expect((await get(`/api/dataloader/${first.id}/report`)).json()).toMatchObject({
      created: 2,
      updated: 0,
    })
    const second = (
      await upload('chave2.csv', 'rodovia;km;sentido\nSP-KEY;910,25;Sul\nSP-KEY;912,25;Leste')
    ).body
    expect((await post(`/api/dataloader/${second.id}/execute`, body)).statusCode).toBe(202)
    await waitComplete(second.id)
    expect((await get(`/api/dataloader/${second.id}/report`)).json()).toMatchObject({
      created: 1,
      updated: 1,
      errors: 0,
    })
    const { rows } = await t.db.query<{ km: string; sentido: string }>(
      `SELECT km::text AS km, sentido FROM data.marcos_km WHERE rodovia = 'SP-KEY' ORDER BY km`,
    )
    expect(rows).toEqual([
      { km: '910.250', sentido: 'Sul' },
      { km: '911.250', sentido: 'Sul' },
      { km: '912.250', sentido: 'Leste' },
    ])
  })

  it('finds the feature by the old key column and writes the new key', async () => {
    const job = (await upload('renumera.csv', 'km_antigo;km\n911,25;921,25')).body
    const res = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'marcos_km',
      mappings: [
        { source: 'km', destiny: 'km', primaryKey: true, oldPrimaryKeySource: 'km_antigo' },
      ],
    })
    expect(res.statusCode).toBe(202)
    await waitComplete(job.id)
    expect((await get(`/api/dataloader/${job.id}/report`)).json()).toMatchObject({ updated: 1 })
    const { rows } = await t.db.query<{ km: string }>(
      `SELECT km::text AS km FROM data.marcos_km WHERE rodovia = 'SP-KEY' ORDER BY km`,
    )
    expect(rows.map((r) => r.km)).toEqual(['910.250', '912.250', '921.250'])
  })

  it('updates by id, and an id that does not exist is an error of its row', async () => {
    const job = (await upload('ids.csv', 'id,sentido\n1,Oeste\n99999999,Norte')).body
    const res = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'marcos_km',
      mappings: [
        { source: 'id', destiny: 'id', primaryKey: true },
        { source: 'sentido', destiny: 'sentido' },
      ],
    })
    expect(res.statusCode).toBe(202)
    await waitComplete(job.id)
    const rows = (await get(`/api/dataloader/${job.id}/data`)).json().data
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['U', 'E'])
    expect(rows[1].message).toBe('Nenhuma feição com id = 99999999.')
    const { rows: one } = await t.db.query<{ sentido: string }>(
      'SELECT sentido FROM data.marcos_km WHERE id = 1',
    )
    expect(one[0]!.sentido).toBe('Oeste')
  })

  it('refuses bad mappings and a new layer with Portuguese 400s, starting nothing', async () => {
    const job = (await upload('ruim.csv', 'a,b\n1,2')).body
    const unknown = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'marcos_km',
      mappings: [{ source: 'a', destiny: 'nao_existe' }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0].message).toBe('O atributo nao_existe não existe no layer.')
    const vector = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'marcos_km',
      mappings: [{ source: 'a', destiny: 'rodovia' }],
      spatializeType: 'source-attribute',
      spatializeMode: 'all',
    })
    expect(vector.statusCode).toBe(400)
    expect(vector.json().errors[0].message).toBe(
      'É necessário informar o atributo de origem para ser utilizado como vetor!',
    )
    const newLayer = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 1,
      layerName: 'nova',
      mappings: [{ source: 'a', destiny: 'a' }],
    })
    expect(newLayer.statusCode).toBe(403)
    expect(newLayer.json().message).toBe('Apenas administradores podem criar um novo layer.')
    expect((await get(`/api/dataloader/${job.id}/status`)).json().status).toBe('CREATED')
  })

  it('creates a new layer (administrators) with a field per column and imports into it', async () => {
    const job = (
      await upload(
        'novo.csv',
        'nome;valor;ativo;lon;lat\nPosto A;10,5;true;-47.1;-22.1\nPosto B;7;false;-47.2;-22.2',
        t.admin,
      )
    ).body
    const res = await post(
      `/api/dataloader/${job.id}/execute`,
      {
        destinyType: 1,
        layerName: 'postos_importados',
        layerTitle: 'Postos importados',
        mappings: sameNames('nome', 'valor', 'ativo'),
        ...pointsFromLonLat,
        spatializeGeometry: 'point',
      },
      t.admin,
    )
    expect(res.statusCode).toBe(202)
    await waitComplete(job.id, t.admin)
    expect((await get(`/api/dataloader/${job.id}/report`, t.admin)).json()).toMatchObject({
      created: 2,
      errors: 0,
    })
    const { rows } = await t.db.query<{ nome: string; valor: number; ativo: string; wkt: string }>(
      `SELECT nome, valor, ativo::text AS ativo, ST_AsText(geom) AS wkt
       FROM data.postos_importados ORDER BY nome`,
    )
    expect(rows).toEqual([
      { nome: 'Posto A', valor: 10.5, ativo: 'true', wkt: 'POINT(-47.1 -22.1)' },
      { nome: 'Posto B', valor: 7, ativo: 'false', wkt: 'POINT(-47.2 -22.2)' },
    ])
    const layers = (await get('/api/config/layers', t.admin)).json()
    expect(JSON.stringify(layers)).toContain('Postos importados')
  })

  it('refuses a layer the user may only read (403) or not see (404)', async () => {
    const job = (await upload('rodovias.csv', 'nome\nX')).body
    const readOnly = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'rodovias',
      mappings: [{ source: 'nome', destiny: 'denominacao' }],
    })
    expect(readOnly.statusCode).toBe(403)
    expect(readOnly.json().message).toBe(
      'Você não possui permissão para criar ou atualizar features neste layer!',
    )
    const hidden = await post(`/api/dataloader/${job.id}/execute`, {
      destinyType: 0,
      layerName: 'ocorrencias',
      mappings: [{ source: 'nome', destiny: 'tipo' }],
    })
    expect(hidden.statusCode).toBe(404)
  })

  it("answers 404 for another user's job, and deletes one's own", async () => {
    const job = (await upload('meu.csv', 'a\n1')).body
    for (const url of ['', '/report', '/data']) {
      expect((await get(`/api/dataloader/${job.id}${url}`, t.admin)).statusCode).toBe(404)
    }
    // An administrator follows any import's status (the undo of another's import is theirs).
    expect((await get(`/api/dataloader/${job.id}/status`, t.admin)).statusCode).toBe(200)
    const foreign = await post(
      `/api/dataloader/${job.id}/execute`,
      { destinyType: 0, layerName: 'marcos_km', mappings: [{ source: 'a', destiny: 'rodovia' }] },
      t.admin,
    )
    expect(foreign.statusCode).toBe(404)
    expect((await t.del(`/api/dataloader/${job.id}`, t.admin)).statusCode).toBe(404)
    expect((await t.del(`/api/dataloader/${job.id}`, t.user)).statusCode).toBe(204)
    expect((await get(`/api/dataloader/${job.id}`)).statusCode).toBe(404)
  })
})

describe('/api/dataloader/templates', () => {
  it('saves, lists (own and public), searches and deletes templates', async () => {
    const missing = await post('/api/dataloader/templates', { name: ' ', metadata: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].message).toBe('Campo obrigatório')

    const created = await post('/api/dataloader/templates', {
      name: 'Marcos do DER',
      description: 'marcos quilométricos',
      isPublic: true,
      metadata: {
        destinyType: 0,
        layerName: 'marcos_km',
        mappings: [
          { source: 'KM', destiny: 'km', primaryKey: true },
          { source: 'lon', destiny: null },
        ],
        spatializeType: 'generate',
        spatializeMode: 'new',
        spatializeVertices: [{ x: 'lon', y: 'lat' }],
      },
    })
    expect(created.statusCode).toBe(201)
    const id = Number(created.headers.location!.split('/').pop())
    expect(id).toBe(created.json().id)
    const privateOne = await post(
      '/api/dataloader/templates',
      { name: 'Particular', isPublic: false, metadata: {} },
      t.admin,
    )
    expect(privateOne.statusCode).toBe(201)

    const list = await get('/api/dataloader/templates?sort=-createdDate&search=DER')
    expect(list.headers['x-rowcount']).toBe('1')
    expect(list.json()[0]).toMatchObject({
      id,
      name: 'Marcos do DER',
      user: 'demo',
      isPublic: true,
    })
    expect(list.json()[0].metadata.mappings).toEqual([
      expect.objectContaining({ source: 'KM', destiny: 'km', primaryKey: true }),
    ])
    const all = (await get('/api/dataloader/templates?limit=100')).json()
    expect(all.map((x: { name: string }) => x.name)).not.toContain('Particular')
    expect((await get('/api/dataloader/templates?sort=nada')).statusCode).toBe(400)

    const adminSees = (await get('/api/dataloader/templates?limit=100', t.admin)).json()
    expect(adminSees.map((x: { name: string }) => x.name)).toContain('Marcos do DER')
    const privateId = privateOne.json().id
    const del = (id: number, token: string) => t.del(`/api/dataloader/templates/${id}`, token)
    expect((await del(privateId, t.user)).statusCode).toBe(404)
    expect((await del(id, t.user)).statusCode).toBe(204)
    expect((await get('/api/dataloader/templates?search=DER')).headers['x-rowcount']).toBe('0')
  })
})
