import { envelope, isGeographic, parseCrs, type Crs, type Envelope } from './crs'
import { OwsError } from './ows-errors'
import { localName } from './wfs-filter'

// WMS 1.3.0 and 1.1.1 by KVP: GetCapabilities, GetMap, GetFeatureInfo, GetLegendGraphic.

export type WmsVersion = '1.3.0' | '1.1.1'

/** The largest map drawn, in pixels per side (advertised as MaxWidth/MaxHeight). */
export const MAX_MAP_SIDE = 4096
/** The most layers one GetMap draws. */
export const MAX_MAP_LAYERS = 30
/** The most features a GetFeatureInfo answers per layer. */
export const MAX_FEATURE_COUNT = 50

export const MAP_FORMATS = ['image/png', 'image/jpeg'] as const
export type MapFormat = (typeof MAP_FORMATS)[number]

export const INFO_FORMATS = [
  'text/html',
  'application/json',
  'application/geo+json',
  'application/vnd.ogc.gml',
  'application/vnd.ogc.gml/3.1.1',
  'text/xml',
] as const
export type InfoFormat = 'html' | 'json' | 'gml'

/** A map's view: its box in the request's CRS (x/y order) and its size in pixels. */
export interface MapView {
  box: Envelope
  width: number
  height: number
}

export interface GetMapRequest {
  layers: string[]
  view: MapView
  crs: Crs
  format: MapFormat
  transparent: boolean
  /** `#rrggbb` */
  background: string
}

export interface GetFeatureInfoRequest extends GetMapRequest {
  queryLayers: string[]
  infoFormat: InfoFormat
  featureCount: number
  /** The pixel asked about, from the map's top left corner. */
  i: number
  j: number
}

export type WmsRequest =
  | { service: 'WMS'; version: WmsVersion; request: 'GetCapabilities' }
  | {
      service: 'WMS'
      version: WmsVersion
      request: 'GetLegendGraphic'
      layer: string
      width?: number
      height?: number
    }
  | { service: 'WMS'; version: WmsVersion; request: 'GetMap'; getMap: GetMapRequest }
  | {
      service: 'WMS'
      version: WmsVersion
      request: 'GetFeatureInfo'
      getFeatureInfo: GetFeatureInfoRequest
    }

const invalid = (name: string) =>
  new OwsError('InvalidParameterValue', 'ogc.invalidParameter', name, { name })

const missing = (name: string) =>
  new OwsError('MissingParameterValue', 'ogc.missingParameter', name.toLowerCase(), { name })

function required(params: Map<string, string>, name: string): string {
  const value = params.get(name)?.trim()
  if (!value) throw missing(name)
  return value
}

function integer(value: string | undefined, name: string, min: number, max: number) {
  if (value === undefined || value.trim() === '') return undefined
  if (!/^\d{1,9}$/.test(value.trim())) throw invalid(name)
  const n = Number(value)
  if (n < min || n > max) throw invalid(name)
  return n
}

/** 1.3.0 unless 1.1.x is asked for (1.0 and 1.1.0 are answered as 1.1.1, the lowest spoken). */
export function wmsVersion(value: string | undefined): WmsVersion {
  const v = value?.trim()
  if (!v || /^1\.3(\.\d+)?$/.test(v)) return '1.3.0'
  if (/^1\.[01](\.\d+)?$/.test(v)) return '1.1.1'
  throw new OwsError('InvalidParameterValue', 'ogc.unsupportedWmsVersion', 'version', {
    name: v.slice(0, 20),
  })
}

/**
 * The CRS of a map request. In 1.3.0 a geographic EPSG code is latitude first (`EPSG:4326`
 * included, as the standard says); CRS:84 and every 1.1.1 SRS are x/y.
 */
function mapCrs(params: Map<string, string>, version: WmsVersion): Crs {
  const word = version === '1.3.0' ? 'CRS' : 'SRS'
  const name = required(params, word)
  let crs: Crs
  try {
    crs = parseCrs(name, word.toLowerCase())!
  } catch (err) {
    if (err instanceof OwsError) {
      throw OwsError.withMessage(version === '1.3.0' ? 'InvalidCRS' : 'InvalidSRS', err.message)
    }
    throw err
  }
  const crs84 = /CRS:?84$/i.test(name)
  const latLon = version === '1.3.0' && isGeographic(crs.srid) && !crs84
  return { srid: crs.srid, latLon, name: crs84 ? 'CRS:84' : `EPSG:${crs.srid}` }
}

function mapFormat(value: string | undefined, name: string, optional = false): MapFormat {
  const v = value?.trim().toLowerCase()
  if (!v && optional) return 'image/png'
  if (!v) throw missing(name)
  if (/^image\/png(8|;.*)?$/.test(v)) return 'image/png'
  if (/^image\/jpe?g$/.test(v)) return 'image/jpeg'
  throw new OwsError('InvalidFormat', 'ogc.unsupportedFormat', 'format', {
    name: v.slice(0, 64),
  })
}

function infoFormat(value: string | undefined): InfoFormat {
  const v = value?.trim().toLowerCase()
  if (!v || v === 'text/html') return 'html'
  if (v === 'application/json' || v === 'application/geo+json' || v === 'json') return 'json'
  if (/^(application\/vnd\.ogc\.gml(\/3\.1\.1)?|text\/xml|application\/gml\+xml.*)$/.test(v)) {
    return 'gml'
  }
  throw new OwsError('InvalidFormat', 'ogc.unsupportedFormat', 'info_format', {
    name: v.slice(0, 64),
  })
}

function layerList(value: string, name: string): string[] {
  const layers = value
    .split(',')
    .map((l) => localName(l.trim()))
    .filter(Boolean)
  if (layers.length === 0) throw missing(name)
  if (layers.length > MAX_MAP_LAYERS) {
    throw new OwsError('InvalidParameterValue', 'ogc.tooManyTypeNames', name.toLowerCase(), {
      max: MAX_MAP_LAYERS,
    })
  }
  return layers
}

/** STYLES: empty, or one empty/`default` entry per layer (each layer has its one style). */
function checkStyles(value: string | undefined, layers: string[]) {
  if (value === undefined || value.trim() === '') return
  const styles = value.split(',')
  if (styles.length !== layers.length) throw invalid('STYLES')
  for (const s of styles) {
    if (s.trim() && !/^default$/i.test(s.trim())) {
      throw new OwsError('StyleNotDefined', 'ogc.unknownStyle', 'styles', {
        name: s.trim().slice(0, 64),
      })
    }
  }
}

function background(value: string | undefined): string {
  if (!value) return '#ffffff'
  const m = /^(?:0x|#)([0-9a-f]{6})$/i.exec(value.trim())
  if (!m) throw invalid('BGCOLOR')
  return `#${m[1]!.toLowerCase()}`
}

function getMap(params: Map<string, string>, version: WmsVersion, info = false): GetMapRequest {
  const layers = layerList(required(params, 'LAYERS'), 'LAYERS')
  checkStyles(params.get('STYLES'), layers)
  const crs = mapCrs(params, version)
  const numbers = required(params, 'BBOX')
    .split(',')
    .map((v) => (v.trim() === '' ? NaN : Number(v)))
  if (numbers.length !== 4) throw invalid('BBOX')
  const box = envelope(numbers.slice(0, 2), numbers.slice(2), crs, 'bbox')
  if (box.minx === box.maxx || box.miny === box.maxy) throw invalid('BBOX')
  const width = integer(required(params, 'WIDTH'), 'WIDTH', 1, Number.MAX_SAFE_INTEGER)!
  const height = integer(required(params, 'HEIGHT'), 'HEIGHT', 1, Number.MAX_SAFE_INTEGER)!
  if (width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    throw new OwsError('InvalidParameterValue', 'ogc.mapTooLarge', 'width', { max: MAX_MAP_SIDE })
  }
  const transparent = params.get('TRANSPARENT')?.trim()
  if (transparent && !/^(true|false)$/i.test(transparent)) throw invalid('TRANSPARENT')
  return {
    layers,
    view: { box, width, height },
    crs,
    format: mapFormat(params.get('FORMAT'), 'FORMAT', info),
    transparent: /^true$/i.test(transparent ?? ''),
    background: background(params.get('BGCOLOR')),
  }
}

function getFeatureInfo(params: Map<string, string>, version: WmsVersion): GetFeatureInfoRequest {
  const map = getMap(params, version, true)
  const queryLayers = layerList(required(params, 'QUERY_LAYERS'), 'QUERY_LAYERS')
  const [iName, jName] = version === '1.3.0' ? ['I', 'J'] : ['X', 'Y']
  const point = (name: string, side: number) => {
    const n = integer(required(params, name), name, 0, Number.MAX_SAFE_INTEGER)!
    if (n >= side) {
      throw new OwsError('InvalidPoint', 'ogc.invalidPoint', name.toLowerCase(), { name })
    }
    return n
  }
  return {
    ...map,
    queryLayers,
    infoFormat: infoFormat(params.get('INFO_FORMAT')),
    featureCount: integer(params.get('FEATURE_COUNT'), 'FEATURE_COUNT', 1, MAX_FEATURE_COUNT) ?? 1,
    i: point(iName, map.view.width),
    j: point(jName, map.view.height),
  }
}

/** A WMS request by KVP (parameter names upper case). */
export function parseWmsKvp(params: Map<string, string>, request: string): WmsRequest {
  const service = 'WMS' as const
  const version = wmsVersion(params.get('VERSION') ?? params.get('WMTVER'))
  if (/^GetCapabilities$|^capabilities$/i.test(request)) {
    return { service, version, request: 'GetCapabilities' }
  }
  if (/^GetLegendGraphic$/i.test(request)) {
    const layer = required(params, 'LAYER')
    const format = params.get('FORMAT')
    if (format && !/^image\/png/i.test(format)) {
      throw new OwsError('InvalidFormat', 'ogc.unsupportedFormat', 'format', { name: format })
    }
    return {
      service,
      version,
      request: 'GetLegendGraphic',
      layer: localName(layer),
      width: integer(params.get('WIDTH'), 'WIDTH', 8, 1_000_000_000),
      height: integer(params.get('HEIGHT'), 'HEIGHT', 8, 1_000_000_000),
    }
  }
  if (/^(GetMap|map)$/i.test(request)) {
    return { service, version, request: 'GetMap', getMap: getMap(params, version) }
  }
  if (/^(GetFeatureInfo|feature_info)$/i.test(request)) {
    return {
      service,
      version,
      request: 'GetFeatureInfo',
      getFeatureInfo: getFeatureInfo(params, version),
    }
  }
  throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'request', {
    name: request.slice(0, 64),
  })
}
