// One row of an import written through the feature API's own insert and update.
import { isSubmittedForApproval, t, type ImportExecuteBody, type MessageKey } from '@gis/shared'
import type { Caller } from '../../auth/caller'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import * as featureSql from '../../layer-data/features.sql'
import { columnSql, layerFields, type CatalogueLayer } from '../../layer-data/model'
import { parseFieldValue, SQL_CAST } from '../../layer-data/values'
import { FeatureConflict, type FeatureService } from '../features/features.service'
import type { Cell } from './dataloader-files'
import type { ImportJob } from './dataloader.service'
import {
  readBoolean,
  readDate,
  readDateTime,
  readNumber,
  saoPauloDateTime,
  type NumberStyle,
} from './dataloader-values'

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

/**
 * A cell in the form the feature API's value rules take, read as the file wrote it (decision
 * 90): a number in the column's style (`1.234,5` or `1234.5`), a date `15/03/2026`,
 * `2026-03-15` or `2026/03/15`, a date-time with its time (São Paulo's when it has no zone),
 * `sim`/`não`. A text that does not read as the field's type is this row's error, naming the
 * forms accepted, never a guess.
 */
function attributeValue(
  layer: CatalogueLayer,
  field: string,
  raw: Cell,
  style: NumberStyle,
): unknown {
  if (raw === null) return null
  const type = layerFields(layer).find((f) => f.name === field)?.type
  if (typeof raw !== 'string' || raw.trim() === '') {
    if ((type === 'date' || type === 'datetime' || type === 'string') && typeof raw !== 'string') {
      return type === 'string' ? raw : String(raw)
    }
    return raw
  }
  const refuse = (key: MessageKey) => {
    throw new RowError(`${field}: ${t(key, { value: raw.trim().slice(0, 40) })}`)
  }
  switch (type) {
    case 'number':
      return (
        readNumber(raw, style) ??
        refuse(style === 'br' ? 'dataloader.badBrNumber' : 'dataloader.badPointNumber')
      )
    case 'boolean':
      return readBoolean(raw) ?? refuse('dataloader.badBoolean')
    case 'date': {
      const day = readDate(raw) ?? readDateTime(raw)?.slice(0, 10)
      return day ?? refuse('dataloader.badDate')
    }
    case 'datetime': {
      const moment = readDateTime(raw) ?? readDate(raw)
      return moment ? saoPauloDateTime(moment) : refuse('dataloader.badDateTime')
    }
    default:
      return raw
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof RowError) return err.message
  if (err instanceof FeatureConflict) return err.message
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
  style: NumberStyle,
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
    const parsed = parseFieldValue(type, attributeValue(layer, field, raw, style))
    if (!parsed.ok) throw new RowError(`${field}: ${t(parsed.key, parsed.params)}`)
    where = `${columnSql({ name: field })} = $1::${SQL_CAST[type]}`
    value = parsed.value
  }
  const ids = await featureSql.idsWhere(db, layer, where, value)
  if (ids.length > 1) {
    throw new RowError(t('dataloader.keyAmbiguous', { field, value: String(raw) }))
  }
  return ids[0]
}

/** Writes one row through the feature API's write path: answers its status and message. */
export async function writeRow(
  db: Db,
  features: FeatureService,
  caller: Caller,
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
    const style = job.metadata.numberStyles?.[m.source] ?? 'point'
    attributes[m.destiny!] = attributeValue(
      layer,
      m.destiny!,
      cells[index[m.source]!] ?? null,
      style,
    )
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
      const style = job.metadata.numberStyles?.[lookupColumn] ?? 'point'
      existing = await findByKey(db, layer, key.destiny!, value, style)
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
