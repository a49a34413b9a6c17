import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../app-deps'
import type { AuthContext } from '../auth/authenticate'
import { readableLayers, type CatalogueLayer } from '../modules/layers/catalogue'
import { createSessionCache } from '../tiles/session-cache'
import { legendPng } from './legend'
import { exceptionReport, OwsError, serviceExceptionReport } from './ows-errors'
import { capabilitiesXml, describeFeatureTypeXml, getFeature } from './wfs'
import { kvp, parseKvp, parseXmlRequest, type OwsRequest } from './wfs-request'
import { wmsCapabilitiesXml } from './wms'
import { MAX_XML_BYTES } from './xml'

const XML = 'text/xml; charset=utf-8'

/**
 * OGC services at /ows: WFS 2.0.0 (GetCapabilities, DescribeFeatureType, GetFeature by KVP
 * and by XML POST) and WMS 1.3.0 (GetCapabilities, GetLegendGraphic). Only the layers the
 * caller may read exist here; every name from a request is checked against the catalogue.
 */
export const owsRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const sessions = createSessionCache(auth)
    // A token (bearer or ?token=) through the short session cache; otherwise HTTP Basic.
    const requireUser = async (request: FastifyRequest, reply: FastifyReply) => {
      const context = await sessions.resolve(request)
      if (context) users.set(request, context.user)
      else {
        await auth.requireOwsUser(request, reply)
        users.set(request, auth.contextOf(request).user)
      }
    }
    const users = new WeakMap<FastifyRequest, AuthContext['user']>()
    // XML bodies arrive as text; they are parsed (safely) by the handler. The route accepts
    // a little more than MAX_XML_BYTES so that the handler answers with an OGC exception.
    app.addContentTypeParser(
      ['text/xml', 'application/xml', 'text/plain'],
      { parseAs: 'string', bodyLimit: MAX_XML_BYTES * 4 },
      (_request, body, done) => done(null, body),
    )

    async function handle(request: FastifyRequest, reply: FastifyReply, parse: () => OwsRequest) {
      let service: 'WFS' | 'WMS' = 'WFS'
      try {
        const req = parse()
        service = req.service
        const user = users.get(request)!
        const layers = (await readableLayers(db, user)).filter((l) => l.queryable)
        const token = (request.query as Record<string, unknown>).token
        const url = `${request.protocol}://${request.host}/ows`
        const query = typeof token === 'string' ? `token=${encodeURIComponent(token)}` : ''
        const pick = (names: string[]): CatalogueLayer[] =>
          names.map((name) => {
            const layer = layers.find((l) => l.name === name)
            if (!layer) {
              throw new OwsError('InvalidParameterValue', 'ogc.unknownTypeName', 'typeNames', {
                name,
              })
            }
            return layer
          })
        if (req.service === 'WMS') {
          if (req.request === 'GetCapabilities') {
            return reply.type(XML).send(wmsCapabilitiesXml(layers, url, query))
          }
          const layer = layers.find((l) => l.name === req.layer)
          if (!layer || layer.geometryType === 'TABULAR') {
            throw new OwsError('LayerNotDefined', 'ogc.unknownLayer', 'layer', { name: req.layer })
          }
          const png = await legendPng(layer, req.width ?? req.height)
          return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png)
        }
        if (req.request === 'GetCapabilities') {
          return reply.type(XML).send(capabilitiesXml(layers, query ? `${url}?${query}` : url))
        }
        if (req.request === 'DescribeFeatureType') {
          const chosen = req.typeNames.length ? pick(req.typeNames) : layers
          return reply
            .type('application/gml+xml; version=3.2; charset=utf-8')
            .send(describeFeatureTypeXml(chosen))
        }
        const chosen = pick(req.getFeature.queries.map((q) => q.typeName))
        const result = await getFeature(db, req.getFeature, chosen)
        return reply.type(`${result.contentType}; charset=utf-8`).send(result.body)
      } catch (err) {
        if (!(err instanceof OwsError)) throw err
        return reply
          .code(err.status)
          .type(XML)
          .send(service === 'WMS' ? serviceExceptionReport(err) : exceptionReport(err))
      }
    }

    app.get(
      '/ows',
      {
        onRequest: requireUser,
        schema: {
          tags: ['ogc'],
          summary:
            'OGC WFS 2.0.0 and WMS 1.3.0 (KVP). Token as bearer, ?token= or HTTP Basic (user and password, or the token as password)',
        },
      },
      (request, reply) =>
        handle(request, reply, () => parseKvp(kvp(request.query as Record<string, unknown>))),
    )

    app.post(
      '/ows',
      {
        onRequest: requireUser,
        schema: {
          tags: ['ogc'],
          summary:
            'OGC WFS 2.0.0 / 1.1.0 requests as XML (as ol/format/WFS writeGetFeature writes)',
        },
      },
      (request, reply) =>
        handle(request, reply, () => {
          const body = typeof request.body === 'string' ? request.body : ''
          return body.trim()
            ? parseXmlRequest(body)
            : parseKvp(kvp(request.query as Record<string, unknown>))
        }),
    )
  }
