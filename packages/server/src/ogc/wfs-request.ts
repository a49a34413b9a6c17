import { DEFAULT_CRS, envelope, parseCrs, type Crs } from './crs'
import { OwsError } from './ows-errors'
import { parseWmsKvp, type WmsRequest } from './wms-request'
import { localName, parseFilter, parseResourceId, type Filter } from './wfs-filter'
import {
  lockOptions,
  parseLockFeature,
  type LockOptions,
  type LockRequest,
} from './wfs-lock-request'
import { parseTransaction, type TransactionRequest } from './wfs-transaction-request'
import { attr, child, children, parseUntrustedXml, text, type XmlNode } from './xml'

/**
 * Features a WFS 2.0 GetFeature answers when it names no COUNT (the advertised CountDefault):
 * clients page on with STARTINDEX, as the answer's `next` says.
 */
export const COUNT_DEFAULT = 10_000
/**
 * Most features one GetFeature answers, whatever its COUNT (the answer streams). WFS 1.1 has
 * no paging, so its default is this: GDAL reads a 1.1 layer in one request.
 */
export const MAX_FEATURES = 1_000_000

/** The count of a request that names none. */
export const defaultCount = (version: WfsVersion) =>
  version === '2.0.0' ? COUNT_DEFAULT : MAX_FEATURES
/** Most <wfs:Query> elements, and most type names, in one request. */
export const MAX_QUERIES = 100

export type WfsVersion = '2.0.0' | '1.1.0'
/** GeoJSON, GML 3.2 in a WFS 2.0 collection, or GML 3.1.1 in a WFS 1.1 collection. */
export type OutputFormat = 'geojson' | 'gml32' | 'gml31'

export interface FeatureQuery {
  /** Layer name (namespace prefix removed). */
  typeName: string
  /** Properties to answer; undefined for all. */
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
  outputFormat: OutputFormat
  srs: Crs
}

export type OwsRequest =
  | { service: 'WFS'; version: WfsVersion; request: 'GetCapabilities' }
  | { service: 'WFS'; version: WfsVersion; request: 'DescribeFeatureType'; typeNames: string[] }
  | { service: 'WFS'; version: WfsVersion; request: 'GetFeature'; getFeature: GetFeatureRequest }
  | {
      service: 'WFS'
      version: WfsVersion
      request: 'GetFeatureWithLock'
      getFeature: GetFeatureRequest
      lock: LockOptions
    }
  | { service: 'WFS'; version: WfsVersion; request: 'LockFeature'; lock: LockRequest }
  | {
      service: 'WFS'
      version: WfsVersion
      request: 'Transaction'
      transaction: TransactionRequest
    }
  | WmsRequest

const invalid = (name: string) =>
  new OwsError('InvalidParameterValue', 'ogc.invalidParameter', name, { name })

function integer(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^\d{1,9}$/.test(value.trim())) throw invalid(name)
  const n = Number(value)
  if (n < min) throw invalid(name)
  return n
}

/**
 * The WFS version a request speaks: 2.0.x, or 1.1.x (1.0.0 is answered as 1.1.0, the lowest
 * we speak, as OGC's version negotiation says). Absent: 2.0.0.
 */
export function wfsVersion(value: string | undefined, locator = 'version'): WfsVersion {
  const v = (value ?? '').trim()
  if (v === '' || /^2\.0(\.\d+)?$/.test(v)) return '2.0.0'
  if (/^1\.[01](\.\d+)?$/.test(v)) return '1.1.0'
  throw new OwsError('InvalidParameterValue', 'ogc.unsupportedVersion', locator, { name: v })
}

/** GetCapabilities' AcceptVersions: the first version of the list that we speak. */
function acceptVersions(value: string | undefined): WfsVersion | undefined {
  if (!value) return undefined
  for (const v of value.split(',')) {
    if (/^2\.0(\.\d+)?$/.test(v.trim())) return '2.0.0'
    if (/^1\.1(\.\d+)?$/.test(v.trim())) return '1.1.0'
  }
  throw new OwsError('VersionNegotiationFailed', 'ogc.unsupportedVersion', 'AcceptVersions', {
    name: value,
  })
}

/**
 * The answer's format. GML 2 is not written: asking for it is a 400, never GML 3 in disguise.
 * A generic XML or GML name gets the version's own GML.
 */
export function outputFormat(value: string | undefined, version: WfsVersion): OutputFormat {
  const own: OutputFormat = version === '1.1.0' ? 'gml31' : 'gml32'
  if (!value) return own
  const v = value.toLowerCase().replace(/\s+/g, '')
  if (/json/.test(v)) return 'geojson'
  if (/gml\/?2|gml2|subtype=gml\/2/.test(v)) {
    throw new OwsError('InvalidParameterValue', 'ogc.unsupportedFormat', 'outputFormat', {
      name: value,
    })
  }
  if (/version=3\.2|gml32|gml\/3\.2/.test(v)) return 'gml32'
  if (/gml\/3\.1|gml3$|subtype=gml\/3\.1\.1/.test(v)) return 'gml31'
  if (/^(text\/xml|application\/xml|application\/gml\+xml|gml)(;.*)?$/.test(v)) return own
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
  const parts = value.split(',')
  if (parts.length > MAX_QUERIES) throw invalid('sortBy')
  return parts.map((part) => {
    const [prop = '', dir = 'ASC', ...rest] = part.trim().split(/[\s+]+/)
    if (rest.length || !/^(ASC|DESC|A|D)$/i.test(dir)) throw invalid('sortBy')
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

/** A comma list; the WFS 2.0 form `(a)(b)` of one list per query is read as its items. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[(),]/)
    .map((s) => s.trim())
    .filter(Boolean)

function typeNamesOf(value: string | undefined): string[] {
  const names = list(value)
  if (names.length > MAX_QUERIES) {
    throw new OwsError('InvalidParameterValue', 'ogc.tooManyTypeNames', 'typeNames', {
      max: MAX_QUERIES,
    })
  }
  return names.map(localName)
}

/** Vendor and stored-query parameters we do not honour are refused, never silently ignored. */
function refuseUnsupported(params: Map<string, string>): void {
  if (params.has('CQL_FILTER')) {
    throw new OwsError('InvalidParameterValue', 'ogc.cqlNotSupported', 'CQL_FILTER')
  }
  if (params.has('STOREDQUERY_ID')) {
    throw new OwsError('InvalidParameterValue', 'ogc.storedQueryNotSupported', 'STOREDQUERY_ID')
  }
  const language = params.get('FILTER_LANGUAGE')
  if (language && !/fes|filter|ogc/i.test(language)) {
    throw new OwsError('InvalidParameterValue', 'ogc.unsupportedFilter', 'FILTER_LANGUAGE', {
      name: language,
    })
  }
}

/** A GET request (KVP). */
export function parseKvp(params: Map<string, string>): OwsRequest {
  const request = params.get('REQUEST')
  if (!request) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'request', {
      name: 'REQUEST',
    })
  }
  const service = (params.get('SERVICE') ?? (/legend/i.test(request) ? 'WMS' : 'WFS')).toUpperCase()
  if (service === 'WMS') return parseWmsKvp(params, request)
  if (service !== 'WFS') {
    throw new OwsError('InvalidParameterValue', 'ogc.unknownService', 'service', { name: service })
  }
  if (/^GetCapabilities$/i.test(request)) {
    const version =
      acceptVersions(params.get('ACCEPTVERSIONS')) ?? wfsVersion(params.get('VERSION'))
    return { service, version, request: 'GetCapabilities' }
  }
  const version = wfsVersion(params.get('VERSION'))
  const typeNames = typeNamesOf(params.get('TYPENAMES') ?? params.get('TYPENAME'))
  if (/^DescribeFeatureType$/i.test(request)) {
    return { service, version, request: 'DescribeFeatureType', typeNames }
  }
  if (!/^(GetFeature|GetFeatureWithLock|LockFeature)$/i.test(request)) {
    throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'request', {
      name: request,
    })
  }
  refuseUnsupported(params)
  const requested = parseCrs(params.get('SRSNAME'))
  const srs = requested ?? DEFAULT_CRS
  const filters: Filter[] = []
  const bbox = params.get('BBOX')
  if (bbox) {
    const parts = bbox.split(',')
    if (parts.length !== 4 && parts.length !== 5) throw invalid('BBOX')
    const crs = parseCrs(parts[4], 'bbox') ?? { srid: 4326, latLon: false, name: 'EPSG:4326' }
    const values = parts.slice(0, 4).map((v) => (v.trim() === '' ? NaN : Number(v)))
    filters.push({ op: 'bbox', env: envelope(values.slice(0, 2), values.slice(2, 4), crs, 'BBOX') })
  }
  const ids = params.get('RESOURCEID') ?? params.get('FEATUREID')
  const resources = ids ? list(ids).map(parseResourceId) : []
  if (ids) filters.push({ op: 'ids', ids: resources })
  const xmlFilter = params.get('FILTER')
  if (xmlFilter) {
    const doc = parseUntrustedXml(xmlFilter)
    const filter = child(doc, 'Filter')
    if (!filter) throw invalid('FILTER')
    // An Envelope without srsName is in the query's CRS, else the types' default (lat/lon).
    filters.push(parseFilter(filter, requested ?? DEFAULT_CRS))
  }
  const names = typeNames.length
    ? typeNames
    : [...new Set(resources.map((r) => r.layer).filter((l): l is string => !!l))]
  if (names.length === 0) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'typeNames', {
      name: 'TYPENAMES',
    })
  }
  if (names.length > MAX_QUERIES) {
    throw new OwsError('InvalidParameterValue', 'ogc.tooManyTypeNames', 'typeNames', {
      max: MAX_QUERIES,
    })
  }
  const propertyNames = params.get('PROPERTYNAME')
  const props = propertyNames
    ? propertyNames
        .replace(/^\(|\)$/g, '')
        .split(/\)\(/)
        .map((group) => {
          const names = list(group).map(localName)
          return names.includes('*') ? undefined : names
        })
    : undefined
  const filter: Filter | undefined =
    filters.length === 0
      ? undefined
      : filters.length === 1
        ? filters[0]
        : { op: 'and', args: filters }
  const order = sortBy(params.get('SORTBY'))
  const getFeature: GetFeatureRequest = {
    queries: names.map((typeName, i) => ({
      typeName,
      propertyNames: props ? (props.length > 1 ? props[i] : props[0]) : undefined,
      filter,
      sortBy: order,
    })),
    count: Math.min(
      integer(params.get('COUNT') ?? params.get('MAXFEATURES'), 'COUNT', 0) ??
        defaultCount(version),
      MAX_FEATURES,
    ),
    startIndex: integer(params.get('STARTINDEX'), 'STARTINDEX', 0) ?? 0,
    resultType: resultType(params.get('RESULTTYPE')),
    outputFormat: outputFormat(params.get('OUTPUTFORMAT'), version),
    srs,
  }
  if (/^GetFeature$/i.test(request)) return { service, version, request: 'GetFeature', getFeature }
  const lock = lockOptions(params.get('EXPIRY'), params.get('LOCKACTION'), version)
  if (/^LockFeature$/i.test(request)) {
    const locks = getFeature.queries.map((q) => ({ typeName: q.typeName, filter: q.filter }))
    return { service, version, request: 'LockFeature', lock: { ...lock, locks } }
  }
  return { service, version, request: 'GetFeatureWithLock', getFeature, lock }
}

/** A POST request: the XML OpenLayers, GDAL and QGIS write (WFS 2.0.0 or 1.1.0), Transaction included. */
export function parseXmlRequest(body: string): OwsRequest {
  // Counted before the XML is even parsed: thousands of queries cost nothing more.
  if ((body.match(/<(?:[\w.-]+:)?Query[\s/>]/g)?.length ?? 0) > MAX_QUERIES) {
    throw new OwsError('InvalidParameterValue', 'ogc.tooManyQueries', 'Query', { max: MAX_QUERIES })
  }
  const doc = parseUntrustedXml(body)
  const capabilities = child(doc, 'GetCapabilities')
  if (capabilities) {
    const accepted = children(child(capabilities, 'AcceptVersions'), 'Version')
      .map((v) => text(v))
      .join(',')
    const version =
      acceptVersions(accepted || undefined) ?? wfsVersion(attr(capabilities, 'version'))
    return { service: 'WFS', version, request: 'GetCapabilities' }
  }
  const describe = child(doc, 'DescribeFeatureType')
  if (describe) {
    const names = children(describe, 'TypeName')
    if (names.length > MAX_QUERIES) {
      throw new OwsError('InvalidParameterValue', 'ogc.tooManyTypeNames', 'typeNames', {
        max: MAX_QUERIES,
      })
    }
    return {
      service: 'WFS',
      version: wfsVersion(attr(describe, 'version')),
      request: 'DescribeFeatureType',
      typeNames: names.map((n) => localName(text(n))),
    }
  }
  const tx = child(doc, 'Transaction')
  if (tx) {
    const version = wfsVersion(attr(tx, 'version'))
    return {
      service: 'WFS',
      version,
      request: 'Transaction',
      transaction: parseTransaction(body, tx, version),
    }
  }
  const lockFeature = child(doc, 'LockFeature')
  if (lockFeature) {
    const version = wfsVersion(attr(lockFeature, 'version'))
    return {
      service: 'WFS',
      version,
      request: 'LockFeature',
      lock: parseLockFeature(lockFeature, version),
    }
  }
  const withLock = child(doc, 'GetFeatureWithLock')
  const gf = child(doc, 'GetFeature') ?? withLock
  if (!gf) {
    const root = Object.keys(doc).find((k) => !k.startsWith('?'))
    throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'request', {
      name: (root ?? '?').slice(0, 64),
    })
  }
  if (child(gf, 'StoredQuery')) {
    throw new OwsError('InvalidParameterValue', 'ogc.storedQueryNotSupported', 'StoredQuery')
  }
  const version = wfsVersion(attr(gf, 'version'))
  const queryNodes = children(gf, 'Query')
  if (queryNodes.length > MAX_QUERIES) {
    throw new OwsError('InvalidParameterValue', 'ogc.tooManyQueries', 'Query', { max: MAX_QUERIES })
  }
  const queries: FeatureQuery[] = queryNodes.map((q: XmlNode) => {
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
    const sortProps = children(sort, 'SortProperty')
    if (sortProps.length > MAX_QUERIES) throw invalid('sortBy')
    return {
      typeName: localName(typeNames[0]!),
      propertyNames: props.length && !props.includes('*') ? props : undefined,
      filter: filterNode ? parseFilter(filterNode, srs ?? DEFAULT_CRS) : undefined,
      srs,
      sortBy: sort
        ? sortProps.map((s) => ({
            prop: localName(text(child(s, 'ValueReference') ?? child(s, 'PropertyName'))),
            desc: /^D/i.test(text(child(s, 'SortOrder'))),
          }))
        : undefined,
    }
  })
  if (queries.length === 0) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'Query', { name: 'Query' })
  }
  const getFeature: GetFeatureRequest = {
    queries,
    count: Math.min(
      integer(attr(gf, 'count') ?? attr(gf, 'maxFeatures'), 'count', 0) ?? defaultCount(version),
      MAX_FEATURES,
    ),
    startIndex: integer(attr(gf, 'startIndex'), 'startIndex', 0) ?? 0,
    resultType: resultType(attr(gf, 'resultType')),
    outputFormat: outputFormat(attr(gf, 'outputFormat'), version),
    srs: queries[0]!.srs ?? DEFAULT_CRS,
  }
  if (!withLock) return { service: 'WFS', version, request: 'GetFeature', getFeature }
  const lock = lockOptions(attr(gf, 'expiry'), attr(gf, 'lockAction'), version)
  return { service: 'WFS', version, request: 'GetFeatureWithLock', getFeature, lock }
}
