import { expect } from 'vitest'
import type { BridgeRow, BridgeStatus, InspectionInput } from '@gis/shared'
import { expectStatus, type SignedInApp } from './harness'
import { todayOf } from './today'

/** Helpers of the inspection tests: the expected register from the rows, photos. */

/** A date plus days and months, computed by the database (not by the code under test). */
export async function shift(t: SignedInApp, date: string, days: number, months = 0) {
  const { rows } = await t.db.query<{ d: string }>(
    `SELECT to_char(($1::date + make_interval(months => $3::int))::date + $2::int, 'YYYY-MM-DD') AS d`,
    [date, days, months],
  )
  return rows[0]!.d
}

export interface Expected {
  id: number
  status: BridgeStatus
  worst: number | null
  nextDue: string | null
  overdueTypes: string[]
}

/**
 * The expected status of every live demo bridge, from the rows and the rule of
 * docs/inspections.md, computed by the database's own date arithmetic.
 */
export async function expectedRegister(t: SignedInApp): Promise<Map<number, Expected>> {
  const today = await todayOf(t)
  const { rows } = await t.db.query<{
    id: number
    worst: number | null
    dues: { type: string; due: string }[] | null
  }>(
    `WITH acc AS (SELECT * FROM app.inspections
                   WHERE layer_name = 'oae' AND status = 'ACCEPTED' AND deleted_at IS NULL),
          last AS (SELECT DISTINCT ON (feature_id) feature_id, inspected_on,
                          least(structural, functional, durability) AS worst
                     FROM acc ORDER BY feature_id, inspected_on DESC, id DESC)
     SELECT b.id::int AS id, l.worst::int AS worst,
            (SELECT json_agg(json_build_object('type', ty.name, 'due', to_char(
                 coalesce((SELECT max(a.inspected_on) FROM acc a
                            WHERE a.feature_id = b.id AND a.type_id = ty.id), l.inspected_on)
                 + make_interval(months => ty.periodicity_months), 'YYYY-MM-DD')))
               FROM app.inspection_types ty WHERE ty.periodicity_months IS NOT NULL) AS dues
       FROM data.oae b LEFT JOIN last l ON l.feature_id = b.id
      WHERE NOT b.d_e_l_e_t_`,
  )
  const in30 = await shift(t, today, 30)
  const in90 = await shift(t, today, 90)
  const out = new Map<number, Expected>()
  for (const r of rows) {
    if (r.worst === null) {
      out.set(r.id, { id: r.id, status: 'NEVER', worst: null, nextDue: null, overdueTypes: [] })
      continue
    }
    const dues = (r.dues ?? []).filter((d) => d.due !== null)
    const next = dues.map((d) => d.due).sort()[0] ?? null
    const overdueTypes = dues.filter((d) => d.due < today).map((d) => d.type)
    const status: BridgeStatus =
      next === null
        ? 'OK'
        : next < today
          ? 'OVERDUE'
          : next <= in30
            ? 'DUE_30'
            : next <= in90
              ? 'DUE_90'
              : 'OK'
    out.set(r.id, { id: r.id, status, worst: r.worst, nextDue: next, overdueTypes })
  }
  return out
}

/** Every bridge of the register (one page of 1000). */
export async function allBridges(t: SignedInApp, body: object = {}): Promise<BridgeRow[]> {
  const res = await t.post('/api/inspections/bridges/search', { size: 1000, ...body }, t.admin)
  expectStatus(res, 200)
  return res.json<BridgeRow[]>()
}

export async function userId(t: SignedInApp, username: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    'SELECT id::int AS id FROM app.users WHERE lower(username) = $1',
    [username],
  )
  return rows[0]!.id
}

/** A content as POST /api/content would store it (the file itself is not read here). */
export async function photoContent(
  t: SignedInApp,
  username: string,
  tag = 'inspecoes/fotos',
): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO app.contents (tag, title, filename, content_type, size, storage_key, created_by)
     VALUES ($1, 'Foto', 'foto.jpg', 'image/jpeg', 1234, 'teste/foto.jpg', $2)
     RETURNING id::int AS id`,
    [tag, await userId(t, username)],
  )
  return rows[0]!.id
}

export async function typeId(t: SignedInApp, name: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    'SELECT id::int AS id FROM app.inspection_types WHERE name = $1',
    [name],
  )
  return rows[0]!.id
}

/** A valid inspection of a bridge. */
export function inspection(
  featureId: number,
  typeIdOf: number,
  date: string,
  over: Partial<InspectionInput> = {},
): InspectionInput {
  return {
    featureId,
    typeId: typeIdOf,
    date,
    inspector: 'Eng. Teste',
    structural: 4,
    functional: 3,
    durability: 4,
    recommendations: 'Manter a conservação.',
    anomalies: [],
    photos: [],
    ...over,
  }
}

/** The bridge's own inspection fields in the layer table. */
export async function bridgeFields(t: SignedInApp, id: number) {
  const { rows } = await t.db.query<{
    nota_estrutural: number | null
    nota_funcional: number | null
    nota_durabilidade: number | null
    ultima_inspecao: string | null
  }>(
    `SELECT nota_estrutural, nota_funcional, nota_durabilidade,
            to_char(ultima_inspecao, 'YYYY-MM-DD') AS ultima_inspecao FROM data.oae WHERE id = $1`,
    [id],
  )
  return rows[0]!
}

export async function inspectionCount(t: SignedInApp): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.inspections')
  return rows[0]!.n
}

export function expectRowsMatch(rows: BridgeRow[], expected: Map<number, Expected>): void {
  expect(rows.length).toBe(expected.size)
  for (const r of rows) {
    const e = expected.get(r.featureId)!
    expect({ id: r.featureId, status: r.status, worst: r.worstNote, nextDue: r.nextDue }).toEqual({
      id: e.id,
      status: e.status,
      worst: e.worst,
      nextDue: e.nextDue,
    })
  }
}
