import { z } from 'zod'
import { requiredText } from '../auth/schemas'
import { t } from '../i18n/messages'
import { BASE_LAYER_TYPES } from '../layers/schemas'

/** The URL of OpenStreetMap's tiles: an `osm` base layer without a URL of its own uses it. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

export const WMS_VERSIONS = ['1.3.0', '1.1.1'] as const
/** WMS servers whose vendor parameters the map knows (QGIS Server's DPI, GeoServer's…). */
export const WMS_SERVER_TYPES = ['qgis', 'geoserver', 'mapserver', 'carmentaserver'] as const
export const WMS_FORMATS = ['image/png', 'image/jpeg'] as const
export const TILE_SIZES = [256, 512] as const
export const XYZ_PROJECTIONS = ['EPSG:3857', 'EPSG:4326'] as const
export const MAX_ZOOM = 24

/**
 * A base layer's address: an http(s) URL, or a path of this server (`/api/base-layers/…`).
 * Nothing else (no `javascript:`, no `file:`).
 */
export const baseLayerUrlSchema = requiredText(t('admin.baseLayers.urlRequired'), 2000).regex(
  /^(https?:\/\/[^\s/]+[^\s]*|\/[^\s/][^\s]*)$/i,
  { error: t('admin.baseLayers.urlInvalid') },
)

const tileSize = z
  .union([z.literal(256), z.literal(512)], { error: t('admin.baseLayers.tileSizeInvalid') })
  .default(256)
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: t('admin.baseLayers.colorInvalid') })

export const wmsOptionsSchema = z
  .object({
    /** The WMS `LAYERS` parameter (one or more names, comma-separated). */
    layers: requiredText(t('admin.baseLayers.wmsLayersRequired'), 1000),
    version: z.enum(WMS_VERSIONS).default('1.3.0'),
    /** Requested as tiles (cacheable) rather than one image per view. */
    tiled: z.boolean().default(true),
    transparent: z.boolean().default(false),
    /** 512-pixel tiles: fewer requests, sharper on high-density screens. */
    tileSize,
    serverType: z.enum(WMS_SERVER_TYPES).nullable().default(null),
    format: z.enum(WMS_FORMATS).default('image/png'),
    /** 0 (transparent) to 1. */
    opacity: z.number().min(0).max(1).default(1),
  })
  .strict()
export type WmsOptions = z.infer<typeof wmsOptionsSchema>

export const xyzOptionsSchema = z
  .object({
    projection: z.enum(XYZ_PROJECTIONS).default('EPSG:3857'),
    tileSize,
    attribution: z.string().trim().max(500).default(''),
  })
  .strict()
export type XyzOptions = z.infer<typeof xyzOptionsSchema>

export const geojsonOptionsSchema = z
  .object({
    fill: color.optional(),
    stroke: color.optional(),
    background: color.optional(),
    /** Shown only between these map resolutions (map units per pixel); both optional. */
    minResolution: z.number().positive().optional(),
    maxResolution: z.number().positive().optional(),
  })
  .strict()
export type GeojsonOptions = z.infer<typeof geojsonOptionsSchema>

const zoom = z
  .number({ error: t('admin.baseLayers.zoomInvalid') })
  .int({ error: t('admin.baseLayers.zoomInvalid') })
  .min(0, { error: t('admin.baseLayers.zoomInvalid') })
  .max(MAX_ZOOM, { error: t('admin.baseLayers.zoomInvalid') })
  .nullable()
  .default(null)

const common = {
  name: requiredText(t('admin.baseLayers.nameRequired'), 200),
  description: z
    .string()
    .trim()
    .max(1000, { error: t('field.tooLong', { max: 1000 }) })
    .default(''),
  /** The one base layer shown when the map opens. */
  visible: z.boolean().default(false),
  /** Offered to users on the map. */
  active: z.boolean().default(true),
  group: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .default(null)
    .transform((v) => v || null),
  zmin: zoom,
  zmax: zoom,
  zindex: z.number().int().min(-1000).max(1000).default(0),
}

/** POST and PUT /api/base-layers: every source type with its own options. */
export const baseLayerInputSchema = z
  .discriminatedUnion(
    'type',
    [
      z
        .object({
          type: z.literal('osm'),
          url: baseLayerUrlSchema.nullable().default(null),
          options: z.object({}).strict().default({}),
          ...common,
        })
        .strict(),
      z
        .object({
          type: z.literal('wms'),
          url: baseLayerUrlSchema,
          options: wmsOptionsSchema,
          ...common,
        })
        .strict(),
      z
        .object({
          type: z.literal('xyz'),
          url: baseLayerUrlSchema.refine(
            (u) => /\{z\}/.test(u) && /\{x\}/.test(u) && /\{-?y\}/.test(u),
            {
              error: t('admin.baseLayers.xyzTemplate'),
            },
          ),
          options: xyzOptionsSchema.default({
            projection: 'EPSG:3857',
            tileSize: 256,
            attribution: '',
          }),
          ...common,
        })
        .strict(),
      z
        .object({
          type: z.literal('geojson'),
          url: baseLayerUrlSchema,
          options: geojsonOptionsSchema.default({}),
          ...common,
        })
        .strict(),
    ],
    { error: t('admin.baseLayers.typeInvalid') },
  )
  .superRefine((v, ctx) => {
    if (v.zmin !== null && v.zmax !== null && v.zmin > v.zmax) {
      ctx.addIssue({ code: 'custom', path: ['zmax'], message: t('admin.baseLayers.zoomRange') })
    }
  })
export type BaseLayerInput = z.infer<typeof baseLayerInputSchema>

export { BASE_LAYER_TYPES }
