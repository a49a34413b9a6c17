import {
  DEFAULT_INSPECTION_LAYER,
  INSPECTION_LAYER_SETTING,
  inspectionToday,
  type BridgeRow,
  type BridgeSearchBody,
  type BridgeStatus,
  type InspectionSummary,
  type SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { layerAccess, withFilterErrors, type LayerAccess } from '../../layer-data/layer-access'
import { readSetting } from '../config/config.sql'
import { bridgeDues, type BridgeDues, type PeriodicType } from './inspections-due'
import * as sql from './inspections.sql'

/**
 * The register of the bridges: each readable live bridge of the inspection layer with its
 * latest accepted inspection, worst note, dues and status (inspections-due.ts). Computed here
 * for every bridge a filter selects, then filtered by status, sorted and paged: a concession
 * has hundreds of bridges, not millions.
 */

type User = Pick<SessionUser, 'id' | 'admin'>

/** The inspection layer's name (setting 'inspectionLayer', default 'oae'). */
export async function inspectionLayerName(db: Queryable): Promise<string> {
  const name = await readSetting<string>(db, INSPECTION_LAYER_SETTING)
  return typeof name === 'string' && name ? name : DEFAULT_INSPECTION_LAYER
}

/** The inspection layer and the caller's flags on it; 404 when the caller may not read it. */
export async function inspectionLayer(db: Queryable, user: User): Promise<LayerAccess> {
  return layerAccess(db, user, await inspectionLayerName(db))
}

export async function periodicTypes(db: Queryable): Promise<PeriodicType[]> {
  return (await sql.listTypes(db)).flatMap((ty) =>
    ty.periodicity_months === null
      ? []
      : [{ id: ty.id, name: ty.name, periodicityMonths: ty.periodicity_months }],
  )
}

export interface RegisterRow extends BridgeRow {
  dues: BridgeDues['dues']
}

/** The register's rows of the bridges `filter` selects (one bridge with `id`). */
export async function registerRows(
  db: Queryable,
  access: LayerAccess,
  opts: { filter?: unknown; id?: number; today?: string } = {},
): Promise<RegisterRow[]> {
  const { layer } = access
  const today = opts.today ?? inspectionToday()
  const [features, types, byType, latest, pending] = await Promise.all([
    withFilterErrors(() => sql.bridgeFeatures(db, layer, { filter: opts.filter, id: opts.id })),
    periodicTypes(db),
    sql.acceptedLatestByType(db, layer.name),
    sql.acceptedLatest(db, layer.name, opts.id),
    sql.pendingByBridge(db, layer.name),
  ])
  const typeDates = new Map<number, Map<number, string>>()
  for (const r of byType) {
    let m = typeDates.get(r.feature_id)
    if (!m) typeDates.set(r.feature_id, (m = new Map()))
    m.set(r.type_id, r.date)
  }
  const latestOf = new Map(latest.map((r) => [r.feature_id, r]))
  const pendingOf = new Map(pending.map((r) => [r.feature_id, r.n]))
  return features.map((f) => {
    const last = latestOf.get(f.id)
    const dues = bridgeDues(types, typeDates.get(f.id) ?? new Map(), last?.date ?? null, today)
    return {
      featureId: f.id,
      codigo: f.codigo,
      codigoArtesp: f.codigo_artesp,
      tipo: f.tipo,
      rodovia: f.rodovia,
      km: f.km === null ? null : Number(f.km),
      sentido: f.sentido,
      lon: f.lon === null ? null : Number(f.lon),
      lat: f.lat === null ? null : Number(f.lat),
      last: last
        ? {
            id: last.id,
            date: last.date,
            type: last.type,
            structural: last.structural,
            functional: last.functional,
            durability: last.durability,
          }
        : null,
      worstNote: last ? Math.min(last.structural, last.functional, last.durability) : null,
      nextDue: dues.nextDue,
      nextDueType: dues.nextDueType,
      status: dues.status,
      pending: pendingOf.get(f.id) ?? 0,
      dues: dues.dues,
    }
  })
}

/** A register row as the API answers it (without the dues). */
export function bridgeRow(r: RegisterRow): BridgeRow {
  const { dues: _dues, ...row } = r
  return row
}

const STATUS_ORDER: Record<BridgeStatus, number> = {
  OVERDUE: 0,
  NEVER: 1,
  DUE_30: 2,
  DUE_90: 3,
  OK: 4,
}

type Key = string | number | null
const SORT_KEYS: Record<string, (r: RegisterRow) => Key> = {
  codigo: (r) => r.codigo,
  tipo: (r) => r.tipo,
  rodovia: (r) => r.rodovia,
  km: (r) => r.km,
  sentido: (r) => r.sentido,
  lastDate: (r) => r.last?.date ?? null,
  worstNote: (r) => r.worstNote,
  nextDue: (r) => r.nextDue,
  status: (r) => STATUS_ORDER[r.status],
}

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' })

/** Sorts rows by a sort name (`-` descends); empty values last, then by feature id. */
export function sortRows(rows: RegisterRow[], sort = 'codigo'): RegisterRow[] {
  const descending = sort.startsWith('-')
  const key = SORT_KEYS[descending ? sort.slice(1) : sort] ?? SORT_KEYS.codigo!
  const sign = descending ? -1 : 1
  return rows.sort((a, b) => {
    const x = key(a)
    const y = key(b)
    if (x === null && y !== null) return 1
    if (y === null && x !== null) return -1
    let c = 0
    if (x !== null && y !== null) {
      c =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : collator.compare(String(x), String(y))
    }
    return c !== 0 ? sign * c : sign * (a.featureId - b.featureId)
  })
}

/** Keeps the rows of the statuses asked for (none: all) and, with `pending`, those waiting. */
export function filterRows(
  rows: RegisterRow[],
  status: BridgeStatus | BridgeStatus[] | undefined,
  pending?: boolean,
): RegisterRow[] {
  const wanted = status === undefined ? undefined : new Set([status].flat())
  return rows.filter((r) => (!wanted || wanted.has(r.status)) && (!pending || r.pending > 0))
}

/** POST /bridges/search: one page of the rows and the total. */
export async function searchBridges(
  db: Queryable,
  user: User,
  body: Required<Pick<BridgeSearchBody, 'page' | 'size'>> & BridgeSearchBody,
): Promise<{ rows: BridgeRow[]; total: number }> {
  const access = await inspectionLayer(db, user)
  const all = filterRows(
    await registerRows(db, access, { filter: body.filter }),
    body.status,
    body.pending,
  )
  const sorted = sortRows(all, body.sort)
  const start = body.page * body.size
  return { rows: sorted.slice(start, start + body.size).map(bridgeRow), total: all.length }
}

/** GET /summary over the readable live bridges. */
export async function summary(db: Queryable, user: User): Promise<InspectionSummary> {
  const access = await inspectionLayer(db, user)
  const [rows, years] = await Promise.all([
    registerRows(db, access),
    sql.acceptedByYear(db, access.layer.name),
  ])
  const count = (s: BridgeStatus) => rows.filter((r) => r.status === s).length
  const byWorstNote = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, none: 0 }
  const overdueByType = new Map<string, number>()
  for (const r of rows) {
    if (r.worstNote === null) byWorstNote.none++
    else byWorstNote[String(r.worstNote) as '1'] += 1
    if (r.status === 'OVERDUE') {
      for (const d of r.dues) {
        if (d.status === 'OVERDUE') overdueByType.set(d.type, (overdueByType.get(d.type) ?? 0) + 1)
      }
    }
  }
  const live = new Set(rows.map((r) => r.featureId))
  const byYear = new Map<number, number>()
  for (const y of years) {
    if (live.has(y.feature_id)) byYear.set(y.year, (byYear.get(y.year) ?? 0) + y.n)
  }
  return {
    layer: access.layer.name,
    total: rows.length,
    overdue: count('OVERDUE'),
    never: count('NEVER'),
    due30: count('DUE_30'),
    due90: count('DUE_90'),
    ok: count('OK'),
    pending: rows.reduce((n, r) => n + r.pending, 0),
    byWorstNote,
    overdueByType: [...overdueByType].map(([type, n]) => ({ type, count: n })),
    inspectionsByYear: [...byYear]
      .sort((a, b) => a[0] - b[0])
      .map(([year, n]) => ({ year, count: n })),
  }
}
