import { availableParallelism } from 'node:os'
import { Readable } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../app-deps'
import { callerOf } from '../auth/caller'
import { readableLayers } from '../layer-data/catalogue'
import type { CatalogueLayer } from '../layer-data/model'
import type { RouteScope } from '../http/scopes'
import type { FeatureService } from '../modules/features/features.service'
import { createTurns, type Turns } from '../workers/turns'
import { contentCrs, readOapiCrs } from './ogcapi-crs'
import {
  collectionDocument,
  collectionsDocument,
  conformance,
  GEOJSON_TYPE,
  href,
  JSON_TYPE,
  landingPage,
  OPENAPI_TYPE,
  queryablesDocument,
  SCHEMA_TYPE,
  type Base,
} from './ogcapi-documents'
import { asOapiError, exceptionBody, OapiError } from './ogcapi-errors'
import { itemsPage, itemText, type Link } from './ogcapi-items'
import { openApiDocument } from './ogcapi-openapi'
import { checkFormat, readItemsQuery, type ItemsQuery } from './ogcapi-params'
import { bodyCrs, etagOf, ifMatchVersion, sendWrite, writesFor } from './ogcapi-write'
import { clientName } from './wfs-client'

/**
 * OGC API – Features at /ogcapi with the map services' credentials (bearer, `?token=`, HTTP
 * Basic), over the same catalogue, fields and SQL as the WFS: Part 1 (core, GeoJSON, OpenAPI
 * 3.0), Part 2 (the served systems), Part 3 (CQL2 text and JSON, queryables) and Part 4 (writes
 * through the feature service app.ts passes in). Every failure is `{ code, description }`.
 */
export const ogcapiScope = (deps: AppDeps, features: FeatureService): RouteScope => ({
  prefix: '/ogcapi',
  access: 'service',
  routes: ogcapiRoutes(deps, features),
})

/** What the handlers share: the database, the caller's collections and the service address. */
interface Context {
  deps: AppDeps
  features: FeatureService
  serviceUrl: string
  turns: Turns
}

type Query = Record<string, unknown>
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Query
const paramsOf = (request: FastifyRequest) =>
  request.params as { collectionId: string; featureId?: string }

function baseOf(ctx: Context, request: FastifyRequest): Base {
  const token = queryOf(request).token
  return {
    url: ctx.serviceUrl,
    query: typeof token === 'string' ? `token=${encodeURIComponent(token)}` : '',
  }
}

/** The queryable layers the caller may read, as the WFS lists them. */
async function collectionsOf(ctx: Context, request: FastifyRequest): Promise<CatalogueLayer[]> {
  const layers = await readableLayers(ctx.deps.db, callerOf(ctx.deps.auth, request).user)
  return layers.filter((l) => l.queryable)
}

/** One of them by id; one that does not exist and one the caller may not read answer alike. */
async function collectionOf(ctx: Context, request: FastifyRequest): Promise<CatalogueLayer> {
  const id = paramsOf(request).collectionId
  const layer = (await collectionsOf(ctx, request)).find((l) => l.name === id)
  if (!layer)
    throw OapiError.of(404, 'NotFound', 'ogcapi.unknownCollection', { name: id.slice(0, 64) })
  return layer
}

function featureIdOf(request: FastifyRequest, layer: CatalogueLayer): number {
  const id = paramsOf(request).featureId ?? ''
  if (!/^\d{1,15}$/.test(id)) {
    throw OapiError.of(404, 'NotFound', 'ogcapi.unknownFeature', {
      name: `${layer.name}/${id.slice(0, 20)}`,
    })
  }
  return Number(id)
}

const sendJson = (reply: FastifyReply, body: unknown, type = JSON_TYPE) =>
  reply.type(`${type}; charset=utf-8`).send(JSON.stringify(body))

/** self, and next/prev when the page has neighbours, with the request's own parameters. */
function pageLinks(
  base: Base,
  path: string,
  query: Query,
  q: ItemsQuery,
  returned: number,
  matched: number,
): Link[] {
  const at = (offset: number) => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) {
      if (k !== 'token' && k !== 'offset' && typeof v === 'string') params.set(k, v)
    }
    if (offset > 0) params.set('offset', String(offset))
    return href(base, path, params.toString())
  }
  const links: Link[] = [{ href: at(q.offset), rel: 'self', type: GEOJSON_TYPE }]
  if (q.offset + returned < matched)
    links.push({ href: at(q.offset + returned), rel: 'next', type: GEOJSON_TYPE })
  if (q.offset > 0)
    links.push({ href: at(Math.max(0, q.offset - q.limit)), rel: 'prev', type: GEOJSON_TYPE })
  links.push({ href: href(base, path.replace(/\/items$/, '')), rel: 'collection', type: JSON_TYPE })
  return links
}

function registerDocuments(app: FastifyInstance, ctx: Context) {
  const doc = { schema: { tags: ['ogcapi'], summary: 'OGC API – Features (JSON)' } }
  app.get('/', doc, (request, reply) => {
    checkFormat(queryOf(request))
    return sendJson(reply, landingPage(baseOf(ctx, request)))
  })
  app.get('/conformance', doc, (request, reply) =>
    sendJson(reply, conformance(baseOf(ctx, request))),
  )
  app.get('/api', doc, async (request, reply) =>
    sendJson(
      reply,
      openApiDocument(await collectionsOf(ctx, request), baseOf(ctx, request)),
      OPENAPI_TYPE,
    ),
  )
  app.get('/collections', doc, async (request, reply) => {
    checkFormat(queryOf(request))
    return sendJson(
      reply,
      collectionsDocument(await collectionsOf(ctx, request), baseOf(ctx, request)),
    )
  })
  app.get('/collections/:collectionId', doc, async (request, reply) => {
    checkFormat(queryOf(request))
    return sendJson(
      reply,
      collectionDocument(await collectionOf(ctx, request), baseOf(ctx, request)),
    )
  })
  app.get('/collections/:collectionId/queryables', doc, async (request, reply) =>
    sendJson(
      reply,
      queryablesDocument(await collectionOf(ctx, request), baseOf(ctx, request)),
      SCHEMA_TYPE,
    ),
  )
}

function registerReads(app: FastifyInstance, ctx: Context) {
  const doc = { schema: { tags: ['ogcapi'], summary: 'OGC API – Features: items (GeoJSON)' } }
  app.get('/collections/:collectionId/items', doc, async (request, reply) => {
    const layer = await collectionOf(ctx, request)
    const query = queryOf(request)
    const q = readItemsQuery(layer, query)
    const base = baseOf(ctx, request)
    const path = `/collections/${layer.name}/items`
    const page = await itemsPage(
      ctx.deps.db,
      layer,
      q,
      (returned, matched) => pageLinks(base, path, query, q, returned, matched),
      ctx.turns,
    )
    return reply
      .header('content-crs', contentCrs(q.crs))
      .type(`${GEOJSON_TYPE}; charset=utf-8`)
      .send(Readable.from(page.body))
  })
  app.get('/collections/:collectionId/items/:featureId', doc, async (request, reply) => {
    const layer = await collectionOf(ctx, request)
    const id = featureIdOf(request, layer)
    const query = queryOf(request)
    checkFormat(query)
    const crs = readOapiCrs(query.crs, 'crs')
    const base = baseOf(ctx, request)
    const links: Link[] = [
      {
        href: href(base, `/collections/${layer.name}/items/${id}`),
        rel: 'self',
        type: GEOJSON_TYPE,
      },
      { href: href(base, `/collections/${layer.name}`), rel: 'collection', type: JSON_TYPE },
    ]
    const text = await itemText(ctx.deps.db, layer, id, crs, links)
    if (!text)
      throw OapiError.of(404, 'NotFound', 'ogcapi.unknownFeature', { name: `${layer.name}/${id}` })
    const user = callerOf(ctx.deps.auth, request).user
    const etag = etagOf((await ctx.features.getFeature(ctx.deps.db, user, layer.name, id)).version)
    reply.header('etag', etag).header('content-crs', contentCrs(crs))
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type(`${GEOJSON_TYPE}; charset=utf-8`).send(text)
  })
}

function registerWrites(app: FastifyInstance, ctx: Context) {
  const doc = {
    schema: {
      tags: ['ogcapi'],
      summary: 'OGC API – Features Part 4: writes (If-Match: 412 when stale)',
    },
  }
  const open = async (request: FastifyRequest) => {
    const layer = await collectionOf(ctx, request)
    const caller = {
      ...callerOf(ctx.deps.auth, request),
      application: clientName(request).replace(/^wfs-t/, 'ogcapi'),
    }
    return { layer, writes: writesFor(ctx.deps.db, ctx.features, caller, layer) }
  }
  app.post('/collections/:collectionId/items', doc, async (request, reply) => {
    const { layer, writes } = await open(request)
    const result = await writes.create(request.body, bodyCrs(request))
    const base = baseOf(ctx, request)
    return sendWrite(reply, result, (id) =>
      href({ ...base, query: '' }, `/collections/${layer.name}/items/${id}`),
    )
  })
  const item = '/collections/:collectionId/items/:featureId'
  app.put(item, doc, async (request, reply) => {
    const { layer, writes } = await open(request)
    const id = featureIdOf(request, layer)
    return sendWrite(
      reply,
      await writes.replace(id, request.body, bodyCrs(request), ifMatchVersion(request)),
    )
  })
  app.patch(item, doc, async (request, reply) => {
    const { layer, writes } = await open(request)
    const id = featureIdOf(request, layer)
    return sendWrite(
      reply,
      await writes.update(id, request.body, bodyCrs(request), ifMatchVersion(request)),
    )
  })
  app.delete(item, doc, async (request, reply) => {
    const { layer, writes } = await open(request)
    return sendWrite(
      reply,
      await writes.remove(featureIdOf(request, layer), ifMatchVersion(request)),
    )
  })
}

const ogcapiRoutes =
  (deps: AppDeps, features: FeatureService): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = deps
    const ctx: Context = {
      deps,
      features,
      // Links name the address users reach (PUBLIC_URL), never the request's Host, as /ows.
      serviceUrl: `${config.publicUrl ?? `http://localhost:${config.port}`}/ogcapi`,
      // Pages' statements take turns as the WFS's do (one core is left to the rest).
      turns: createTurns(Math.max(1, availableParallelism() - 1)),
    }
    app.addContentTypeParser(
      ['application/geo+json', 'application/merge-patch+json'],
      { parseAs: 'string' },
      (_request, body, done) => {
        // A DELETE may carry the type of an empty body (GDAL's does): nothing to read.
        if (String(body).trim() === '') return done(null, undefined)
        try {
          done(null, JSON.parse(String(body)))
        } catch {
          done(OapiError.of(400, 'InvalidParameterValue', 'ogcapi.bodyInvalid'), undefined)
        }
      },
    )
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const e = asOapiError(err, request.id)
      if (e.status >= 500 && e.status !== 503) request.log.error({ err }, 'OGC API request failed')
      return reply
        .code(e.status)
        .headers(e.headers)
        .type(`${JSON_TYPE}; charset=utf-8`)
        .send(JSON.stringify(exceptionBody(e)))
    })
    app.setNotFoundHandler((request) => {
      throw OapiError.of(404, 'NotFound', 'ogcapi.notFound', {
        name: `${request.method} ${request.url.split('?')[0]}`.slice(0, 80),
      })
    })
    registerDocuments(app, ctx)
    registerReads(app, ctx)
    registerWrites(app, ctx)
  }
