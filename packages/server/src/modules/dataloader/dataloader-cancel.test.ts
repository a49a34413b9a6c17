import { describe, expect, it } from 'vitest'
import {
  lotesCsv,
  lotesMappings as mappings,
  pointsFromLonLat as points,
  runImport,
  uploadImport,
  waitDone,
} from '../../../test/dataloader'
import { expectStatus, useTestApp } from '../../../test/harness'
import { budget } from '../../../test/slowdown'

/**
 * A running import cancelled (issue 43) leaves nothing half-applied: batches of 2,000 rows so the
 * cancel lands after some were written, by key (updates and inserts), the layer compared whole.
 */

const t = useTestApp({ config: { importBatchRows: 2_000 } })
const LAYER = 'lotes_cancela'

const checksum = async () =>
  (
    await t.db.query<{ sum: string; n: number }>(
      `SELECT md5(string_agg(codigo || nome || km::text || d_e_l_e_t_::text || ST_AsText(geom), ','
                  ORDER BY id)) AS sum, count(*)::int AS n
         FROM data.${LAYER}`,
    )
  ).rows[0]!

const history = async () =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM app.audit_log WHERE table_schema = 'data' AND table_name = $1`,
      [LAYER],
    )
  ).rows[0]!.n

describe('a cancelled import', { timeout: budget(600_000) }, () => {
  it('leaves the layer as it was: what its batches wrote is taken back', async () => {
    const first = await runImport(
      t,
      t.admin,
      'lotes.csv',
      lotesCsv(0, 10_000, (i) => `Lote ${i}`),
      {
        destinyType: 1,
        layerName: LAYER,
        layerTitle: 'Lotes (cancelamento)',
        mappings,
        spatializeGeometry: 'point',
        ...points,
      },
    )
    expect(first.report).toMatchObject({ created: 10_000, errors: 0 })
    const before = await checksum()
    const entriesBefore = await history()

    // Rows 5,000..44,999: the first 5,000 exist (renamed), the others are new.
    const up = await uploadImport(
      t,
      'lotes-2.csv',
      lotesCsv(5_000, 45_000, (i) => `Lote ${i} cancelado`),
      t.admin,
    )
    expect(up.status).toBe(201)
    expectStatus(
      await t.post(
        `/api/dataloader/${up.body.id}/execute`,
        { destinyType: 0, layerName: LAYER, mappings, ...points },
        t.admin,
      ),
      202,
    )
    // Once a batch is written, the user cancels.
    for (;;) {
      const s = (await t.get(`/api/dataloader/${up.body.id}/status`, t.admin)).json()
      expect(s.status).not.toBe('COMPLETE')
      if (s.counts.written > 0) break
      await new Promise((r) => setTimeout(r, 10))
    }
    expectStatus(await t.post(`/api/dataloader/${up.body.id}/cancel`, {}, t.admin), 200)
    const end = await waitDone(t, up.body.id, t.admin)
    expect(end).toMatchObject({
      status: 'CANCELLED',
      message: 'Importação cancelada: nada do que ela gravou foi mantido.',
    })

    // The live features as before; what was inserted is there only soft-deleted, each change
    // taken back through history (the history of the cancel says so).
    const after = await t.db.query<{ sum: string }>(
      `SELECT md5(string_agg(codigo || nome || km::text || d_e_l_e_t_::text || ST_AsText(geom), ','
                  ORDER BY id)) AS sum
         FROM data.${LAYER} WHERE NOT d_e_l_e_t_`,
    )
    expect(after.rows[0]!.sum).toBe(before.sum)
    const renamed = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data.${LAYER} WHERE nome LIKE '%cancelado' AND NOT d_e_l_e_t_`,
    )
    expect(renamed.rows[0]!.n).toBe(0)
    const undone = await t.db.query<{ application: string }>(
      `SELECT DISTINCT application FROM app.audit_log
        WHERE table_schema = 'data' AND table_name = $1`,
      [LAYER],
    )
    expect(undone.rows.map((r) => r.application).sort()).toEqual(
      [
        `importação #${first.id}`,
        `importação #${up.body.id}`,
        `importação #${up.body.id} cancelada`,
      ].sort(),
    )
    expect(await history()).toBeGreaterThan(entriesBefore)

    expect((await t.get(`/api/dataloader/${up.body.id}/report`, t.admin)).json()).toMatchObject({
      created: 0,
      updated: 0,
      errors: 0,
    })
    expect((await t.post(`/api/dataloader/${up.body.id}/cancel`, {}, t.admin)).statusCode).toBe(409)
    // The layer takes a new import afterwards as any other.
    const again = await runImport(
      t,
      t.admin,
      'lotes-3.csv',
      lotesCsv(10_000, 10_010, (i) => `Lote ${i}`),
      { destinyType: 0, layerName: LAYER, mappings, ...points },
    )
    expect(again.report).toMatchObject({ created: 10, errors: 0 })
  })
})
