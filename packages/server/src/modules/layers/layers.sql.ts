import type {
  Extent,
  FieldFormat,
  LayerAttribute,
  LayerDomain,
  LayerGeometryType,
  LayerStyle,
  LayoutGroup,
} from '@gis/shared'
import type { Queryable } from '../../db/types'

/** One layer of the catalogue as the server uses it. */
export interface CatalogueLayer {
  id: number
  name: string
  title: string
  tableSchema: string
  tableName: string
  geometryType: LayerGeometryType
  queryable: boolean
  managed: boolean
  /** The user's fields (system fields are implied). */
  attributes: LayerAttribute[]
  layout: LayoutGroup[]
  fieldsFormat: FieldFormat[]
  domains: Record<string, LayerDomain>
  style: LayerStyle
  extent: Extent | null
  dataVersion: number
  dataChangedAt: Date
  legendVersion: number
}

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
}

const COLUMNS = `id, name, title, table_schema, table_name, geometry_type, queryable, managed,
  attributes, layout, fields_format, domains, style, extent, data_version, data_changed_at,
  legend_version`

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
  }
}

export async function listLayers(db: Queryable): Promise<CatalogueLayer[]> {
  const { rows } = await db.query<LayerRow>(`SELECT ${COLUMNS} FROM app.layers ORDER BY title, id`)
  return rows.map(toLayer)
}

export async function dataVersions(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; data_version: number }>(
    'SELECT name, data_version FROM app.layers',
  )
  return new Map(rows.map((r) => [r.name, r.data_version]))
}

export async function dataVersion(db: Queryable, name: string): Promise<number | undefined> {
  const { rows } = await db.query<{ data_version: number }>(
    'SELECT data_version FROM app.layers WHERE name = $1',
    [name],
    { prepare: true },
  )
  return rows[0]?.data_version
}

export interface TreeNodeRow {
  id: number
  parent_id: number | null
  type: 'folder' | 'layer' | 'layerBase'
  name: string
  title: string
  layer_name: string | null
  base_layer_id: number | null
  base_active: boolean | null
  radio_group: string | null
  visible: boolean
  opacity: number
}

export async function treeNodes(db: Queryable): Promise<TreeNodeRow[]> {
  const { rows } = await db.query<TreeNodeRow>(
    `SELECT n.id, n.parent_id, n.type, n.name, n.title, l.name AS layer_name, n.base_layer_id,
            b.active AS base_active, n.radio_group, n.visible, n.opacity
       FROM app.layer_tree_nodes n
       LEFT JOIN app.layers l ON l.id = n.layer_id
       LEFT JOIN app.base_layers b ON b.id = n.base_layer_id
      ORDER BY n.sort_order, n.id`,
  )
  return rows
}
