import { isSubmittedForApproval, type ApprovalSubmitted, type GeometryInput } from '@gis/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { sendSubmitted } from '../http/created'
import type { GeometrySource } from '../layer-data/geometry-input'
import { layerFields, type CatalogueLayer } from '../layer-data/model'
import {
  FeatureConflict,
  type FeatureService,
  type FeatureUpdateInput,
} from '../modules/features/features.service'
import { checkCoordinates, geometryWkt, GEOMETRY_TYPES, type Cql2GeometryType } from './ogcapi-cql2'
import { readOapiCrs, type OapiCrs } from './ogcapi-crs'
import { OapiError } from './ogcapi-errors'
import { isLive } from './ogcapi-items'
import { checkProperty } from './wfs-filter'

// Part 4 (create, replace, update, delete) through the feature service, as the web's calls and
// the WFS-T go: flags (403), value rules (400 with the fields), history, soft delete, the
// approvals gate (a moderated caller's write answers 202 with the approval) and the version.

/** The ETag of a feature's version (the id of its newest history entry). */
export const etagOf = (version: string) => `"${version}"`

/**
 * The version an If-Match names (`*` or none: whatever version is current). A stale one is a
 * 412 (RFC 9110's answer to a failed precondition, as Part 4's optimistic locking asks): the
 * web's 409 is for a body that carries its version, here the version travels in a header.
 */
export function ifMatchVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match']
  const value = (Array.isArray(header) ? header[0] : header)?.trim()
  if (!value || value === '*') return undefined
  const m = /^(?:W\/)?"?([^",]*)"?$/.exec(value)
  return m?.[1] ?? value
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The GeoJSON Feature of a body (POST, PUT), or a 400. */
function featureBody(body: unknown): { properties: Json; geometry: unknown; id?: unknown } {
  if (!isObject(body) || body.type !== 'Feature' || !('geometry' in body)) {
    throw OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid')
  }
  const properties = body.properties ?? {}
  if (!isObject(properties)) throw OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid')
  return { properties, geometry: body.geometry, id: body.id }
}

/**
 * The attributes a body writes: its properties, each checked against the catalogue (an unknown
 * one is a 400); system fields (id, uuid, m_o_d_i_f_) are the server's, and what a client sends
 * back of them is ignored, as WFS-T does. `replace` sets every field the body leaves out to null.
 */
function attributesOf(layer: CatalogueLayer, properties: Json, replace: boolean): Json {
  const attributes: Json = {}
  for (const [name, value] of Object.entries(properties)) {
    const field = checkProperty(layer, name)
    if (!field.system && field.type !== 'geometry') attributes[name] = value
  }
  if (replace) {
    for (const f of layerFields(layer)) {
      if (!f.system && f.type !== 'geometry' && !(f.name in attributes)) attributes[f.name] = null
    }
  }
  return attributes
}

/**
 * A body's geometry as the feature service takes it: GeoJSON as it is in CRS84, else (the
 * Content-Crs header, Part 2) its coordinates as WKT in that system, latitude-first axes swapped.
 */
function geometryOf(geometry: unknown, crs: OapiCrs): GeometrySource | null {
  if (geometry === null || geometry === undefined) return null
  if (!isObject(geometry)) throw OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid')
  if (crs.crs.srid === 4326 && !crs.crs.latLon) return geometry as GeometryInput
  const type = geometry.type as Cql2GeometryType
  if (!GEOMETRY_TYPES.includes(type)) {
    throw OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid')
  }
  const coordinates = checkCoordinates(type, geometry.coordinates, 'geometry')
  return { wkt: geometryWkt({ type, coordinates }, crs.crs.latLon), srid: crs.crs.srid }
}

/** What a write did: the feature's id and new version, or the approval it became. */
export type WriteResult = { id: number; version: string } | ApprovalSubmitted

/** The writes of one request, over one collection, for one caller. */
export interface Writes {
  create(body: unknown, crs: OapiCrs): Promise<WriteResult>
  replace(id: number, body: unknown, crs: OapiCrs, version?: string): Promise<WriteResult>
  update(id: number, body: unknown, crs: OapiCrs, version?: string): Promise<WriteResult>
  remove(id: number, version?: string): Promise<WriteResult>
}

export function writesFor(
  db: Db,
  features: FeatureService,
  caller: Caller,
  layer: CatalogueLayer,
): Writes {
  // One transaction per write, through the service's writer (the WFS-T's entry), whose
  // updates and deletions take the version read (undefined: the current one).
  const run = async (
    id: number | undefined,
    write: (
      w: Awaited<ReturnType<FeatureService['layerWriter']>>,
    ) => Promise<number | ApprovalSubmitted>,
  ): Promise<WriteResult> => {
    if (id !== undefined && !(await isLive(db, layer, id))) {
      throw OapiError.of(404, 'NotFound', 'ogcapi.unknownFeature', { name: `${layer.name}/${id}` })
    }
    let done: number | ApprovalSubmitted
    try {
      done = await db.transaction(async (tx) =>
        write(await features.layerWriter(tx, caller, layer.name)),
      )
    } catch (err) {
      if (err instanceof FeatureConflict) {
        throw OapiError.of(412, 'PreconditionFailed', 'ogcapi.staleEtag', {
          id: `${layer.name}/${err.current.id}`,
          etag: etagOf(err.submitted.version),
        })
      }
      throw err
    }
    if (isSubmittedForApproval(done)) return done
    const feature = await features.getFeature(db, caller.user, layer.name, done)
    return { id: done, version: feature.version }
  }
  const change = (
    id: number,
    body: unknown,
    crs: OapiCrs,
    version: string | undefined,
    replace: boolean,
  ) => {
    const input = replace ? featureBody(body) : mergePatch(body)
    const update: FeatureUpdateInput = {
      attributes: attributesOf(layer, input.properties, replace),
      version,
      ...('geometry' in input ? { geom: geometryOf(input.geometry, crs) } : {}),
    }
    return run(id, (w) => w.update(id, update, 'geometry' in input))
  }
  return {
    create(body, crs) {
      const f = featureBody(body)
      const input = {
        attributes: attributesOf(layer, f.properties, false),
        geom: geometryOf(f.geometry, crs),
      }
      return run(undefined, (w) => w.insert(input))
    },
    replace: (id, body, crs, version) => change(id, body, crs, version, true),
    update: (id, body, crs, version) => change(id, body, crs, version, false),
    remove: (id, version) => run(id, (w) => w.remove(id, version)),
  }
}

/** A PATCH body (JSON Merge Patch of a Feature): the properties sent, and the geometry if sent. */
function mergePatch(body: unknown): { properties: Json; geometry?: unknown } {
  if (!isObject(body)) throw OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid')
  const properties = body.properties ?? {}
  if (!isObject(properties)) throw OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid')
  return 'geometry' in body ? { properties, geometry: body.geometry } : { properties }
}

/** The system of a write's body: its Content-Crs header (CRS84 without one). */
export function bodyCrs(request: FastifyRequest): OapiCrs {
  const header = request.headers['content-crs']
  return readOapiCrs(Array.isArray(header) ? header[0] : header, 'Content-Crs')
}

/**
 * The answer of a write: 202 with the approval (its Location) for a moderated caller, else
 * `created` (201 with the new feature's Location) or 204, with the new ETag.
 */
export function sendWrite(
  reply: FastifyReply,
  result: WriteResult,
  location?: (id: number) => string,
) {
  if (isSubmittedForApproval(result)) return sendSubmitted(reply, result)
  reply.header('etag', etagOf(result.version))
  if (location) return reply.code(201).header('location', location(result.id)).send()
  return reply.code(204).send()
}
