import type { Queryable } from '../db/types'
import type { CatalogueLayer } from '../layer-data/model'
import type { Turns } from '../workers/turns'
import { legendPng } from './legend'
import { OwsError } from './ows-errors'
import { wmsCapabilitiesXml } from './wms'
import { featuresAt, infoGml, infoHtml, infoJson } from './wms-info'
import { renderMap } from './wms-map'
import type { WmsRequest } from './wms-request'

/** Runs `task` holding a turn. */
async function inTurn<T>(turns: Turns, task: () => Promise<T>): Promise<T> {
  const release = await turns.take()
  try {
    return await task()
  } finally {
    release()
  }
}

export interface WmsAnswer {
  type: string
  body: string | Buffer
  cacheControl?: string
}

/** The layers a request names, each one the caller reads and with geometry, in its order. */
function named(layers: CatalogueLayer[], names: string[], locator: string): CatalogueLayer[] {
  return names.map((name) => {
    const layer = layers.find((l) => l.name === name)
    if (!layer || layer.geometryType === 'TABULAR') {
      throw new OwsError('LayerNotDefined', 'ogc.unknownLayer', locator, {
        name: name.slice(0, 64),
      })
    }
    return layer
  })
}

/**
 * A WMS request's answer over the caller's layers (`layers`: the queryable ones it reads).
 * Maps and feature info take turns (`turns`): each draws with several statements and librsvg.
 */
export async function wmsAnswer(
  db: Queryable,
  layers: CatalogueLayer[],
  req: WmsRequest,
  opts: { serviceUrl: string; query: string; turns: Turns },
): Promise<WmsAnswer> {
  switch (req.request) {
    case 'GetCapabilities':
      return {
        type: req.version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.wms_xml',
        body: wmsCapabilitiesXml(layers, opts.serviceUrl, opts.query, req.version),
      }
    case 'GetLegendGraphic': {
      const [layer] = named(layers, [req.layer], 'layer')
      return {
        type: 'image/png',
        body: await legendPng(layer!, req.width ?? req.height),
        cacheControl: 'private, max-age=300',
      }
    }
    case 'GetMap': {
      const chosen = named(layers, req.getMap.layers, 'layers')
      const body = await inTurn(opts.turns, () => renderMap(db, chosen, req.getMap))
      return { type: req.getMap.format, body, cacheControl: 'private, max-age=60' }
    }
    case 'GetFeatureInfo': {
      const info = req.getFeatureInfo
      const chosen = named(layers, info.queryLayers, 'query_layers')
      const found = await inTurn(opts.turns, () => featuresAt(db, chosen, info))
      if (info.infoFormat === 'json') {
        return { type: 'application/json; charset=utf-8', body: await infoJson(db, found, info) }
      }
      if (info.infoFormat === 'gml') {
        return {
          type: 'application/vnd.ogc.gml; charset=utf-8',
          body: await infoGml(db, found, info),
        }
      }
      return { type: 'text/html; charset=utf-8', body: await infoHtml(db, found, info) }
    }
  }
}
