// An import's execution: the checks, a new destination layer, and the job that writes each row
// through the feature API's own insert and update.
import {
  isSubmittedForApproval,
  layerRegisterSchema,
  t,
  type FieldDefinition,
  type ImportExecuteBody,
  type TableGeometry,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Db } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import { JobFailure, type JobHandler } from '../../jobs/job-queue'
import * as featureSql from '../../layer-data/features.sql'
import { parseFieldValue, SQL_CAST } from '../../layer-data/values'
import { columnSql, layerFields, tableSql, type CatalogueLayer } from '../../layer-data/model'
import * as features from '../features/features.service'
import { registerLayer } from '../layers/layers-admin.service'
import { createTable } from '../schema/schema.service'
import { layerAccess } from '../features/layer-access'
import type { Cell, ColumnType } from './dataloader-files'
import * as sql from './dataloader.sql'
import {
  ownImport,
  refuseWhileRunning,
  toJob,
  type ImportJob,
  type ImportStatus,
  type User,
} from './dataloader.service'

/** The job type of an import's execution. */
export const DATALOADER_JOB = 'dataloader.execute'
/** Rows written between two progress reports and status updates. */
const BATCH = 100

/**
 * Checks an execution against the import and the layer: the destination must be a layer the
 * caller may write (create or update), sources columns of the file, destinations fields of the
 * layer used once, one key at most, coordinates and source attribute columns of the file.
 */
async function checkExecution(db: Db, user: User, job: ImportJob, body: ImportExecuteBody) {
  const { layer, perms } = await layerAccess(db, user, body.layerName)
  if (!perms.createFeature && !perms.updateFeature) {
    throw new HttpError(403, t('dataloader.noWritePermission'))
  }
  const columns = new Set(job.metadata.columnNames)
  const fields = new Map(layerFields(layer).map((f) => [f.name, f]))
  const used = new Set<string>()
  const errors: FieldError[] = []
  const mapped = body.mappings.filter((m) => m.destiny)
  mapped.forEach((m, i) => {
    const field = `mappings.${i}`
    if (!columns.has(m.source)) {
      errors.push({ field, message: t('dataloader.unknownSource', { name: m.source }) })
    }
    if (m.oldPrimaryKeySource && !columns.has(m.oldPrimaryKeySource)) {
      errors.push({
        field,
        message: t('dataloader.unknownSource', { name: m.oldPrimaryKeySource }),
      })
    }
    const f = fields.get(m.destiny!)
    if (!f || f.type === 'geometry' || (f.system && !(f.name === 'id' && m.primaryKey))) {
      errors.push({ field, message: t('dataloader.unknownDestiny', { name: m.destiny! }) })
    }
    if (used.has(m.destiny!)) {
      errors.push({ field, message: t('dataloader.destinyTwice', { name: m.destiny! }) })
    }
    used.add(m.destiny!)
  })
  if (!mapped.length) errors.push({ field: 'mappings', message: t('dataloader.nothingMapped') })
  if (mapped.filter((m) => m.primaryKey).length > 1) {
    errors.push({ field: 'mappings', message: t('dataloader.oneKey') })
  }
  if (body.spatializeType === 'source-attribute' && body.spatializeMode !== 'none') {
    const source = body.spatializeSourceAttribute
    if (!source) {
      errors.push({
        field: 'spatializeSourceAttribute',
        message: t('dataloader.needSourceAttribute'),
      })
    } else if (!columns.has(source)) {
      errors.push({
        field: 'spatializeSourceAttribute',
        message: t('dataloader.unknownSource', { name: source }),
      })
    }
  }
  if (body.spatializeType === 'generate' && body.spatializeMode !== 'none') {
    const need = /point/.test(layer.geometryType) ? 1 : /line/.test(layer.geometryType) ? 2 : 3
    const key =
      need === 1
        ? 'dataloader.needPoint'
        : need === 2
          ? 'dataloader.needLine'
          : 'dataloader.needPolygon'
    if (body.spatializeVertices.length < need) {
      errors.push({ field: 'spatializeVertices', message: t(key) })
    }
    for (const v of body.spatializeVertices) {
      for (const name of [v.x, v.y]) {
        if (!columns.has(name)) {
          errors.push({
            field: 'spatializeVertices',
            message: t('dataloader.unknownSource', { name }),
          })
        }
      }
    }
  }
  if (errors.length) throw new HttpError(400, t('features.validationErrors'), errors)
  return layer
}

const FIELD_TYPE_OF: Record<ColumnType, FieldDefinition['type']> = {
  STRING: 'string',
  NUMBER: 'double',
  BOOLEAN: 'boolean',
  DATE: 'datetime',
  GEOMETRY_WKT: 'string',
}

const TABLE_GEOMETRY_OF: Record<string, TableGeometry> = {
  point: 'Point',
  linestring: 'LineString',
  polygon: 'Polygon',
  multipoint: 'MultiPoint',
  multilinestring: 'MultiLineString',
  multipolygon: 'MultiPolygon',
}

/**
 * NOVO LAYER (destinyType 1, administrators: it creates a table as the control panel does):
 * a table named layerName with one field per mapped column (typed by the column), the
 * geometry type chosen in the vector settings (none: tabular), registered as a layer titled
 * layerTitle. The file's columns are checked first, so a bad mapping creates nothing.
 */
async function createDestination(db: Db, user: User, job: ImportJob, body: ImportExecuteBody) {
  if (!user.admin) throw new HttpError(403, t('dataloader.newLayerAdminOnly'))
  const mapped = body.mappings.filter((m) => m.destiny && m.destiny !== 'id')
  const errors: FieldError[] = []
  mapped.forEach((m, i) => {
    if (!(m.source in job.metadata.columnIndexes)) {
      errors.push({
        field: `mappings.${i}`,
        message: t('dataloader.unknownSource', { name: m.source }),
      })
    }
  })
  if (!mapped.length) errors.push({ field: 'mappings', message: t('dataloader.nothingMapped') })
  if (errors.length) throw new HttpError(400, t('features.validationErrors'), errors)
  const geometry =
    body.spatializeType === 'none' || body.spatializeMode === 'none'
      ? 'Tabular'
      : (TABLE_GEOMETRY_OF[body.spatializeGeometry ?? ''] ?? 'Tabular')
  await createTable(db, {
    name: body.layerName,
    geometry,
    fields: mapped.map((m) => ({
      name: m.destiny!,
      type: FIELD_TYPE_OF[job.metadata.columnTypes[m.source] ?? 'STRING'] ?? 'string',
      notNull: false,
    })),
  })
  await registerLayer(
    db,
    layerRegisterSchema.parse({ table: body.layerName, title: body.layerTitle || body.layerName }),
  )
}

interface ExecutePayload {
  importId: number
  userId: number
  address: string
  port: number | null
}

/** Starts the execution job (it cannot be cancelled once started). */
export async function execute(
  deps: AppDeps,
  caller: features.Caller,
  id: number,
  body: ImportExecuteBody,
): Promise<{ id: number; status: ImportStatus }> {
  const row = await ownImport(deps.db, caller.user, id)
  await refuseWhileRunning(deps, row)
  if (body.destinyType === 1) await createDestination(deps.db, caller.user, toJob(row), body)
  await checkExecution(deps.db, caller.user, toJob(row), body)
  await sql.resetRows(deps.db, id)
  await sql.setExecution(deps.db, id, body, null)
  const payload: ExecutePayload = {
    importId: id,
    userId: caller.user.id,
    address: caller.address,
    port: caller.port,
  }
  const jobId = await deps.jobs.enqueue(DATALOADER_JOB, payload, caller.user.id)
  await sql.setExecution(deps.db, id, body, jobId)
  return { id, status: 'QUEUED' }
}

// ---- the execution ---------------------------------------------------------------------------

const blank = (v: Cell | undefined) => v === null || v === undefined || String(v).trim() === ''

function coordinate(cells: Cell[], index: number, name: string): number {
  const raw = cells[index]
  const n =
    typeof raw === 'number'
      ? raw
      : Number(
          String(raw ?? '')
            .trim()
            .replace(',', '.'),
        )
  if (blank(raw) || !Number.isFinite(n)) throw new RowError(t('dataloader.badCoordinate', { name }))
  return n
}

/** The geometry of spec 2 §5 built from the longitude/latitude column pairs. */
export function generatedWkt(type: string, points: [number, number][]): string {
  const list = (ps: [number, number][]) => ps.map(([x, y]) => `${x} ${y}`).join(', ')
  const ring = () => {
    const [first] = points
    const last = points[points.length - 1]!
    return first![0] === last[0] && first![1] === last[1] ? points : [...points, first!]
  }
  switch (type) {
    case 'point':
      return `POINT(${list(points.slice(0, 1))})`
    case 'multipoint':
      return `MULTIPOINT(${points.map((p) => `(${list([p])})`).join(', ')})`
    case 'linestring':
      return `LINESTRING(${list(points)})`
    case 'multilinestring':
      return `MULTILINESTRING((${list(points)}))`
    case 'polygon':
      return `POLYGON((${list(ring())}))`
    default:
      return `MULTIPOLYGON(((${list(ring())})))`
  }
}

class RowError extends Error {}

/** A type-appropriate form of a cell for the feature API's value rules. */
function attributeValue(layer: CatalogueLayer, field: string, raw: Cell): unknown {
  if (raw === null) return null
  const type = layerFields(layer).find((f) => f.name === field)?.type
  if (type === 'boolean' && typeof raw === 'string') return raw.trim().toLowerCase()
  if (type === 'number' && typeof raw === 'string' && /^\s*-?\d+,\d+\s*$/.test(raw)) {
    return raw.replace(',', '.').trim()
  }
  if (type === 'datetime' && typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim())) {
    return `${raw.trim()}T00:00:00Z`
  }
  if (type === 'date' && typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw)) {
    return raw.slice(0, 10)
  }
  if ((type === 'date' || type === 'datetime' || type === 'string') && typeof raw !== 'string') {
    return type === 'string' ? raw : String(raw)
  }
  return raw
}

function errorMessage(err: unknown): string {
  if (err instanceof RowError) return err.message
  if (err instanceof features.FeatureConflict) return err.message
  if (err instanceof HttpError) {
    const details = err.errors?.map((e) => `${e.field}: ${e.message}`).join('; ')
    return details ? `${err.message} ${details}` : err.message
  }
  return t('dataloader.rowFailed')
}

async function findByKey(
  db: Db,
  layer: CatalogueLayer,
  field: string,
  raw: Cell,
): Promise<number | undefined> {
  let where: string
  let value: unknown
  if (field === 'id') {
    const id = Number(String(raw).trim())
    if (!Number.isSafeInteger(id)) {
      throw new RowError(t('dataloader.keyNotFound', { field, value: String(raw) }))
    }
    where = 't.id = $1::bigint'
    value = id
  } else {
    const type = layerFields(layer).find((f) => f.name === field)?.type
    if (!type || type === 'geometry')
      throw new RowError(t('dataloader.unknownDestiny', { name: field }))
    const parsed = parseFieldValue(type, attributeValue(layer, field, raw))
    if (!parsed.ok) throw new RowError(`${field}: ${t(parsed.key, parsed.params)}`)
    where = `${columnSql({ name: field })} = $1::${SQL_CAST[type]}`
    value = parsed.value
  }
  const { rows } = await db.query<{ id: number }>(
    `SELECT t.id::bigint AS id FROM ${tableSql(layer)} t WHERE ${where} AND NOT t.d_e_l_e_t_
     ORDER BY t.id LIMIT 2`,
    [value],
  )
  if (rows.length > 1) {
    throw new RowError(t('dataloader.keyAmbiguous', { field, value: String(raw) }))
  }
  return rows[0] ? Number(rows[0].id) : undefined
}

/** Writes one row through the feature API's write path: answers its status and message. */
async function writeRow(
  db: Db,
  caller: features.Caller,
  layer: CatalogueLayer,
  job: ImportJob,
  config: ImportExecuteBody,
  cells: Cell[],
): Promise<{ status: string; message: string | null }> {
  const index = job.metadata.columnIndexes
  const mapped = config.mappings.filter((m) => m.destiny)
  const key = mapped.find((m) => m.primaryKey)
  const attributes: Record<string, unknown> = {}
  for (const m of mapped) {
    if (m.destiny === 'id') continue
    attributes[m.destiny!] = attributeValue(layer, m.destiny!, cells[index[m.source]!] ?? null)
  }
  let wkt: string | null | undefined
  if (config.spatializeMode !== 'none') {
    if (config.spatializeType === 'source-attribute' && config.spatializeSourceAttribute) {
      const raw = cells[index[config.spatializeSourceAttribute]!]
      wkt = blank(raw) ? undefined : String(raw).trim()
    } else if (config.spatializeType === 'generate') {
      const points = config.spatializeVertices.map(
        (v) =>
          [coordinate(cells, index[v.x]!, v.x), coordinate(cells, index[v.y]!, v.y)] as [
            number,
            number,
          ],
      )
      wkt = generatedWkt(layer.geometryType, points)
    }
  }
  let existing: number | undefined
  if (key) {
    const lookupColumn = key.oldPrimaryKeySource ?? key.source
    const value = cells[index[lookupColumn]!] ?? null
    if (!blank(value)) {
      existing = await findByKey(db, layer, key.destiny!, value)
      if (existing === undefined && key.destiny === 'id') {
        throw new RowError(t('dataloader.keyNotFound', { field: 'id', value: String(value) }))
      }
    }
  }
  if (existing === undefined) {
    const done = await features.insertFeature(db, caller, layer.name, {
      attributes,
      geom: wkt ?? null,
    })
    return isSubmittedForApproval(done)
      ? { status: 'P', message: t('dataloader.submitted') }
      : { status: 'C', message: null }
  }
  const current = await featureSql.readFeature(db, layer, existing)
  if (!current) throw new RowError(t('features.notFound'))
  const withGeom = config.spatializeMode === 'all' && wkt !== undefined
  const done = await features.updateFeature(
    db,
    caller,
    layer.name,
    existing,
    { attributes, version: current.version, ...(withGeom ? { geom: wkt } : {}) },
    withGeom,
  )
  return isSubmittedForApproval(done)
    ? { status: 'P', message: t('dataloader.submitted') }
    : { status: 'U', message: null }
}

/** The job: every row in order, statuses recorded each batch, progress reported. */
export function executeJobHandler(deps: AppDeps): JobHandler<ExecutePayload, { rows: number }> {
  return async (ctx) => {
    const { db } = deps
    const row = await sql.findImport(db, ctx.payload.importId)
    if (!row) throw new JobFailure(t('dataloader.notFound'))
    const job = toJob(row)
    const config = job.config!
    const { rows: users } = await db.query<{ id: number; username: string; admin: boolean }>(
      'SELECT id::int AS id, username, admin FROM app.users WHERE id = $1',
      [ctx.payload.userId],
    )
    if (!users[0]) throw new JobFailure(t('dataloader.notFound'))
    const caller: features.Caller = {
      user: users[0],
      address: ctx.payload.address,
      port: ctx.payload.port,
    }
    const { layer } = await layerAccess(db, caller.user, config.layerName).catch(() => {
      throw new JobFailure(t('layers.notFoundOrDenied'))
    })
    for (let offset = 0; offset < job.rowCount; offset += BATCH) {
      if (ctx.signal.aborted) return { rows: offset }
      const page = await sql.rowsPage(db, job.id, BATCH, offset)
      const results: { row: number; status: string; message: string | null }[] = []
      for (const r of page) {
        if (r.status.trim() !== 'P') continue
        try {
          results.push({
            row: r.row_no,
            ...(await writeRow(db, caller, layer, job, config, r.data)),
          })
        } catch (err) {
          results.push({ row: r.row_no, status: 'E', message: errorMessage(err) })
        }
      }
      await sql.setRowStatuses(db, job.id, results)
      await ctx.progress(Math.min(offset + BATCH, job.rowCount), job.rowCount)
    }
    return { rows: job.rowCount }
  }
}
