import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { extentSchema, layerAttributeSchema } from '../layers/schemas'
import {
  MAX_ATTACHMENT_DESCRIPTION,
  MAX_GEOMETRY_IDS,
  MAX_GEOMETRY_SEARCH,
  MAX_WKT_LENGTH,
} from './constants'

installZodErrorMap()

// ---------------------------------------------------------------------------------------------
// Features

const layerName = z.string().min(1).max(63)
const featureId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** A feature of a layer, as the window lists it. */
export const featureRefSchema = z.object({ layer: layerName, id: featureId })
export type FeatureRef = z.infer<typeof featureRefSchema>

/**
 * One feature (`GET /api/features/{layer}/{id}`): its attributes (the layer's fields and the
 * system fields id, uuid, d_e_l_e_t_, m_o_d_i_f_; dates and times as ISO text), its geometry
 * as WKT in EPSG:4326 (null for TABULAR layers or no geometry) and the version an edit must
 * carry back.
 */
export const featureSchema = z.object({
  layer: z.string(),
  id: z.number(),
  attributes: z.record(z.string(), z.unknown()),
  geom: z.string().nullable(),
  version: z.string(),
})
export type Feature = z.infer<typeof featureSchema>

const attributesSchema = z.record(z.string().max(63), z.unknown())
const wktSchema = z.string().max(MAX_WKT_LENGTH)

/**
 * A GeoJSON object given as a geometry to write: a geometry (`{ type, coordinates }`, or a
 * GeometryCollection's `geometries`) in EPSG:4326, or a Feature, whose `geometry` is taken.
 * Its shape is checked by the server (PostGIS reads it), which turns it into WKT.
 */
export const geoJsonInputSchema = z.looseObject({
  type: z.string().max(40),
  coordinates: z.unknown().optional(),
  geometries: z.array(z.unknown()).optional(),
  geometry: z.unknown().optional(),
})
export type GeoJsonInput = z.infer<typeof geoJsonInputSchema>

/**
 * A geometry a write takes (features, approval items): WKT in EPSG:4326 (`SRID=4326;` may lead)
 * or GeoJSON (geoJsonInputSchema). Either way it is then checked as the same WKT.
 */
export const geometryInputSchema = z.union([wktSchema, geoJsonInputSchema], {
  // A string fails only by its length; anything else is neither form.
  error: (issue) =>
    typeof issue.input === 'string'
      ? t('field.tooLong', { max: MAX_WKT_LENGTH })
      : t('features.geometry.wktOrGeoJson'),
})
export type GeometryInput = z.infer<typeof geometryInputSchema>

/**
 * `POST /api/features/{layer}`: the attribute map and, unless TABULAR, the geometry (WKT or
 * GeoJSON).
 */
export const featureInsertSchema = z.strictObject({
  attributes: attributesSchema.default({}),
  geom: geometryInputSchema.nullable().optional(),
})
/** An insert as the server's feature service takes it: the geometry already WKT. */
export type FeatureInsert = Omit<z.infer<typeof featureInsertSchema>, 'geom'> & {
  geom?: string | null
}

/**
 * `PUT /api/features/{layer}/{id}?geom={bool}`: the changed attributes, the geometry (WKT or
 * GeoJSON; read only with `geom=true`) and the version the user loaded. A newer version on the
 * server answers 409 (featureConflictSchema) and changes nothing. `layer` and `id` are
 * accepted so that what a GET answers can be sent back as it is; they must equal the path's.
 */
export const featureUpdateSchema = z.strictObject({
  layer: z.string().max(63).optional(),
  id: z.number().optional(),
  attributes: attributesSchema.default({}),
  geom: geometryInputSchema.nullable().optional(),
  version: z.string().min(1).max(40),
})
/** An update as the server's feature service takes it: no `layer` or `id`, the geometry WKT. */
export interface FeatureUpdate {
  attributes: Record<string, unknown>
  geom?: string | null
  version: string
}

export const featureUpdateQuerySchema = z.object({
  geom: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

/** The 409 of an edit over a newer version: both versions, so nothing is lost. */
export const featureConflictSchema = z.object({
  message: z.string(),
  current: featureSchema,
  submitted: z.object({
    attributes: z.record(z.string(), z.unknown()),
    geom: z.string().nullable().optional(),
    version: z.string(),
  }),
})
export type FeatureConflict = z.infer<typeof featureConflictSchema>

/** A GeoJSON geometry in EPSG:4326 (longitude, latitude). */
export const geoJsonGeometrySchema = z.object({
  type: z.enum([
    'Point',
    'MultiPoint',
    'LineString',
    'MultiLineString',
    'Polygon',
    'MultiPolygon',
    'GeometryCollection',
  ]),
  coordinates: z.unknown().optional(),
  geometries: z.array(z.unknown()).optional(),
})
export type GeoJsonGeometry = z.infer<typeof geoJsonGeometrySchema>

/** `POST /api/features/{layer}/geometries`: ids of the layer. */
export const geometriesRequestSchema = z.strictObject({
  ids: z.array(featureId).max(MAX_GEOMETRY_IDS),
})
export type GeometriesRequest = z.infer<typeof geometriesRequestSchema>

/** One answer row of the geometry calls (null when the feature has no geometry). */
export const featureGeometrySchema = z.object({
  id: z.number(),
  geometry: geoJsonGeometrySchema.nullable(),
})
export type FeatureGeometry = z.infer<typeof featureGeometrySchema>

/**
 * `POST /api/features/{layer}/geometries/search`: the geometries of the live features that
 * match an optional filter tree (the filter builder's serialised query) and an optional box
 * (EPSG:4326), ordered by id, at most `limit`.
 */
export const geometriesSearchSchema = z.strictObject({
  query: z.unknown().optional(),
  bbox: extentSchema.optional(),
  limit: z.number().int().min(1).max(MAX_GEOMETRY_SEARCH).default(MAX_GEOMETRY_SEARCH),
})
export type GeometriesSearch = z.input<typeof geometriesSearchSchema>

/**
 * `POST /api/features/searchcoord`: features near a point (the geometry editor's pick takes
 * one), nearest first, in the given layers (every readable layer with geometry if none).
 */
export const searchCoordSchema = z.strictObject({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  /** Search radius in metres. */
  tolerance: z.number().positive().max(10_000).default(10),
  layers: z.array(layerName).max(100).optional(),
  limit: z.number().int().min(1).max(100).default(1),
  /** Also soft-deleted features (to reactivate them). */
  includeDeleted: z.boolean().default(false),
})
export type SearchCoord = z.input<typeof searchCoordSchema>

export const searchCoordResultSchema = z.object({
  layer: z.string(),
  id: z.number(),
  /** Metres from the point. */
  distance: z.number(),
  deleted: z.boolean(),
  geometry: geoJsonGeometrySchema.nullable(),
})
export type SearchCoordResult = z.infer<typeof searchCoordResultSchema>

/**
 * `GET /api/features/{layer}/attributes`: every field of the layer with what a form needs to
 * edit it: whether it is a system field, editable, and required (NOT NULL without default).
 */
export const featureAttributeSchema = layerAttributeSchema.extend({
  system: z.boolean(),
  editable: z.boolean(),
  notNull: z.boolean(),
})
export type FeatureAttribute = z.infer<typeof featureAttributeSchema>

// ---------------------------------------------------------------------------------------------
// Attachments

/** How a file attached to a feature (or kept with a proposed change) names itself. */
export const attachedFileFields = {
  filename: z.string(),
  description: z.string(),
  contentType: z.string(),
}

/**
 * An attachment of a feature. `src` is `/api/attachments/{id}`: the browser adds
 * `?token=<token>` (and `&thumbnail` for the thumbnail of an image).
 */
export const attachmentSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  ...attachedFileFields,
  src: z.string(),
  /** ISO date and time. */
  uploadDate: z.string(),
  user: z.string(),
  size: z.number(),
})
export type Attachment = z.infer<typeof attachmentSchema>

/** The description field of the upload form (the file travels beside it, as `file`). */
export const attachmentDescriptionSchema = z
  .string()
  .trim()
  .max(MAX_ATTACHMENT_DESCRIPTION, {
    error: t('field.tooLong', { max: MAX_ATTACHMENT_DESCRIPTION }),
  })

// ---------------------------------------------------------------------------------------------
// History (the audit log of a feature)

export const AUDIT_ACTIONS = ['I', 'U', 'D'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/**
 * One change of a feature (`GET /api/audit/{table}/{id}`), newest first. `currentFields` is the
 * feature after the change, `previousFields` before it (null for an insert), `changedFields`
 * the fields that changed with their new values. The geometry is left out of the three maps;
 * `geometryChanged` says whether it changed.
 */
export const historyEntrySchema = z.object({
  id: z.number(),
  timestamp: z.string(),
  user: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  currentFields: z.record(z.string(), z.unknown()).nullable(),
  previousFields: z.record(z.string(), z.unknown()).nullable(),
  changedFields: z.record(z.string(), z.unknown()),
  geometryChanged: z.boolean(),
  application: z.string().nullable(),
  clientAddress: z.string().nullable(),
  clientPort: z.number().nullable(),
  /** The reviewer, when the change was applied by approving a submitted one (the author submitted it). */
  approvedBy: z.string().nullable().optional(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>
