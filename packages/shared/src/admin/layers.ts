import { z } from 'zod'
import { requiredText } from '../auth/schemas'
import { t } from '../i18n/messages'
import {
  extentSchema,
  LAYER_GEOMETRY_TYPES,
  LAYER_TREE_NODE_TYPES,
  layerDomainSchema,
  layerStyleSchema,
  MAX_OPACITY,
} from '../layers/schemas'

const title = () => requiredText(t('admin.layers.titleRequired'), 200)

/** POST /api/layers: a table of schema data becomes a layer (its name is the table's). */
export const layerRegisterSchema = z
  .object({
    table: z.string({ error: t('admin.layers.tableRequired') }).min(1, {
      error: t('admin.layers.tableRequired'),
    }),
    title: title(),
    queryable: z.boolean().default(true),
    /** The folder of the layer tree the layer goes into (at its end); none: the tree's root. */
    folderId: z.number().int().positive().nullable().default(null),
  })
  .strict()
export type LayerRegister = z.infer<typeof layerRegisterSchema>

export const attributeEditSchema = z
  .object({
    name: z.string().max(63),
    title: title(),
    tooltip: z
      .string()
      .trim()
      .max(500, { error: t('field.tooLong', { max: 500 }) })
      .default(''),
  })
  .strict()
export type AttributeEdit = z.infer<typeof attributeEditSchema>

export const layoutGroupEditSchema = z
  .object({
    title: requiredText(t('admin.layers.groupTitleRequired'), 100),
    fields: z
      .array(
        z.object({ name: z.string().max(63), title: z.string().max(200), visible: z.boolean() }),
      )
      .max(1600),
  })
  .strict()

/**
 * PUT /api/layers/{id}: the whole editable description. `attributes` lists every field of the
 * layer once, in the order forms show them, with its title and tooltip; `layout` the form's
 * groups; `domains` value lists and file/photo fields; `style` how the map and legend draw it.
 */
export const layerUpdateSchema = z
  .object({
    title: title(),
    queryable: z.boolean(),
    attributes: z.array(attributeEditSchema).max(1600),
    layout: z.array(layoutGroupEditSchema).max(100),
    domains: z.record(z.string(), layerDomainSchema),
    style: layerStyleSchema,
    /** The text field that names the features in lists; null: the default rule; absent: unchanged. */
    displayField: z.string().max(63).nullable().optional(),
    /** Tiles for anyone, cacheable by a CDN (docs/ops.md); absent: unchanged. */
    public: z.boolean().optional(),
  })
  .strict()
export type LayerUpdate = z.infer<typeof layerUpdateSchema>

/** POST /api/layers/legend-preview: the legend a style would draw, before it is saved. */
export const legendPreviewRequestSchema = z
  .object({
    title: z.string().max(200),
    geometryType: z.enum(LAYER_GEOMETRY_TYPES),
    style: layerStyleSchema,
  })
  .strict()
export const legendPreviewSchema = z.object({
  /** A PNG data URL drawn by the same code as WMS GetLegendGraphic. */
  image: z.string(),
})

/** A table of schema data not registered as a layer (GET /api/layers/unregistered). */
export const unregisteredTableSchema = z.object({
  table: z.string(),
  geometryType: z.enum(LAYER_GEOMETRY_TYPES).nullable(),
  srid: z.number().nullable(),
  fields: z.array(z.object({ name: z.string(), type: z.string() })),
  /** System columns the registration adds (id, uuid, d_e_l_e_t_, m_o_d_i_f_). */
  missing: z.array(z.string()),
  /** Why it cannot be registered as it is (Portuguese); empty when it can. */
  problems: z.array(z.string()),
  rows: z.number(),
})
export type UnregisteredTable = z.infer<typeof unregisteredTableSchema>

/** A node of the layer tree as the administrator saves it (POST /api/mapconfig/layerlayout). */
export interface LayerTreeInput {
  /** An existing node; absent for a new one. */
  id?: number
  type: (typeof LAYER_TREE_NODE_TYPES)[number]
  title: string
  /** The layer of a `layer` node, by name. */
  layer?: string | null
  /** The base layer of a `layerBase` node. */
  baseLayerId?: number | null
  radioGroup: string | null
  visibility: boolean
  opacity: number
  children: LayerTreeInput[]
}

export const MAX_TREE_DEPTH = 8
export const MAX_TREE_NODES = 5000

export const layerTreeInputSchema: z.ZodType<LayerTreeInput> = z.lazy(() =>
  z
    .object({
      id: z.number().int().positive().optional(),
      type: z.enum(LAYER_TREE_NODE_TYPES),
      title: requiredText(t('admin.tree.titleRequired'), 200),
      layer: z.string().max(63).nullable().optional(),
      baseLayerId: z.number().int().positive().nullable().optional(),
      radioGroup: z
        .string()
        .trim()
        .max(100)
        .nullable()
        .transform((v) => (v ? v : null)),
      visibility: z.boolean(),
      opacity: z.number().int().min(0).max(MAX_OPACITY),
      children: z.array(layerTreeInputSchema).max(MAX_TREE_NODES),
    })
    .strict(),
)

export const layerTreeSaveSchema = z.object({ nodes: z.array(layerTreeInputSchema) }).strict()

/** What POST /api/features/remapindex did to one layer. */
export const remapResultSchema = z.object({
  layer: z.string(),
  /** The table's indexes after the rebuild. */
  indexes: z.array(z.string()),
  /** Indexes that were missing and were created. */
  created: z.array(z.string()),
  /** Triggers that were missing and were attached. */
  triggers: z.array(z.string()),
  rows: z.number(),
  extent: extentSchema.nullable(),
  ms: z.number(),
})
export type RemapResult = z.infer<typeof remapResultSchema>
