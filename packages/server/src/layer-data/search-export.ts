import type { Db, Queryable } from '../db/types'
import { layerRead } from './layer-read'
import { columnSql, tableSql, type CatalogueLayer, type LayerField } from './model'
import { jsonColumnSql, orderBySql, searchWhere, type SearchSpec, type SortSpec } from './search'
import { inlineParams, SqlParams } from './where'

/**
 * The rows of a search as an export reads them: the chosen fields in order, the geometry as
 * the format needs it, every row the search selects (not a page), in the search's order.
 *
 * - `json`: values as the search answers them (dates and times as text, date-times in UTC);
 * - `gdal-text`: the same, date-times as GDAL reads them (`YYYY-MM-DD hh:mm:ss.sss+00`), for
 *   the CSV a GDAL conversion reads;
 * - `gdal-native`: the columns with their own SQL types, for GDAL reading the database itself.
 */
export type ExportValues = 'json' | 'gdal-text' | 'gdal-native'

export interface ExportQuery {
  layer: CatalogueLayer
  /** Attribute columns, in this order (the geometry goes by `geometry`). */
  fields: readonly LayerField[]
  /** How the geometry comes (named `geom`): not at all, as WKT, as KML, or as a geometry. */
  geometry: 'none' | 'wkt' | 'kml' | 'native'
  values: ExportValues
  /** Texts that a spreadsheet would run as a formula get a leading apostrophe (in SQL). */
  neutralise?: boolean
  /** Date-times (ISO text in UTC) and times as text, for formats without those types (shapefile). */
  temporalAsText?: boolean
  spec: SearchSpec
  sort: SortSpec
  /**
   * The EPSG code the geometries are written in (a served system, checked by the export's
   * schema); absent or 4326, the stored system: no transformation. KML is always 4326.
   */
  srid?: number
}

/** Column name of the geometry in every export statement. */
export const EXPORT_GEOMETRY = 'geom'

/** The system layer tables keep their geometries in. */
const STORED_SRID = 4326

/**
 * The row's geometry in the export's system: PostGIS's ST_Transform (PROJ) from the stored
 * EPSG:4326, or the column itself. The code is an integer of the served list, written as is.
 */
export function exportGeometrySql(q: Pick<ExportQuery, 'srid'>, alias = 't'): string {
  const col = `${alias}.geom`
  if (q.srid === undefined || q.srid === STORED_SRID) return col
  if (!Number.isSafeInteger(q.srid)) throw new Error(`not an EPSG code: ${q.srid}`)
  return `ST_Transform(${col}, ${q.srid})`
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** A text that starts a formula, neutralised in SQL (the same rule as `neutraliseFormula`). */
function neutralisedSql(text: string): string {
  return `CASE WHEN left(${text}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${text} ELSE ${text} END`
}

function valueSql(field: LayerField, q: ExportQuery): string {
  if (q.temporalAsText && (field.type === 'datetime' || field.type === 'time')) {
    return jsonColumnSql(field)
  }
  if (q.values === 'gdal-native') {
    const col = columnSql(field)
    if (field.name === 'uuid') return `${col}::text`
    // Milliseconds, as the search answers them.
    if (field.type === 'datetime') return `date_trunc('milliseconds', ${col})`
    if (field.type === 'string' && q.neutralise) return neutralisedSql(`${col}::text`)
    return col
  }
  if (q.values === 'gdal-text' && field.type === 'datetime') {
    return `to_char(${columnSql(field)} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') || '+00'`
  }
  const json = jsonColumnSql(field)
  return field.type === 'string' && q.neutralise ? neutralisedSql(json) : json
}

function geometrySql(q: ExportQuery): string | undefined {
  switch (q.geometry) {
    case 'none':
      return undefined
    case 'wkt':
      return `ST_AsText(${exportGeometrySql(q)})`
    case 'kml':
      // KML is WGS 84 by definition (ST_AsKML transforms to 4326 anyway).
      return `ST_AsKML(t.geom, 15)`
    case 'native':
      return exportGeometrySql(q)
  }
}

/** The columns an export statement answers, in order. */
export function exportColumns(q: ExportQuery): string[] {
  const names = q.fields.map((f) => f.name)
  return q.geometry === 'none' ? names : [...names, EXPORT_GEOMETRY]
}

/** The SELECT of an export: every selected row, ordered as the search orders them. */
export function exportSelectSql(q: ExportQuery, params: SqlParams): string {
  const where = searchWhere(q.layer, q.spec, params)
  const columns = q.fields.map((f) => `${valueSql(f, q)} AS ${quoted(f.name)}`)
  const geometry = geometrySql(q)
  if (geometry) columns.push(`${geometry} AS ${quoted(EXPORT_GEOMETRY)}`)
  return `SELECT ${columns.join(', ')} FROM ${layerRead(q.layer).from} WHERE ${where} ${orderBySql(
    q.layer,
    q.sort,
  )}`
}

/**
 * The SELECT of an export whose rows PostgreSQL formats itself: one text column `name`
 * (`line`, an expression over `t`, with `lateral` joined beside the table), every selected row
 * in the search's order.
 */
export function exportLineSql(
  q: ExportQuery,
  params: SqlParams,
  line: string,
  name: string,
  lateral = '',
): string {
  const where = searchWhere(q.layer, q.spec, params)
  return `SELECT ${line} AS ${name} FROM ${layerRead(q.layer).from}${lateral} WHERE ${where} ${orderBySql(q.layer, q.sort)}`
}

/**
 * The export's SELECT as one text with literal values, for a tool that reads the database
 * itself (`ogr2ogr PG: -sql`). Every value is written by `sqlLiteral`; identifiers are the
 * catalogue's, quoted.
 */
export function exportStatementText(q: ExportQuery): string {
  const params = new SqlParams()
  return inlineParams(exportSelectSql(q, params), params.values)
}

/** How many rows the search selects. */
export async function countMatching(
  db: Queryable,
  layer: CatalogueLayer,
  spec: SearchSpec,
): Promise<number> {
  const params = new SqlParams()
  const where = searchWhere(layer, spec, params)
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM ${tableSql(layer)} t WHERE ${where}`,
    params.values,
  )
  return rows[0]!.n
}

/** The SQL type of each column of a layer table (`numeric(9,3)`, `character varying(12)`, …). */
export async function columnSqlTypes(
  db: Queryable,
  layer: CatalogueLayer,
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; type: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
    [tableSql(layer)],
  )
  return new Map(rows.map((r) => [r.name, r.type]))
}

export type ExportRow = Record<string, unknown>

export interface BatchOptions {
  batchSize?: number
  /**
   * The statement of the rows (default `exportSelectSql`): it must start with `SELECT ` and
   * read the layer table as `t`. The line writers use it to have PostgreSQL format each row.
   */
  select?: (q: ExportQuery, params: SqlParams) => string
  /** Stops between batches (the server is shutting down). */
  signal?: AbortSignal
}

const DEFAULT_BATCH = 2000

/**
 * Hands every row of an export to `onBatch`, a batch at a time, in the search's order, and
 * answers how many there were. Each statement is short, within the statement budget:
 * - PostgreSQL: a cursor in a read-only transaction on one connection of its own (a
 *   consistent snapshot; FETCH by batch);
 * - the embedded database (one backend for everyone): the ordered ids first, then the rows
 *   by batches of ids, so that the map and the API keep answering between statements.
 */
export async function forEachExportBatch(
  db: Db,
  q: ExportQuery,
  onBatch: (rows: ExportRow[]) => Promise<void>,
  opts: BatchOptions = {},
): Promise<number> {
  const size = opts.batchSize ?? DEFAULT_BATCH
  const selectSql = opts.select ?? exportSelectSql
  if (db.kind === 'postgres') {
    return db.session(async (conn) => {
      const params = new SqlParams()
      const select = selectSql(q, params)
      await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      try {
        await conn.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${select}`, params.values)
        let total = 0
        for (;;) {
          opts.signal?.throwIfAborted()
          const { rows } = await conn.query<ExportRow>(`FETCH ${size} FROM export_rows`)
          if (rows.length === 0) break
          total += rows.length
          await onBatch(rows)
          if (rows.length < size) break
        }
        await conn.query('COMMIT')
        return total
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined)
        throw err
      }
    })
  }
  const idParams = new SqlParams()
  const where = searchWhere(q.layer, q.spec, idParams)
  const { rows: idRows } = await db.query<{ id: number }>(
    `SELECT t.id FROM ${tableSql(q.layer)} t WHERE ${where} ${orderBySql(q.layer, q.sort)}`,
    idParams.values,
  )
  const ids = idRows.map((r) => r.id)
  // Batches of ids stay small: each is one statement on the embedded database's one backend.
  const idBatch = Math.min(size, DEFAULT_BATCH)
  for (let start = 0; start < ids.length; start += idBatch) {
    opts.signal?.throwIfAborted()
    const chunk = ids.slice(start, start + idBatch)
    const params = new SqlParams()
    const select = selectSql(
      { ...q, spec: { ids: chunk }, sort: { field: 'id', descending: false } },
      params,
    )
    // The id orders the rows back into the search's order; it is dropped again below.
    const { rows } = await db.query<ExportRow & { __id: number }>(
      select.replace(/^SELECT /, 'SELECT t.id AS "__id", '),
      params.values,
    )
    const position = new Map(chunk.map((id, i) => [id, i]))
    rows.sort((a, b) => position.get(a.__id)! - position.get(b.__id)!)
    await onBatch(
      rows.map((r) => {
        const { __id: _id, ...rest } = r
        return rest
      }),
    )
  }
  return ids.length
}

/** Whether a text column of the export holds a carriage return in one of its rows. */
export async function holdsCarriageReturn(db: Db, q: ExportQuery): Promise<boolean> {
  const texts = q.fields.filter((f) => f.type === 'string')
  if (texts.length === 0) return false
  const params = new SqlParams()
  const where = searchWhere(q.layer, q.spec, params)
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${tableSql(q.layer)} t WHERE (${where}) AND (${texts
      .map((f) => `strpos(${columnSql(f)}::text, chr(13)) > 0`)
      .join(' OR ')})) AS found`,
    params.values,
  )
  return rows[0]?.found === true
}

/**
 * Each row's box as four doubles (one NaN: no geometry), in the export's order, in one bytea:
 * the spatial index of a GeoPackage export built by us (decision 58).
 */
export function exportBoxesStatement(q: ExportQuery): { text: string; values: unknown[] } {
  const params = new SqlParams()
  const where = searchWhere(q.layer, q.spec, params)
  // The boxes of the geometries as written: in the export's system, transformed once a row.
  return {
    text: `SELECT string_agg(CASE WHEN t.geom IS NULL OR ST_IsEmpty(t.geom) THEN '\\x7ff8000000000000'::bytea
                  ELSE float8send(ST_XMin(bx.b)) || float8send(ST_XMax(bx.b))
                    || float8send(ST_YMin(bx.b)) || float8send(ST_YMax(bx.b)) END,
                  ''::bytea ${orderBySql(q.layer, q.sort)}) AS boxes
             FROM ${tableSql(q.layer)} t
             CROSS JOIN LATERAL (SELECT ${exportGeometrySql(q)}::box3d AS b) bx
            WHERE ${where}`,
    values: params.values,
  }
}
