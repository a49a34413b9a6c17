import { DEFAULT_CRS, envelope, parseCrs, type Crs } from './crs'
import { OwsError } from './ows-errors'
import { localName, parseFilter, parseResourceId, type Filter } from './wfs-filter'
import { attr, child, children, parseUntrustedXml, text, type XmlNode } from './xml'

/** Most features one GetFeature answers (and the advertised CountDefault). */
export const MAX_FEATURES = 50_000

export interface FeatureQuery {
  /** Layer name (namespace prefix removed). */
  typeName: string
  propertyNames?: string[]
  filter?: Filter
  srs?: Crs
  sortBy?: { prop: string; desc: boolean }[]
}

export interface GetFeatureRequest {
  queries: FeatureQuery[]
  count: number
  startIndex: number
  resultType: 'results' | 'hits'
  outputFormat: 'geojson' | 'gml'
  srs: Crs
}

export type OwsRequest =
  | { service: 'WFS'; request: 'GetCapabilities' }
  | { service: 'WFS'; request: 'DescribeFeatureType'; typeNames: string[] }
  | { service: 'WFS'; request: 'GetFeature'; getFeature: GetFeatureRequest }
  | { service: 'WMS'; request: 'GetCapabilities' }
  | { service: 'WMS'; request: 'GetLegendGraphic'; layer: string; width?: number; height?: number }

const invalid = (name: string) =>
  new OwsError('InvalidParameterValue', 'ogc.invalidParameter', name, { name })

function integer(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^\d{1,9}$/.test(value.trim())) throw invalid(name)
  const n = Number(value)
  if (n < min) throw invalid(name)
  return n
}

export function outputFormat(value: string | undefined): 'geojson' | 'gml' {
  if (!value) return 'gml'
  const v = value.toLowerCase()
  if (/json/.test(v)) return 'geojson'
  if (/gml|text\/xml|application\/xml/.test(v)) return 'gml'
  throw new OwsError('InvalidParameterValue', 'ogc.unsupportedFormat', 'outputFormat', {
    name: value,
  })
}

function resultType(value: string | undefined): 'results' | 'hits' {
  if (!value || /^results$/i.test(value)) return 'results'
  if (/^hits$/i.test(value)) return 'hits'
  throw invalid('resultType')
}

function sortBy(value: string | undefined): FeatureQuery['sortBy'] {
  if (!value) return undefined
  return value.split(',').map((part) => {
    const [prop = '', dir = 'ASC'] = part.trim().split(/\s+/)
    if (!/^(ASC|DESC|A|D)$/i.test(dir)) throw invalid('sortBy')
    return { prop: localName(prop), desc: /^D/i.test(dir) }
  })
}

/** The KVP parameters of a request, by upper-case name (first value of repeated ones). */
export function kvp(query: Record<string, unknown>): Map<string, string> {
  const map = new Map<string, string>()
  for (const [k, v] of Object.entries(query)) {
    const value = Array.isArray(v) ? v[0] : v
    if (typeof value === 'string' && !map.has(k.toUpperCase())) map.set(k.toUpperCase(), value)
  }
  return map
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** A GET request (KVP). */
export function parseKvp(params: Map<string, string>): OwsRequest {
  const request = params.get('REQUEST')
  if (!request) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'request', {
      name: 'REQUEST',
    })
  }
  const service = (params.get('SERVICE') ?? (/legend/i.test(request) ? 'WMS' : 'WFS')).toUpperCase()
  if (service === 'WMS') {
    if (/^GetCapabilities$/i.test(request)) return { service, request: 'GetCapabilities' }
    if (/^GetLegendGraphic$/i.test(request)) {
      const layer = params.get('LAYER')
      if (!layer) {
        throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'layer', {
          name: 'LAYER',
        })
      }
      const format = params.get('FORMAT')
      if (format && !/^image\/png/i.test(format)) {
        throw new OwsError('InvalidFormat', 'ogc.unsupportedFormat', 'format', { name: format })
      }
      return {
        service,
        request: 'GetLegendGraphic',
        layer: localName(layer),
        width: integer(params.get('WIDTH'), 'WIDTH', 8),
        height: integer(params.get('HEIGHT'), 'HEIGHT', 8),
      }
    }
    throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'request', {
      name: request,
    })
  }
  if (service !== 'WFS') {
    throw new OwsError('InvalidParameterValue', 'ogc.unknownService', 'service', { name: service })
  }
  if (/^GetCapabilities$/i.test(request)) return { service, request: 'GetCapabilities' }
  const typeNames = list(params.get('TYPENAMES') ?? params.get('TYPENAME')).map(localName)
  if (/^DescribeFeatureType$/i.test(request)) {
    return { service, request: 'DescribeFeatureType', typeNames }
  }
  if (!/^GetFeature$/i.test(request)) {
    throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'request', {
      name: request,
    })
  }
  const requested = parseCrs(params.get('SRSNAME'))
  const srs = requested ?? DEFAULT_CRS
  const filters: Filter[] = []
  const bbox = params.get('BBOX')
  if (bbox) {
    const parts = bbox.split(',')
    const crs = parseCrs(parts[4], 'bbox') ?? { srid: 4326, latLon: false, name: 'EPSG:4326' }
    const values = parts.slice(0, 4).map(Number)
    if (parts.length < 4) throw invalid('BBOX')
    filters.push({ op: 'bbox', env: envelope(values.slice(0, 2), values.slice(2, 4), crs, 'BBOX') })
  }
  const ids = params.get('RESOURCEID') ?? params.get('FEATUREID')
  if (ids) filters.push({ op: 'ids', ids: list(ids).map(parseResourceId) })
  const xmlFilter = params.get('FILTER')
  if (xmlFilter) {
    const doc = parseUntrustedXml(xmlFilter)
    const filter = child(doc, 'Filter')
    if (!filter) throw invalid('FILTER')
    // An Envelope without srsName is in the query's CRS, else the types' default (lat/lon).
    filters.push(parseFilter(filter, requested ?? DEFAULT_CRS))
  }
  const resourceTypes = ids ? list(ids).map((r) => parseResourceId(r).layer) : []
  const names = typeNames.length
    ? typeNames
    : [...new Set(resourceTypes.filter((l): l is string => !!l))]
  if (names.length === 0) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'typeNames', {
      name: 'TYPENAMES',
    })
  }
  const propertyNames = params.get('PROPERTYNAME')
  const props = propertyNames
    ? propertyNames
        .replace(/^\(|\)$/g, '')
        .split(/\)\(/)
        .map((group) => list(group).map(localName))
    : undefined
  const filter: Filter | undefined =
    filters.length === 0
      ? undefined
      : filters.length === 1
        ? filters[0]
        : { op: 'and', args: filters }
  return {
    service,
    request: 'GetFeature',
    getFeature: {
      queries: names.map((typeName, i) => ({
        typeName,
        propertyNames: props?.[i] ?? props?.[0],
        filter,
        sortBy: sortBy(params.get('SORTBY')),
      })),
      count: Math.min(
        integer(params.get('COUNT') ?? params.get('MAXFEATURES'), 'COUNT', 0) ?? MAX_FEATURES,
        MAX_FEATURES,
      ),
      startIndex: integer(params.get('STARTINDEX'), 'STARTINDEX', 0) ?? 0,
      resultType: resultType(params.get('RESULTTYPE')),
      outputFormat: outputFormat(params.get('OUTPUTFORMAT')),
      srs,
    },
  }
}

/** A POST request: the XML OpenLayers' ol/format/WFS writes (WFS 1.1.0 or 2.0.0). */
export function parseXmlRequest(body: string): OwsRequest {
  const doc = parseUntrustedXml(body)
  if (child(doc, 'GetCapabilities')) return { service: 'WFS', request: 'GetCapabilities' }
  const describe = child(doc, 'DescribeFeatureType')
  if (describe) {
    return {
      service: 'WFS',
      request: 'DescribeFeatureType',
      typeNames: children(describe, 'TypeName').map((n) => localName(text(n))),
    }
  }
  const gf = child(doc, 'GetFeature')
  if (!gf) {
    const root = Object.keys(doc).find((k) => !k.startsWith('?'))
    throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'request', {
      name: root ?? '?',
    })
  }
  const queries: FeatureQuery[] = children(gf, 'Query').map((q: XmlNode) => {
    const typeNames = (attr(q, 'typeNames') ?? attr(q, 'typeName') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
    if (typeNames.length !== 1) throw invalid('typeNames')
    const srs = parseCrs(attr(q, 'srsName'))
    const props = [...children(q, 'PropertyName'), ...children(q, 'ValueReference')].map((n) =>
      localName(text(n)),
    )
    const filterNode = child(q, 'Filter')
    const sort = child(q, 'SortBy')
    return {
      typeName: localName(typeNames[0]!),
      propertyNames: props.length ? props : undefined,
      filter: filterNode ? parseFilter(filterNode, srs ?? DEFAULT_CRS) : undefined,
      srs,
      sortBy: sort
        ? children(sort, 'SortProperty').map((s) => ({
            prop: localName(text(child(s, 'ValueReference') ?? child(s, 'PropertyName'))),
            desc: /^D/i.test(text(child(s, 'SortOrder'))),
          }))
        : undefined,
    }
  })
  if (queries.length === 0) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'Query', { name: 'Query' })
  }
  return {
    service: 'WFS',
    request: 'GetFeature',
    getFeature: {
      queries,
      count: Math.min(
        integer(attr(gf, 'count') ?? attr(gf, 'maxFeatures'), 'count', 0) ?? MAX_FEATURES,
        MAX_FEATURES,
      ),
      startIndex: integer(attr(gf, 'startIndex'), 'startIndex', 0) ?? 0,
      resultType: resultType(attr(gf, 'resultType')),
      outputFormat: outputFormat(attr(gf, 'outputFormat')),
      srs: queries[0]!.srs ?? DEFAULT_CRS,
    },
  }
}
