import type { AttributeType, LayerGeometryType } from '@gis/shared'
import type { Queryable } from '../../db/types'

/** A user field of a layer table: its catalogue entry and its SQL column type. */
export interface LayerFieldDef {
  name: string
  type: AttributeType
  sqlType: string
  title: string
  maxLength?: number
  tooltip?: string
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/

/** Quotes an identifier that was validated against the catalogue (or by IDENTIFIER). */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid identifier: ${name}`)
  return `"${name}"`
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

/**
 * Creates a layer table in schema data with the system columns (id, uuid, geom, d_e_l_e_t_,
 * m_o_d_i_f_) and the user's fields. Triggers are attached separately (attachLayerTriggers),
 * so that a bulk load of initial data is neither audited nor versioned row by row.
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
    ...fields.map((f) => {
      if (!SQL_TYPES.test(f.sqlType)) throw new Error(`invalid column type: ${f.sqlType}`)
      return `${quoteIdent(f.name)} ${f.sqlType}`
    }),
  ]
  const table = `data.${quoteIdent(name)}`
  await db.exec(`CREATE TABLE ${table} (${columns.join(', ')})`)
  if (geometryType !== 'TABULAR') {
    await db.exec(`CREATE INDEX ${quoteIdent(`${name}_geom`)} ON ${table} USING gist (geom)`)
  }
  await db.exec(`CREATE INDEX ${quoteIdent(`${name}_live`)} ON ${table} (id) WHERE NOT d_e_l_e_t_`)
}

/** The audit trigger (row) and the data-version trigger (statement) of a layer table. */
export async function attachLayerTriggers(db: Queryable, name: string): Promise<void> {
  await db.query('SELECT app.attach_layer_triggers($1, $2)', ['data', name])
}
