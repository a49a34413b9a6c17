import { z } from 'zod'
import type { MessageKey } from '../i18n/messages'
import { ATTRIBUTE_TYPES, type AttributeType } from './attribute-types'

/** Geometry types of a layer with geometry (all stored in EPSG:4326). */
export const GEOMETRY_TYPES = [
  'point',
  'multipoint',
  'linestring',
  'multilinestring',
  'polygon',
  'multipolygon',
] as const
/** A layer is TABULAR (no geometry) or has one of the six geometry types. */
export const LAYER_GEOMETRY_TYPES = ['TABULAR', ...GEOMETRY_TYPES] as const
export type GeometryType = (typeof GEOMETRY_TYPES)[number]
export type LayerGeometryType = (typeof LAYER_GEOMETRY_TYPES)[number]

export { ATTRIBUTE_TYPES, type AttributeType } from './attribute-types'

/**
 * Columns every layer table has, in this order, before the user's fields (`geom` only when the
 * layer has a geometry): the one list. `titleKey` names the label in the message catalogue;
 * `internal` fields (the soft-delete flag) are never offered by the OGC services.
 */
export const SYSTEM_FIELDS = [
  { name: 'id', type: 'number', titleKey: 'layers.field.id', internal: false },
  { name: 'uuid', type: 'string', titleKey: 'layers.field.uuid', internal: false },
  { name: 'geom', type: 'geometry', titleKey: 'layers.field.geom', internal: false },
  { name: 'd_e_l_e_t_', type: 'boolean', titleKey: 'layers.field.deleted', internal: true },
  { name: 'm_o_d_i_f_', type: 'datetime', titleKey: 'layers.field.modified', internal: false },
] as const satisfies readonly {
  name: string
  type: AttributeType
  titleKey: MessageKey
  internal: boolean
}[]
export type SystemFieldName = (typeof SYSTEM_FIELDS)[number]['name']
export const SYSTEM_FIELD_NAMES: readonly string[] = SYSTEM_FIELDS.map((f) => f.name)

/** Opacity of a layer in the tree: 0 (transparent) to 255 (opaque, the default). */
export const MAX_OPACITY = 255

export const layerAttributeSchema = z.object({
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  maxLength: z.number().int().nullable(),
  title: z.string(),
  tooltip: z.string(),
})
export type LayerAttribute = z.infer<typeof layerAttributeSchema>

export const layoutFieldSchema = z.object({
  name: z.string(),
  title: z.string(),
  visible: z.boolean(),
})
export const layoutGroupSchema = z.object({
  title: z.string(),
  fields: z.array(layoutFieldSchema),
})
export type LayoutGroup = z.infer<typeof layoutGroupSchema>

export const fieldFormatSchema = layerAttributeSchema.pick({
  name: true,
  title: true,
  tooltip: true,
})
export type FieldFormat = z.infer<typeof fieldFormatSchema>

/** A value list (selectable) or a file/photo field, keyed by attribute name. */
export const layerDomainSchema = z.object({
  title: z.string(),
  type: z.enum(['selectable', 'file', 'photo']),
  values: z.array(z.union([z.string(), z.number()])),
})
export type LayerDomain = z.infer<typeof layerDomainSchema>

const color = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/)

export const strokeStyleSchema = z.object({ color, width: z.number().min(0).max(20) })
export const pointStyleSchema = z.object({
  shape: z.enum(['circle', 'square', 'triangle']),
  radius: z.number().min(1).max(30),
})
export const styleClassSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]),
  label: z.string(),
  fill: color.optional(),
  stroke: strokeStyleSchema.optional(),
})

/** How a layer is drawn: the map and the WMS legend read the same style. */
export const layerStyleSchema = z.object({
  fill: color.optional(),
  stroke: strokeStyleSchema.optional(),
  point: pointStyleSchema.optional(),
  categories: z.object({ attribute: z.string(), classes: z.array(styleClassSchema) }).optional(),
  label: z
    .object({ attribute: z.string(), minZoom: z.number().int().min(0).max(24).optional() })
    .optional(),
})
export type LayerStyle = z.infer<typeof layerStyleSchema>

/** [minx, miny, maxx, maxy] in EPSG:4326 (longitude, latitude). */
export const extentSchema = z.tuple([z.number(), z.number(), z.number(), z.number()])
export type Extent = z.infer<typeof extentSchema>

/** What the map and the feature forms need to know about a layer (GET /api/config/layers). */
export const layerDescriptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  layout: z.array(layoutGroupSchema),
  attributes: z.array(layerAttributeSchema),
  fieldsFormat: z.array(fieldFormatSchema),
  domains: z.record(z.string(), layerDomainSchema),
  geometryType: z.enum(LAYER_GEOMETRY_TYPES),
  queryable: z.boolean(),
  managed: z.boolean(),
  style: layerStyleSchema,
  extent: extentSchema.nullable(),
  /** Changes on every edit of the layer's table; tile URLs carry it as `v`. */
  dataVersion: z.number(),
  legendVersion: z.number(),
  /** The text field an administrator chose to name the features in lists; null: the default rule. */
  displayField: z.string().nullable(),
  /** The field that names the features in lists (the chosen one or the default rule's); null: none. */
  labelField: z.string().nullable(),
  /** Its vector tiles are served to anyone, signed in or not, and cacheable by a CDN. */
  public: z.boolean(),
})
export type LayerDescription = z.infer<typeof layerDescriptionSchema>

/** The catalogue record of a layer (GET /api/layers): the description plus where it lives. */
export const layerRecordSchema = layerDescriptionSchema.extend({
  table: z.string(),
  dataChangedAt: z.string(),
})
export type LayerRecord = z.infer<typeof layerRecordSchema>

export const LAYER_TREE_NODE_TYPES = ['folder', 'layer', 'layerBase'] as const

export interface LayerTreeNode {
  id: number
  name: string
  managedName: string | null
  title: string
  type: (typeof LAYER_TREE_NODE_TYPES)[number]
  managed: boolean
  visibility: boolean
  opacity: number
  extent: Extent | null
  legendVersion: number
  /** Nodes sharing a radio group: turning one on turns the others off. */
  radioGroup: string | null
  geometryType: LayerGeometryType | null
  dataVersion: number | null
  baseLayerId: number | null
  children: LayerTreeNode[]
}

export const layerTreeNodeSchema: z.ZodType<LayerTreeNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    managedName: z.string().nullable(),
    title: z.string(),
    type: z.enum(LAYER_TREE_NODE_TYPES),
    managed: z.boolean(),
    visibility: z.boolean(),
    opacity: z.number().int().min(0).max(MAX_OPACITY),
    extent: extentSchema.nullable(),
    legendVersion: z.number(),
    radioGroup: z.string().nullable(),
    geometryType: z.enum(LAYER_GEOMETRY_TYPES).nullable(),
    dataVersion: z.number().nullable(),
    baseLayerId: z.number().nullable(),
    children: z.array(layerTreeNodeSchema),
  }),
)

export const BASE_LAYER_TYPES = ['osm', 'wms', 'geojson', 'xyz'] as const

export const baseLayerSchema = z.object({
  id: z.number(),
  type: z.enum(BASE_LAYER_TYPES),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  /** Shown when the map opens (one base layer is). */
  visible: z.boolean(),
  /** Offered to users (GET /api/base-layers/active). */
  active: z.boolean(),
  group: z.string().nullable(),
  zmin: z.number().int().nullable(),
  zmax: z.number().int().nullable(),
  zindex: z.number().int(),
  /** Source options by type: wms (layers, tiled, transparent, version, serverType), xyz (projection). */
  options: z.record(z.string(), z.unknown()),
})
export type BaseLayer = z.infer<typeof baseLayerSchema>

export const mapConfigSchema = z.object({
  /** Start extent [minx, miny, maxx, maxy] in the map projection (EPSG:3857). */
  mapStartPos: extentSchema,
  /** The same extent in EPSG:4326. */
  mapStartPosLonLat: extentSchema,
  projection: z.literal('EPSG:3857'),
})
export type MapConfig = z.infer<typeof mapConfigSchema>
