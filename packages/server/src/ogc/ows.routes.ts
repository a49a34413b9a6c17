import { availableParallelism } from 'node:os'
import { Readable } from 'node:stream'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../app-deps'
import { callerOf } from '../auth/caller'
import { HttpError, statementTimeout } from '../http/errors'
import type { RouteScope } from '../http/scopes'
import { readableLayers } from '../layer-data/catalogue'
import type { CatalogueLayer } from '../layer-data/model'
import type { FeatureService } from '../modules/features/features.service'
import { exceptionReport, OwsError, serviceExceptionReport } from './ows-errors'
import { getFeature } from './wfs'
import { capabilitiesXml, describeFeatureTypeXml, GML31_FORMAT } from './wfs-capabilities'
import {
  kvp,
  MAX_QUERIES,
  parseKvp,
  parseXmlRequest,
  wfsVersion,
  type OwsRequest,
  type WfsVersion,
} from './wfs-request'
import { clientName } from './wfs-client'
import { lockMatching, lockResponseXml } from './wfs-lock'
import { runTransaction } from './wfs-transaction'
import { transactionResponseXml } from './wfs-transaction-response'
import { MAX_ACTIONS } from './wfs-transaction-request'
import { wmsAnswer } from './wms-answer'
import { wmsVersion, type WmsVersion } from './wms-request'
import { MAX_XML_BYTES } from './xml'
import { createTurns } from '../workers/turns'

const XML = 'text/xml; charset=utf-8'

/** Which report a failed request gets: WMS's, or WFS's of the request's version. */
interface Dialect {
  service: 'WFS' | 'WMS'
  version: WfsVersion
  wmsVersion: WmsVersion
}

/** Guesses the dialect from the KVP alone (a failure may come before the request is read). */
function dialectOf(request: FastifyRequest): Dialect {
  const params = kvp((request.query ?? {}) as Record<string, unknown>)
  const service = params.get('SERVICE')
  const wms =
    /^wms$/i.test(service ?? '') || (!service && /legend/i.test(params.get('REQUEST') ?? ''))
  let version: WfsVersion = '2.0.0'
  let wms11: WmsVersion = '1.3.0'
  try {
    if (wms) wms11 = wmsVersion(params.get('VERSION') ?? params.get('WMTVER'))
    else version = wfsVersion(params.get('VERSION'))
  } catch {
    // An unknown version is reported in the newest version's words.
  }
  return { service: wms ? 'WMS' : 'WFS', version, wmsVersion: wms11 }
}

/**
 * OGC services at /ows with the map services' credentials (bearer, `?token=`, HTTP Basic):
 * WFS 2.0.0 and 1.1.0 (GetCapabilities, DescribeFeatureType, GetFeature by KVP and by XML
 * POST, Transaction by XML POST through the feature service app.ts passes in, LockFeature and
 * GetFeatureWithLock) and WMS 1.3.0 and 1.1.1 (GetCapabilities, GetMap, GetFeatureInfo,
 * GetLegendGraphic).
 */
export const owsScope = (deps: AppDeps, features: FeatureService): RouteScope => ({
  prefix: '/ows',
  access: 'service',
  routes: owsRoutes(deps, features),
})

/**
 * Only the queryable layers the caller may read exist here; every name from a request is
 * checked against the catalogue. Every answer, the unexpected ones included, is an OGC
 * document: an exception report in Portuguese, never the JSON API's body.
 */
const owsRoutes =
  ({ db, auth, config }: AppDeps, features: FeatureService): FastifyPluginAsyncZod =>
  async (app) => {
    // Capabilities name the address users reach (PUBLIC_URL), never the request's Host.
    const serviceUrl = `${config.publicUrl ?? `http://localhost:${config.port}`}/ows`
    // The statements of GetFeature answers run a few at a time (one core is left to the rest).
    const featureTurns = createTurns(Math.max(1, availableParallelism() - 1))
    // Maps likewise: each holds its statements and a librsvg drawing on libuv's threads.
    const mapTurns = createTurns(Math.max(1, availableParallelism() - 1))
    const dialects = new WeakMap<FastifyRequest, Dialect>()

    // Bodies arrive as text whatever their type: XML is parsed (safely) by the handler, a form
    // carries KVP. A little more than MAX_XML_BYTES is read, so the handler answers with an OGC
    // exception rather than the HTTP layer with its own.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MAX_XML_BYTES * 4 },
      (_request, body, done) => done(null, body),
    )

    app.setErrorHandler((err: FastifyError, request, reply) => {
      const dialect = dialects.get(request) ?? dialectOf(request)
      let report: OwsError
      const timeout = statementTimeout(err)
      if (err instanceof OwsError) report = err
      else if (timeout) {
        report = OwsError.withMessage('NoApplicableCode', timeout.message, undefined, 503)
      } else if (err instanceof HttpError) {
        report = OwsError.withMessage(
          'NoApplicableCode',
          err.message,
          undefined,
          err.statusCode,
          err.headers,
        )
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        // The HTTP layer's own refusals: a body too large, a broken request.
        const key = err.statusCode === 413 ? 'http.payloadTooLarge' : 'http.badRequest'
        report = new OwsError('OperationParsingFailed', key, undefined, {}, err.statusCode)
      } else {
        request.log.error({ err }, 'OGC request failed')
        report = new OwsError(
          'NoApplicableCode',
          'ogc.internal',
          undefined,
          { id: request.id },
          500,
        )
      }
      const wms11 = dialect.service === 'WMS' && dialect.wmsVersion === '1.1.1'
      return reply
        .code(report.status)
        .headers(report.headers)
        .type(wms11 ? 'application/vnd.ogc.se_xml; charset=utf-8' : XML)
        .send(
          dialect.service === 'WMS'
            ? serviceExceptionReport(report, dialect.wmsVersion)
            : exceptionReport(report, dialect.version),
        )
    })

    // Any other method or path under /ows is answered in OGC terms too.
    app.setNotFoundHandler((request) => {
      throw new OwsError(
        'OperationNotSupported',
        'ogc.methodNotAllowed',
        'request',
        { name: `${request.method} ${request.url.split('?')[0]}`.slice(0, 80) },
        404,
      )
    })

    /** The next page of a KVP GetFeature: its parameters with STARTINDEX moved on. */
    const nextPage =
      (params: Record<string, unknown>) =>
      (startIndex: number): string => {
        const q = new URLSearchParams()
        for (const [key, value] of Object.entries(params)) {
          if (typeof value === 'string' && !/^startindex$/i.test(key)) q.append(key, value)
        }
        q.set('STARTINDEX', String(startIndex))
        return `${serviceUrl}?${q}`
      }

    async function handle(
      request: FastifyRequest,
      reply: FastifyReply,
      req: OwsRequest,
      kvpParams?: Record<string, unknown>,
    ) {
      dialects.set(request, {
        service: req.service,
        version: req.service === 'WFS' ? req.version : '2.0.0',
        wmsVersion: req.service === 'WMS' ? req.version : '1.3.0',
      })
      const user = callerOf(auth, request).user
      const layers = (await readableLayers(db, user)).filter((l) => l.queryable)
      const token = (request.query as Record<string, unknown>).token
      const query = typeof token === 'string' ? `token=${encodeURIComponent(token)}` : ''
      const pick = (names: string[]): CatalogueLayer[] =>
        names.map((name) => {
          const layer = layers.find((l) => l.name === name)
          if (!layer) {
            throw new OwsError('InvalidParameterValue', 'ogc.unknownTypeName', 'typeNames', {
              name: name.slice(0, 64),
            })
          }
          return layer
        })
      if (req.service === 'WMS') {
        const answer = await wmsAnswer(db, layers, req, { serviceUrl, query, turns: mapTurns })
        if (answer.cacheControl) reply.header('cache-control', answer.cacheControl)
        return reply.type(answer.type).send(answer.body)
      }
      if (req.request === 'GetCapabilities') {
        const url = query ? `${serviceUrl}?${query}` : serviceUrl
        return reply.type(XML).send(capabilitiesXml(layers, url, req.version))
      }
      if (req.request === 'DescribeFeatureType') {
        const chosen = req.typeNames.length ? pick(req.typeNames) : layers
        const type =
          req.version === '1.1.0'
            ? `${GML31_FORMAT}; charset=utf-8`
            : 'application/gml+xml; version=3.2; charset=utf-8'
        return reply.type(type).send(describeFeatureTypeXml(chosen, req.version))
      }
      if (req.request === 'Transaction') {
        const writer = { ...callerOf(auth, request), application: clientName(request) }
        const result = await runTransaction(db, features, writer, req.transaction, (name) => {
          const [layer] = pick([name])
          return layer!
        })
        return reply.type(XML).send(transactionResponseXml(result, req.version))
      }
      const caller = callerOf(auth, request)
      if (req.request === 'LockFeature') {
        const targets = req.lock.locks.map((l) => ({
          layer: pick([l.typeName])[0]!,
          filter: l.filter,
        }))
        const locked = await lockMatching(db, caller, targets, req.lock)
        return reply.type(XML).send(lockResponseXml(locked, req.version))
      }
      const chosen = pick(req.getFeature.queries.map((q) => q.typeName))
      let lockId: string | undefined
      if (req.request === 'GetFeatureWithLock') {
        if (req.getFeature.outputFormat === 'geojson') {
          throw new OwsError('InvalidParameterValue', 'ogc.lockJson', 'outputFormat')
        }
        const targets = req.getFeature.queries.map((q, i) => ({
          layer: chosen[i]!,
          filter: q.filter,
        }))
        lockId = (await lockMatching(db, caller, targets, req.lock)).lockId
      }
      const result = await getFeature(db, req.getFeature, chosen, {
        lockId,
        next: kvpParams ? nextPage(kvpParams) : undefined,
        turns: featureTurns,
      })
      const body = typeof result.body === 'string' ? result.body : Readable.from(result.body)
      return reply.type(`${result.contentType}; charset=utf-8`).send(body)
    }

    const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>

    app.get(
      '/',
      {
        schema: {
          tags: ['ogc'],
          summary:
            'OGC WFS 2.0.0/1.1.0 and WMS 1.3.0/1.1.1 (KVP). Token as bearer, ?token= or HTTP Basic (user and password, or the token as password)',
        },
      },
      (request, reply) => handle(request, reply, parseKvp(kvp(queryOf(request))), queryOf(request)),
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['ogc'],
          summary: `OGC WFS 2.0.0 / 1.1.0 requests as XML (GetFeature with at most ${MAX_QUERIES} queries; Transaction with at most ${MAX_ACTIONS} actions), or KVP as a form`,
        },
      },
      (request, reply) => {
        const body = typeof request.body === 'string' ? request.body : ''
        const form = /^application\/x-www-form-urlencoded/i.test(
          request.headers['content-type'] ?? '',
        )
        if (form) {
          const params = { ...queryOf(request), ...Object.fromEntries(new URLSearchParams(body)) }
          return handle(request, reply, parseKvp(kvp(params)), params)
        }
        return handle(
          request,
          reply,
          body.trim() ? parseXmlRequest(body) : parseKvp(kvp(queryOf(request))),
        )
      },
    )
  }
