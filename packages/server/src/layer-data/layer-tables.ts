import { createHash } from 'node:crypto'
import {
  FIELD_DEFAULTS,
  MAX_NAME_BYTES,
  nameBytes,
  type AttributeType,
  type ColumnType,
  type FieldDefinition,
  type LayerGeometryType,
} from '@gis/shared'
import { likePattern } from '../db/like'
import type { Queryable } from '../db/types'
import { quoteIdent } from './model'

/**
 * Layer tables in schema data: creating them (with their system columns, indexes and
 * triggers), their columns, and the upkeep of an existing one (indexes, statistics). The
 * system columns an existing table gets when it is registered are in system-columns.ts.
 * Every identifier here was checked by the caller (names.ts rules) or comes from PostgreSQL's
 * own catalogue, and is quoted by quoteIdent.
 */

/** A user field of a layer table: its catalogue entry and its SQL column type. */
export interface LayerFieldDef {
  name: string
  type: AttributeType
  sqlType: string
  title: string
  maxLength?: number
  tooltip?: string
  notNull?: boolean
}

const POSTGIS_TYPES: Record<Exclude<LayerGeometryType, 'TABULAR'>, string> = {
  point: 'Point',
  multipoint: 'MultiPoint',
  linestring: 'LineString',
  multilinestring: 'MultiLineString',
  polygon: 'Polygon',
  multipolygon: 'MultiPolygon',
}

const SQL_TYPES =
  /^(text|varchar\(\d+\)|integer|bigint|double precision|numeric\(\d+,\d+\)|boolean|date|time|timestamptz)$/

/** The SQL type and catalogue attribute of a field of the 'Novo campo' dialog. */
export function fieldDef(f: FieldDefinition): LayerFieldDef {
  const base = { name: f.name, title: f.name, notNull: f.notNull }
  switch (f.type) {
    case 'string': {
      const length = f.length ?? FIELD_DEFAULTS.length
      return { ...base, type: 'string', sqlType: `varchar(${length})`, maxLength: length }
    }
    case 'integer':
      return { ...base, type: 'number', sqlType: 'integer' }
    case 'double':
      return { ...base, type: 'number', sqlType: 'double precision' }
    case 'numeric': {
      const precision = f.precision ?? FIELD_DEFAULTS.precision
      const scale = f.scale ?? Math.min(FIELD_DEFAULTS.scale, precision)
      return { ...base, type: 'number', sqlType: `numeric(${precision},${scale})` }
    }
    case 'date':
      return { ...base, type: 'date', sqlType: 'date' }
    case 'datetime':
      return { ...base, type: 'datetime', sqlType: 'timestamptz' }
    case 'boolean':
      return { ...base, type: 'boolean', sqlType: 'boolean' }
  }
}

function columnSql(f: LayerFieldDef): string {
  if (!SQL_TYPES.test(f.sqlType)) throw new Error(`invalid column type: ${f.sqlType}`)
  return `${quoteIdent(f.name)} ${f.sqlType}${f.notNull ? ' NOT NULL' : ''}`
}

/**
 * A name for an index of `table` that fits PostgreSQL's 63 bytes: `<table>_<suffix>`, or for a
 * long table name its start and a hash of the whole name.
 */
export function indexName(table: string, suffix: string): string {
  const plain = `${table}_${suffix}`
  if (nameBytes(plain) <= MAX_NAME_BYTES) return plain
  const hash = createHash('sha256').update(table).digest('hex').slice(0, 8)
  return `${table.slice(0, MAX_NAME_BYTES - suffix.length - hash.length - 2)}_${hash}_${suffix}`
}

/**
 * Creates a layer table in schema data with the system columns (id, uuid, geom, d_e_l_e_t_,
 * m_o_d_i_f_) and the user's fields, a GiST index on the geometry and an index of the live
 * rows. Triggers are attached separately (attachLayerTriggers), so that a bulk load of initial
 * data is neither audited nor versioned row by row.
 */
export async function createLayerTable(
  db: Queryable,
  name: string,
  geometryType: LayerGeometryType,
  fields: readonly LayerFieldDef[],
): Promise<void> {
  const columns = [
    'id bigserial PRIMARY KEY',
    'uuid uuid NOT NULL DEFAULT gen_random_uuid()',
    ...(geometryType === 'TABULAR' ? [] : [`geom geometry(${POSTGIS_TYPES[geometryType]}, 4326)`]),
    'd_e_l_e_t_ boolean NOT NULL DEFAULT false',
    'm_o_d_i_f_ timestamptz NOT NULL DEFAULT now()',
    ...fields.map(columnSql),
  ]
  await db.exec(`CREATE TABLE data.${quoteIdent(name)} (${columns.join(', ')})`)
  await ensureLayerIndexes(db, name, geometryType !== 'TABULAR')
}

/** The audit trigger (row) and the data-version trigger (statement) of a layer table. */
export async function attachLayerTriggers(db: Queryable, name: string): Promise<void> {
  await db.query('SELECT app.attach_layer_triggers($1, $2)', ['data', name])
}

/** The layer triggers (`audit`, `data_version`) a table of schema data lacks. */
export async function missingLayerTriggers(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ tgname: string }>(
    `SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'data' AND c.relname = $1 AND NOT t.tgisinternal`,
    [table],
  )
  const present = new Set(rows.map((r) => r.tgname))
  return ['audit', 'data_version'].filter((t) => !present.has(t))
}

/** Attaches whichever layer triggers the table lacks; answers their names. */
export async function ensureLayerTriggers(db: Queryable, table: string): Promise<string[]> {
  const missing = await missingLayerTriggers(db, table)
  const t = `data.${quoteIdent(table)}`
  if (missing.includes('audit')) {
    await db.exec(`CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON ${t}
                   FOR EACH ROW EXECUTE FUNCTION app.audit_trigger()`)
  }
  if (missing.includes('data_version')) {
    await db.exec(`CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t}
                   FOR EACH STATEMENT EXECUTE FUNCTION app.bump_layer_version()`)
  }
  return missing
}

// --- what PostgreSQL says about the tables of schema data -----------------------------------

/** Names of every relation of schema data (tables, views, indexes, sequences). */
export async function dataRelationNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'data'`,
  )
  return rows.map((r) => r.relname)
}

export async function tableExists(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'data' AND c.relname = $1 AND c.relkind IN ('r', 'p')`,
    [table],
  )
  return rows.length > 0
}

/** A column of a table of schema data. */
export interface ColumnInfo {
  name: string
  /** As PostgreSQL writes it: `character varying(32)`, `numeric(12,6)`, `geometry(Point,4326)`. */
  sqlType: string
  type: ColumnType
  notNull: boolean
  hasDefault: boolean
  length: number | null
  precision: number | null
  scale: number | null
  /** Geometry columns: PostGIS's type (`POINT`, `MULTIPOLYGON`, `GEOMETRY`) and SRID. */
  geometryType: string | null
  srid: number | null
}

function columnType(sqlType: string, typname: string): ColumnType {
  if (/^(character varying|character|text)\b/.test(sqlType)) return 'string'
  if (/^(integer|bigint|smallint)$/.test(sqlType)) return 'integer'
  if (/^(double precision|real)$/.test(sqlType)) return 'double'
  if (sqlType.startsWith('numeric')) return 'numeric'
  if (sqlType.startsWith('timestamp')) return 'datetime'
  if (sqlType === 'date') return 'date'
  if (sqlType.startsWith('time')) return 'time'
  if (sqlType === 'boolean') return 'boolean'
  if (sqlType === 'uuid') return 'uuid'
  if (typname === 'geometry') return 'geometry'
  return 'other'
}

/** The columns of a table of schema data, in their order; empty when there is no such table. */
export async function tableColumns(db: Queryable, table: string): Promise<ColumnInfo[]> {
  const { rows } = await db.query<{
    name: string
    sql_type: string
    typname: string
    not_null: boolean
    has_default: boolean
    geometry_type: string | null
    srid: number | null
  }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS sql_type, t.typname,
            a.attnotnull AS not_null, a.atthasdef AS has_default,
            g.type AS geometry_type, g.srid
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN geometry_columns g ON g.f_table_schema = 'data' AND g.f_table_name = c.relname
                                   AND g.f_geometry_column = a.attname
      WHERE n.nspname = 'data' AND c.relname = $1 AND c.relkind IN ('r', 'p')
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [table],
  )
  return rows.map((r) => {
    const type = columnType(r.sql_type, r.typname)
    const varchar = /^character(?: varying)?\((\d+)\)$/.exec(r.sql_type)
    const numeric = /^numeric\((\d+),(-?\d+)\)$/.exec(r.sql_type)
    return {
      name: r.name,
      sqlType: r.sql_type,
      type,
      notNull: r.not_null,
      hasDefault: r.has_default,
      length: varchar ? Number(varchar[1]) : null,
      precision: numeric ? Number(numeric[1]) : null,
      scale: numeric ? Number(numeric[2]) : null,
      geometryType: type === 'geometry' ? (r.geometry_type ?? 'GEOMETRY') : null,
      srid: type === 'geometry' ? (r.srid ?? 0) : null,
    }
  })
}

/** A table of schema data as the tables list shows it. */
export interface DataTableRow {
  name: string
  estimate: number
  fields: number
  geometry_type: string | null
  geometry_column: string | null
  srid: number | null
  layer_id: number | null
  layer_name: string | null
  layer_title: string | null
}

/** One page of the tables of schema data (name search with ILIKE) and the total. */
export async function listDataTables(
  db: Queryable,
  opts: { query?: string; orderBy: string; limit: number; offset: number; systemFields: string[] },
): Promise<{ rows: DataTableRow[]; total: number }> {
  const pattern = likePattern(opts.query)
  const from = `FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'data' AND c.relkind IN ('r', 'p') AND ($1::text IS NULL OR c.relname ILIKE $1)`
  const [page, total] = await Promise.all([
    db.query<DataTableRow>(
      `SELECT c.relname AS name, c.reltuples::float8 AS estimate,
              (SELECT count(*)::int FROM pg_attribute a
                WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                  AND NOT (a.attname = ANY($4::text[]))) AS fields,
              gc.type AS geometry_type, gc.f_geometry_column AS geometry_column, gc.srid,
              l.id AS layer_id, l.name AS layer_name, l.title AS layer_title
       ${from.replace(
         'FROM pg_class c',
         `FROM pg_class c
         LEFT JOIN LATERAL (SELECT g.type, g.f_geometry_column, g.srid FROM geometry_columns g
                             WHERE g.f_table_schema = 'data' AND g.f_table_name = c.relname
                             ORDER BY (g.f_geometry_column = 'geom') DESC LIMIT 1) gc ON true
         LEFT JOIN app.layers l ON l.table_schema = 'data' AND l.table_name = c.relname`,
       )}
       ${opts.orderBy}, c.relname LIMIT $2 OFFSET $3`,
      [pattern, opts.limit, opts.offset, opts.systemFields],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [pattern]),
  ])
  return { rows: page.rows, total: total.rows[0]?.n ?? 0 }
}

/**
 * Rows of a table: counted when PostgreSQL's estimate says it is small (or has none yet),
 * else the estimate (counting millions of rows for a list would take seconds).
 */
export async function tableRows(db: Queryable, table: string, estimate: number): Promise<number> {
  if (estimate >= 100_000) return Math.round(estimate)
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM data.${quoteIdent(table)}`,
  )
  return rows[0]?.n ?? 0
}

/** Whether the table has at least one row. */
export async function tableHasRows(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM data.${quoteIdent(table)} LIMIT 1`)
  return rows.length > 0
}

// --- changing a table -----------------------------------------------------------------------

export async function addColumn(db: Queryable, table: string, field: LayerFieldDef) {
  await db.exec(`ALTER TABLE data.${quoteIdent(table)} ADD COLUMN ${columnSql(field)}`)
}

export async function dropColumn(db: Queryable, table: string, column: string) {
  await db.exec(`ALTER TABLE data.${quoteIdent(table)} DROP COLUMN ${quoteIdent(column)}`)
}

/** Drops a table of schema data; objects that depend on it make it fail (RESTRICT). */
export async function dropTable(db: Queryable, table: string) {
  await db.exec(`DROP TABLE data.${quoteIdent(table)} RESTRICT`)
}

// --- upkeep (remapindex) --------------------------------------------------------------------

/** The indexes of a table of schema data: name and definition. */
export async function tableIndexes(
  db: Queryable,
  table: string,
): Promise<{ name: string; definition: string }[]> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'data' AND tablename = $1
      ORDER BY indexname`,
    [table],
  )
  return rows.map((r) => ({ name: r.indexname, definition: r.indexdef }))
}

const GEOMETRY_INDEX = /USING gist \(geom\)/i
const LIVE_INDEX = /WHERE \(?NOT d_e_l_e_t_\)?/i

/**
 * Creates the indexes every layer table should have and lacks (the GiST index of the
 * geometry, the index of live rows); answers the names created.
 */
export async function ensureLayerIndexes(
  db: Queryable,
  table: string,
  hasGeometry: boolean,
): Promise<string[]> {
  const indexes = await tableIndexes(db, table)
  const created: string[] = []
  const taken = new Set(await dataRelationNames(db))
  const free = (suffix: string) => {
    let name = indexName(table, suffix)
    for (let i = 1; taken.has(name); i++) name = indexName(table, `${suffix}${i}`)
    return name
  }
  const t = `data.${quoteIdent(table)}`
  if (hasGeometry && !indexes.some((i) => GEOMETRY_INDEX.test(i.definition))) {
    const name = free('geom')
    await db.exec(`CREATE INDEX ${quoteIdent(name)} ON ${t} USING gist (geom)`)
    created.push(name)
  }
  if (!indexes.some((i) => LIVE_INDEX.test(i.definition))) {
    const name = free('live')
    await db.exec(`CREATE INDEX ${quoteIdent(name)} ON ${t} (id) WHERE NOT d_e_l_e_t_`)
    created.push(name)
  }
  return created
}

/**
 * Drops the indexes ensureLayerIndexes makes (geometry, live rows) for a bulk load into an
 * empty table, which builds them once after.
 */
export async function dropLayerIndexes(db: Queryable, table: string): Promise<void> {
  const indexes = await tableIndexes(db, table)
  for (const i of indexes) {
    if (GEOMETRY_INDEX.test(i.definition) || LIVE_INDEX.test(i.definition)) {
      await db.exec(`DROP INDEX data.${quoteIdent(i.name)}`)
    }
  }
}

/** Refreshes the planner's statistics of a table (after a bulk load). */
export async function analyzeTable(db: Queryable, table: string): Promise<void> {
  await db.exec(`ANALYZE data.${quoteIdent(table)}`)
}

/** Rebuilds every index of the table and refreshes the planner's statistics. */
export async function reindexAndAnalyze(db: Queryable, table: string): Promise<void> {
  const t = `data.${quoteIdent(table)}`
  await db.exec(`REINDEX TABLE ${t}`)
  await db.exec(`ANALYZE ${t}`)
}
