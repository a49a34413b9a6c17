import type {
  Extent,
  FieldFormat,
  LayerAttribute,
  LayerDomain,
  LayerGeometryType,
  LayerStyle,
  LayoutGroup,
} from '@gis/shared'
import type { Queryable } from '../db/types'
import type { CatalogueLayer } from './model'

interface LayerRow {
  id: number
  name: string
  title: string
  table_schema: string
  table_name: string
  geometry_type: LayerGeometryType
  queryable: boolean
  managed: boolean
  attributes: LayerAttribute[]
  layout: LayoutGroup[]
  fields_format: FieldFormat[]
  domains: Record<string, LayerDomain>
  style: LayerStyle
  extent: number[] | null
  data_version: number
  data_changed_at: Date
  legend_version: number
  display_field: string | null
  public: boolean
}

const COLUMNS = `id, name, title, table_schema, table_name, geometry_type, queryable, managed,
  attributes, layout, fields_format, domains, style, extent, data_version, data_changed_at,
  legend_version, display_field, public`

function toLayer(r: LayerRow): CatalogueLayer {
  return {
    id: r.id,
    name: r.name,
    title: r.title,
    tableSchema: r.table_schema,
    tableName: r.table_name,
    geometryType: r.geometry_type,
    queryable: r.queryable,
    managed: r.managed,
    attributes: r.attributes,
    layout: r.layout,
    fieldsFormat: r.fields_format,
    domains: r.domains,
    style: r.style,
    extent: r.extent && r.extent.length === 4 ? (r.extent as Extent) : null,
    dataVersion: r.data_version,
    dataChangedAt: r.data_changed_at,
    legendVersion: r.legend_version,
    displayField: r.display_field,
    public: r.public,
  }
}

/** Every layer of the catalogue, by title. */
export async function listLayers(db: Queryable): Promise<CatalogueLayer[]> {
  const { rows } = await db.query<LayerRow>(`SELECT ${COLUMNS} FROM app.layers ORDER BY title, id`)
  return rows.map(toLayer)
}

/** A layer's current data version (prepared: read on every tile). */
export async function dataVersion(db: Queryable, name: string): Promise<number | undefined> {
  const { rows } = await db.query<{ data_version: number }>(
    'SELECT data_version FROM app.layers WHERE name = $1',
    [name],
    { prepare: true },
  )
  return rows[0]?.data_version
}

/** One layer of the catalogue by id, read now. */
export async function layerById(db: Queryable, id: number): Promise<CatalogueLayer | undefined> {
  const { rows } = await db.query<LayerRow>(`SELECT ${COLUMNS} FROM app.layers WHERE id = $1`, [id])
  return rows[0] ? toLayer(rows[0]) : undefined
}

/** One layer of the catalogue by name, read now. */
export async function layerByName(
  db: Queryable,
  name: string,
): Promise<CatalogueLayer | undefined> {
  const { rows } = await db.query<LayerRow>(`SELECT ${COLUMNS} FROM app.layers WHERE name = $1`, [
    name,
  ])
  return rows[0] ? toLayer(rows[0]) : undefined
}

/** What an administrator edits of a layer's catalogue entry. */
export interface LayerEntry {
  title: string
  queryable: boolean
  attributes: LayerAttribute[]
  layout: LayoutGroup[]
  fieldsFormat: FieldFormat[]
  domains: Record<string, LayerDomain>
  style: LayerStyle
  /** The text field naming the features in lists (null: the default rule); absent: unchanged. */
  displayField?: string | null
  /** Tiles served to anyone and cacheable by a CDN (decision 85); absent: unchanged. */
  public?: boolean
}

const json = (v: unknown) => JSON.stringify(v)

/** The entry's JSON columns as parameters, in the order both statements list them. */
const entryJson = (e: LayerEntry) => [
  json(e.attributes),
  json(e.layout),
  json(e.fieldsFormat),
  json(e.domains),
  json(e.style),
]

/** Registers a table of schema data (same name) as a layer; answers its id. */
export async function insertLayer(
  db: Queryable,
  name: string,
  geometryType: LayerGeometryType,
  e: LayerEntry,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.layers (name, title, table_schema, table_name, geometry_type, queryable,
       managed, attributes, layout, fields_format, domains, style)
     VALUES ($1, $2, 'data', $1, $3, $4, true, $5::text::jsonb, $6::text::jsonb, $7::text::jsonb,
             $8::text::jsonb, $9::text::jsonb)
     RETURNING id`,
    [name, e.title, geometryType, e.queryable, ...entryJson(e)],
  )
  return rows[0]!.id
}

/**
 * Writes a layer's editable entry; `legendChanged` moves its legend version (legend URLs carry
 * it, so clients fetch the new legend).
 */
export async function updateLayer(
  db: Queryable,
  id: number,
  e: LayerEntry,
  legendChanged: boolean,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE app.layers SET title = $2, queryable = $3, attributes = $4::text::jsonb,
            layout = $5::text::jsonb, fields_format = $6::text::jsonb, domains = $7::text::jsonb,
            style = $8::text::jsonb,
            display_field = CASE WHEN $10 THEN $11 ELSE display_field END,
            legend_version = legend_version + CASE WHEN $9 THEN 1 ELSE 0 END,
            -- A layer made public or private gets new tile URLs: no cache holds the old answer.
            data_version = data_version + CASE WHEN public IS DISTINCT FROM coalesce($12, public)
                                               THEN 1 ELSE 0 END,
            public = coalesce($12, public),
            updated_at = now()
      WHERE id = $1`,
    [
      id,
      e.title,
      e.queryable,
      ...entryJson(e),
      legendChanged,
      e.displayField !== undefined,
      e.displayField ?? null,
      e.public ?? null,
    ],
  )
  return rowCount > 0
}

/** Removes a layer from the catalogue (its tree nodes and group flags go with it). */
export async function deleteLayer(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM app.layers WHERE id = $1', [id])
  return rowCount > 0
}

/** Recomputes a layer's extent from its live features. */
export async function refreshExtent(db: Queryable, name: string): Promise<void> {
  await db.query('SELECT app.refresh_layer_extent($1)', [name])
}
