import { describe, expect, it } from 'vitest'
import {
  br,
  km,
  lotesCsv as csv,
  lotesMappings as mappings,
  pointsFromLonLat as points,
  runImport,
  waitDone,
} from '../../../test/dataloader'
import { expectStatus, signIn, useTestApp } from '../../../test/harness'
import { budget } from '../../../test/slowdown'

/**
 * IMPORTAR DADOS at real scale (issue 43), over HTTP as the wizard drives it: 200,000 Brazilian
 * rows into a new layer, then 200,000 more into it by key (inserts and updates counted exactly,
 * each bad row its own error), the undo and its refusals, and a moderated user's import as one
 * approval decided in bulk (the cancel: dataloader-cancel.test.ts).
 */

const t = useTestApp()
const ROWS = 200_000
const LAYER = 'lotes_escala'

const run = (token: string, name: string, text: string, body: object) =>
  runImport(t, token, name, text, body)

const live = async () =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data.${LAYER} WHERE NOT d_e_l_e_t_`,
    )
  ).rows[0]!.n

const feature = async (codigo: string) =>
  (
    await t.db.query<{
      id: number
      nome: string
      km: number
      data: string
      d: boolean
      x: number
      y: number
    }>(
      `SELECT id::float8 AS id, nome, km, to_char(data, 'YYYY-MM-DD') AS data, d_e_l_e_t_ AS d,
              ST_X(geom) AS x, ST_Y(geom) AS y
         FROM data.${LAYER} WHERE codigo = $1 ORDER BY id DESC LIMIT 1`,
      [codigo],
    )
  ).rows[0]

/** The row of an import's data at row_no `n` (1 the first data row). */
const dataRow = async (id: number, n: number) =>
  (await t.get(`/api/dataloader/${id}/data?page=${n - 1}&limit=1`, t.admin)).json().data[0]

const entries = async (featureId: number) =>
  (
    await t.db.query<{ action: string; application: string; changed: Record<string, unknown> }>(
      `SELECT action, application, changed_fields AS changed FROM app.audit_log
        WHERE table_schema = 'data' AND table_name = $1 AND feature_id = $2 ORDER BY id`,
      [LAYER, featureId],
    )
  ).rows

describe(
  'a new layer from 200,000 rows, then 200,000 more by key',
  { timeout: budget(900_000) },
  () => {
    let first: Awaited<ReturnType<typeof run>>
    let second: Awaited<ReturnType<typeof run>>

    it('creates the layer typed from the file: 200,000 features, numbers and dates as written', async () => {
      first = await run(
        t.admin,
        'lotes.csv',
        csv(0, ROWS, (i) => `Lote ${i}`),
        {
          destinyType: 1,
          layerName: LAYER,
          layerTitle: 'Lotes (escala)',
          mappings,
          spatializeGeometry: 'point',
          ...points,
        },
      )
      expect(first.status).toMatchObject({
        status: 'COMPLETE',
        counts: { read: ROWS, validated: ROWS, written: ROWS, errors: 0 },
      })
      expect(first.report).toEqual({
        created: ROWS,
        updated: 0,
        pending: 0,
        errors: 0,
        success: ROWS,
      })
      expect(await live()).toBe(ROWS)
      const types = await t.db.query<{ name: string; type: string }>(
        `SELECT column_name AS name, data_type AS type FROM information_schema.columns
        WHERE table_schema = 'data' AND table_name = $1 AND column_name IN ('km', 'data')
        ORDER BY 1`,
        [LAYER],
      )
      expect(types.rows).toEqual([
        { name: 'data', type: 'date' },
        { name: 'km', type: 'double precision' },
      ])
      const f = (await feature('L-123457'))!
      expect(f).toMatchObject({
        nome: 'Lote 123457',
        data: `20${10 + (123457 % 15)}-${String(1 + (123457 % 12)).padStart(2, '0')}-${String(1 + (123457 % 28)).padStart(2, '0')}`,
      })
      expect(f.km).toBeCloseTo(km(123457), 6)
      expect(f.x).toBeCloseTo(-49 + 457 / 1000, 9)
      // HISTÓRIA shows the creation, named after the import.
      expect(await entries(f.id)).toEqual([
        expect.objectContaining({ action: 'I', application: `importação #${first.id}` }),
      ])
      // The new layer has its indexes (built once the rows were in) and its extent.
      const indexes = await t.db.query<{ def: string }>(
        `SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'data' AND tablename = $1`,
        [LAYER],
      )
      expect(indexes.rows.map((r) => r.def).join('\n')).toMatch(/USING gist \(geom\)/)
      const extent = await t.db.query<{ extent: number[] | null }>(
        'SELECT extent FROM app.layers WHERE name = $1',
        [LAYER],
      )
      expect(extent.rows[0]!.extent!.map((v) => Math.round(v * 1000) / 1000)).toEqual([
        -49, -16, -48.001, -15.9,
      ])
    })

    it('updates the rows whose key exists, creates the others, and reports each bad row', async () => {
      // Rows 100,000..299,999: the first half exist (a new name), the second half are new; every
      // 10,000th has km "abc", every 50,000th the 31st of February.
      second = await run(
        t.admin,
        'lotes-2.csv',
        csv(100_000, 300_000, (i) => `Lote ${i} revisto`, true),
        {
          destinyType: 0,
          layerName: LAYER,
          mappings,
          ...points,
        },
      )
      expect(second.status.status).toBe('COMPLETE')
      expect(second.report).toEqual({
        created: 99_988,
        updated: 99_988,
        pending: 0,
        errors: 24,
        success: 199_976,
      })
      expect(await live()).toBe(ROWS + 99_988)
      expect(await feature('L-150000')).toMatchObject({ nome: 'Lote 150000 revisto' })
      expect(await feature('L-250000')).toMatchObject({ nome: 'Lote 250000 revisto' })
      // A bad row changes nothing: L-110007 keeps its first name.
      expect(await feature('L-110007')).toMatchObject({ nome: 'Lote 110007' })
      expect(await feature('L-210007')).toBeUndefined()
      expect(await dataRow(second.id, 10_008)).toMatchObject({
        status: 'E',
        message: 'km: Número inválido (abc): use 1.234,5 (vírgula antes dos decimais).',
        data: { codigo: 'L-110007', km: 'abc' },
      })
      expect(await dataRow(second.id, 50_012)).toMatchObject({
        status: 'E',
        message: 'data: Data inválida (31/02/2025): use dd/mm/aaaa (ou aaaa-mm-dd).',
      })
      expect(await dataRow(second.id, 1)).toMatchObject({ status: 'U', message: null })
      expect(await dataRow(second.id, 100_001)).toMatchObject({ status: 'C', message: null })
      // An update's entry says what changed, and names the import.
      const updated = (await feature('L-150000'))!
      expect((await entries(updated.id)).at(-1)).toEqual({
        action: 'U',
        application: `importação #${second.id}`,
        changed: { nome: 'Lote 150000 revisto' },
      })
    })

    it('refuses to undo an import whose features changed since, undoes the last through history', async () => {
      // Rows 295,000..304,999 by key: 5,000 of the second import's features renamed, 5,000 new.
      const third = await run(
        t.admin,
        'lotes-3.csv',
        csv(295_000, 305_000, (i) => `Lote ${i} final`),
        { destinyType: 0, layerName: LAYER, mappings, ...points },
      )
      expect(third.report).toMatchObject({ created: 5_000, updated: 5_000, errors: 0 })

      const refused = await t.post(`/api/dataloader/${first.id}/undo`, {}, t.admin)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toMatch(
        /^Não é possível desfazer: 99\.988 feições foram alteradas depois da importação \(ids \d+(, \d+){9}, …\)\./,
      )
      const second5k = await t.post(`/api/dataloader/${second.id}/undo`, {}, t.admin)
      expect(second5k.statusCode).toBe(409)
      expect(second5k.json().message).toMatch(/^Não é possível desfazer: 5\.000 feições/)
      const other = await signIn(t.api, { username: 'demo', password: 'demo1234' })
      expect((await t.post(`/api/dataloader/${third.id}/undo`, {}, other)).statusCode).toBe(404)

      const undo = await t.post(`/api/dataloader/${third.id}/undo`, {}, t.admin)
      expectStatus(undo, 202)
      expect((await waitDone(t, third.id, t.admin)).status).toBe('COMPLETE')
      expect(await live()).toBe(ROWS + 99_988)
      const restored = (await feature('L-297000'))!
      expect(restored).toMatchObject({ nome: 'Lote 297000 revisto', d: false })
      expect((await entries(restored.id)).at(-1)).toEqual({
        action: 'U',
        application: `importação #${third.id} desfeita`,
        changed: { nome: 'Lote 297000 revisto' },
      })
      const removed = (await feature('L-302000'))!
      expect(removed.d).toBe(true)
      expect((await entries(removed.id)).map((e) => e.action)).toEqual(['I', 'D'])
      const job = (await t.get(`/api/dataloader/${third.id}`, t.admin)).json()
      expect(job.undone).toMatchObject({ by: 'admin' })
      const again = await t.post(`/api/dataloader/${third.id}/undo`, {}, t.admin)
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe('Esta importação já foi desfeita.')
    })
  },
)

describe(
  'a moderated user’s import: one approval of its rows, decided in bulk',
  { timeout: budget(600_000) },
  () => {
    const N = 2_000
    const placas = (from: number, estado: (i: number) => string) => {
      const lines = ['codigo;rodovia;km;estado;lon;lat']
      for (let i = from; i < from + N; i++) {
        lines.push(
          `R-${i};SP-IMP;${br(i / 10)};${estado(i)};-47,${String(i).padStart(5, '0')};-22,5`,
        )
      }
      return lines.join('\n')
    }
    const body = {
      destinyType: 0,
      layerName: 'placas',
      mappings: [
        { source: 'codigo', destiny: 'codigo_ctb' },
        { source: 'rodovia', destiny: 'rodovia' },
        { source: 'km', destiny: 'km' },
        { source: 'estado', destiny: 'estado' },
      ],
      ...points,
    }
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM data.placas WHERE rodovia = 'SP-IMP'",
        )
      ).rows[0]!.n

    it('submits the rows as one approval; the administrator filters and approves them all', async () => {
      const campo = await signIn(t.api, { username: 'campo', password: 'campo1234' })
      // One row's estado is not of the layer's domain: its own error, not submitted.
      const done = await run(
        campo,
        'placas-campo.csv',
        placas(0, (i) => (i === 5 ? 'Péssimo' : 'Bom')),
        body,
      )
      expect(done.report).toEqual({ created: 0, updated: 0, pending: N - 1, errors: 1, success: 0 })
      expect(
        (await t.get(`/api/dataloader/${done.id}/data?page=5&limit=1`, campo)).json().data[0],
      ).toMatchObject({
        status: 'E',
        message: 'estado: Selecione uma das opções',
      })
      expect(await count()).toBe(0)
      const approvals = (await t.get('/api/approvals/all?filter=placas-campo.csv', t.admin)).json()
      expect(approvals).toHaveLength(1)
      const approval = approvals[0]
      expect(approval).toMatchObject({
        description: `Importação de placas-campo.csv no layer Sinalização vertical (${N.toLocaleString('pt-BR')} linhas)`,
        itemsTotal: N - 1,
        status: 'PENDING',
      })
      const page = (
        await t.get(
          `/api/approvals/${approval.id}/items?page=0&limit=10&action=INSERT&status=PENDING`,
          t.admin,
        )
      ).json()
      expect(page.rowCount).toBe(N - 1)
      expect(page.data[0]).toMatchObject({
        action: 'INSERT',
        data: { codigo_ctb: 'R-0', estado: 'Bom', km: 0 },
      })
      const none = (
        await t.get(`/api/approvals/${approval.id}/items?page=0&limit=10&action=UPDATE`, t.admin)
      ).json()
      expect(none.rowCount).toBe(0)

      const decided = await t.post(
        `/api/approvals/${approval.id}/decide`,
        { decision: 'ACCEPTED', action: 'INSERT' },
        t.admin,
      )
      expectStatus(decided, 200)
      expect(decided.json()).toEqual({ decided: N - 1, conflicts: 0 })
      expect(await count()).toBe(N - 1)
      const header = (await t.get(`/api/approvals/${approval.id}`, t.admin)).json()
      expect(header).toMatchObject({ itemsAccepted: N - 1, status: 'REVIEWED' })
      const audit = await t.db.query<{
        username: string
        approved_by: string
        item: number | null
      }>(
        `SELECT a.username, a.approved_by, a.approval_item_id::float8 AS item FROM app.audit_log a
        JOIN data.placas p ON p.id = a.feature_id
       WHERE a.table_name = 'placas' AND p.codigo_ctb = 'R-1999'`,
      )
      expect(audit.rows).toEqual([
        { username: 'campo', approved_by: 'admin', item: expect.any(Number) },
      ])
      // Decided already: nothing more.
      const again = await t.post(
        `/api/approvals/${approval.id}/decide`,
        { decision: 'ACCEPTED' },
        t.admin,
      )
      expect(again.json()).toEqual({ decided: 0, conflicts: 0 })
    })

    it('rejects every item of another import at once, applying nothing', async () => {
      const campo = await signIn(t.api, { username: 'campo', password: 'campo1234' })
      const done = await run(
        campo,
        'placas-campo-2.csv',
        placas(10_000, () => 'Regular'),
        body,
      )
      expect(done.report.pending).toBe(N)
      const approval = (
        await t.get('/api/approvals/all?filter=placas-campo-2.csv', t.admin)
      ).json()[0]
      const rejected = await t.post(
        `/api/approvals/${approval.id}/decide`,
        { decision: 'REJECTED', reason: 'Levantamento repetido' },
        t.admin,
      )
      expect(rejected.json()).toEqual({ decided: N, conflicts: 0 })
      expect(await count()).toBe(N - 1)
      const forbidden = await t.post(
        `/api/approvals/${approval.id}/decide`,
        { decision: 'ACCEPTED' },
        campo,
      )
      expect(forbidden.statusCode).toBe(403)
    })
  },
)
