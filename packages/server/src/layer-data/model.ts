import {
  SYSTEM_FIELDS,
  t,
  type AttributeType,
  type Extent,
  type FieldFormat,
  type LayerAttribute,
  type LayerDomain,
  type LayerGeometryType,
  type LayerStyle,
  type LayoutGroup,
} from '@gis/shared'

/** One layer of the catalogue (`app.layers`) as the server uses it. */
export interface CatalogueLayer {
  id: number
  name: string
  title: string
  tableSchema: string
  tableName: string
  geometryType: LayerGeometryType
  queryable: boolean
  managed: boolean
  /** The user's fields (system fields are implied: see layerFields). */
  attributes: LayerAttribute[]
  layout: LayoutGroup[]
  fieldsFormat: FieldFormat[]
  domains: Record<string, LayerDomain>
  style: LayerStyle
  extent: Extent | null
  dataVersion: number
  dataChangedAt: Date
  legendVersion: number
  /** The text field an administrator chose to name the features in lists (null: default rule). */
  displayField: string | null
  /** Its tiles are served to anyone, cacheable by a CDN (decision 85). */
  public: boolean
}

/** A column of a layer table: a system field or one of the user's. */
export interface LayerField {
  name: string
  type: AttributeType
  system: boolean
  /** Never offered outside the features API (the soft-delete flag). */
  internal: boolean
  maxLength: number | null
  title: string
  tooltip: string
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/

/** Quotes an identifier that was validated against the catalogue (or by IDENTIFIER). */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid identifier: ${name}`)
  return `"${name}"`
}

/** The layer's table, quoted: `"data"."oae"`. */
export function tableSql(layer: Pick<CatalogueLayer, 'tableSchema' | 'tableName'>): string {
  return `${quoteIdent(layer.tableSchema)}.${quoteIdent(layer.tableName)}`
}

/** A column of the layer table under an alias, quoted: `t."km"`. */
export function columnSql(field: Pick<LayerField, 'name'>, alias = 't'): string {
  return `${alias}.${quoteIdent(field.name)}`
}

const fieldCache = new WeakMap<
  CatalogueLayer,
  { list: LayerField[]; byName: Map<string, LayerField> }
>()

function fieldsEntry(layer: CatalogueLayer) {
  let entry = fieldCache.get(layer)
  if (!entry) {
    const list: LayerField[] = [
      ...SYSTEM_FIELDS.filter((f) => f.name !== 'geom' || layer.geometryType !== 'TABULAR').map(
        (f): LayerField => ({
          name: f.name,
          type: f.type,
          system: true,
          internal: f.internal,
          maxLength: null,
          title: t(f.titleKey),
          tooltip: '',
        }),
      ),
      ...layer.attributes.map((a): LayerField => ({
        name: a.name,
        type: a.type,
        system: false,
        internal: false,
        maxLength: a.maxLength,
        title: a.title,
        tooltip: a.tooltip,
      })),
    ]
    entry = { list, byName: new Map(list.map((f) => [f.name, f])) }
    fieldCache.set(layer, entry)
  }
  return entry
}

/**
 * Every column of a layer table: the system fields first (`id`, `uuid`, `geom` unless the layer
 * is TABULAR, `d_e_l_e_t_`, `m_o_d_i_f_`), then the user's fields in catalogue order.
 */
export function layerFields(layer: CatalogueLayer): readonly LayerField[] {
  return fieldsEntry(layer).list
}

/** The fields a client outside the features API may name: all but the internal ones. */
export function publicFields(layer: CatalogueLayer): LayerField[] {
  return layerFields(layer).filter((f) => !f.internal)
}

/** One field by name; internal fields only when asked for. */
export function fieldOf(
  layer: CatalogueLayer,
  name: string,
  opts: { internal?: boolean } = {},
): LayerField | undefined {
  const field = fieldsEntry(layer).byName.get(name)
  return field && (!field.internal || opts.internal) ? field : undefined
}

/** The system fields of a layer as catalogue attributes (the JSON descriptions list them first). */
export function systemAttributes(layer: CatalogueLayer): LayerAttribute[] {
  return layerFields(layer)
    .filter((f) => f.system)
    .map((f) => ({ name: f.name, type: f.type, maxLength: null, title: f.title, tooltip: '' }))
}
