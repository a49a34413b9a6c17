import { FILTER_LIMITS } from '@gis/shared'
import { columnSql, fieldOf, type CatalogueLayer, type LayerField } from '../layer-data/model'
import {
  comparisonSql,
  FilterError,
  likeSql,
  nullSql,
  type Comparison,
  type SqlParams,
} from '../layer-data/where'
import { envelope, parseCrs, type Crs, type Envelope } from './crs'
import { gmlGeometry, numbers } from './gml-geometry'
import { OwsError } from './ows-errors'
import { attr, child, elements, text, type XmlNode } from './xml'

/** A WFS filter, from KVP (BBOX, RESOURCEID) or from FES 2.0 / OGC 1.1 XML. */
export type Filter =
  | { op: 'and' | 'or'; args: Filter[] }
  | { op: 'not'; arg: Filter }
  | { op: 'bbox'; env: Envelope }
  | { op: 'intersects'; wkt: string; srid: number }
  | { op: 'cmp'; cmp: Comparison; prop: string; value: string; matchCase: boolean }
  | { op: 'between'; prop: string; lower: string; upper: string }
  | { op: 'like'; prop: string; pattern: string; wild: string; single: string; escape: string }
  | { op: 'null'; prop: string }
  | { op: 'ids'; ids: { layer: string | undefined; id: number }[] }

/**
 * Bounds of an XML filter. GDAL writes `a OR b OR c …` as nested binary operators, so the
 * depth allowed is above the filter builder's; every element counts as a node.
 */
export const WFS_FILTER_LIMITS = { maxDepth: 64, maxNodes: 1024 } as const

const COMPARISONS: Record<string, Comparison> = {
  PropertyIsEqualTo: '=',
  PropertyIsNotEqualTo: '<>',
  PropertyIsLessThan: '<',
  PropertyIsGreaterThan: '>',
  PropertyIsLessThanOrEqualTo: '<=',
  PropertyIsGreaterThanOrEqualTo: '>=',
}

const unsupported = (name: string) =>
  new OwsError('InvalidParameterValue', 'ogc.unsupportedFilter', 'filter', { name })

/** A property reference without namespace prefix or leading path. */
export function localName(name: string): string {
  const last = name.trim().split('/').pop() ?? ''
  return last.includes(':') ? last.slice(last.indexOf(':') + 1) : last
}

function propertyOf(node: XmlNode): string {
  const ref = child(node, 'ValueReference') ?? child(node, 'PropertyName')
  return localName(text(ref))
}

function literal(node: XmlNode | undefined): string {
  const value = text(node)
  if (Buffer.byteLength(value) > FILTER_LIMITS.maxValueBytes) {
    throw new OwsError('InvalidParameterValue', 'filters.valueTooLong', 'filter', {
      max: FILTER_LIMITS.maxValueBytes,
    })
  }
  return value
}

function crsOf(node: XmlNode, fallback: Crs): Crs {
  return parseCrs(attr(node, 'srsName'), 'srsName') ?? fallback
}

const LON_LAT: Crs = { srid: 4326, latLon: false, name: 'EPSG:4326' }

function envelopeOf(node: XmlNode, fallback: Crs): Envelope {
  const crs = crsOf(node, fallback)
  const lower = child(node, 'lowerCorner')
  const upper = child(node, 'upperCorner')
  if (lower && upper) return envelope(numbers(text(lower)), numbers(text(upper)), crs, 'BBOX')
  const coords = numbers(text(child(node, 'coordinates')))
  return envelope(coords.slice(0, 2), coords.slice(2, 4), crs, 'BBOX')
}

/** Geometry operands of a spatial filter besides Envelope/Box (see gmlGeometry). */
const FILTER_GEOMETRIES = new Set([
  'Point',
  'LineString',
  'Curve',
  'Polygon',
  'Surface',
  'MultiPoint',
  'MultiLineString',
  'MultiCurve',
  'MultiPolygon',
  'MultiSurface',
])

/** A GML geometry (Envelope or Box, or one gmlGeometry reads) as WKT in its CRS. */
function geometryOf(node: XmlNode, fallback: Crs): { wkt: string; srid: number } {
  for (const { name, node: g } of elements(node)) {
    if (name === 'ValueReference' || name === 'PropertyName') continue
    if (name === 'Envelope' || name === 'Box') {
      const e = envelopeOf(g, crsOf(g, fallback))
      return {
        wkt: `POLYGON((${e.minx} ${e.miny},${e.maxx} ${e.miny},${e.maxx} ${e.maxy},${e.minx} ${e.maxy},${e.minx} ${e.miny}))`,
        srid: e.srid,
      }
    }
    if (!FILTER_GEOMETRIES.has(name)) throw unsupported(name)
    return gmlGeometry(name, g, fallback, 'filter')
  }
  throw unsupported('Intersects')
}

/** Reads a Filter element (FES 2.0 or OGC 1.1) within WFS_FILTER_LIMITS. */
export function parseFilter(filter: XmlNode, fallback: Crs = LON_LAT): Filter {
  let nodes = 0
  const read = (name: string, node: XmlNode, depth: number): Filter => {
    if (depth > WFS_FILTER_LIMITS.maxDepth) {
      throw new OwsError('InvalidParameterValue', 'filters.tooDeep', 'filter', {
        max: WFS_FILTER_LIMITS.maxDepth,
      })
    }
    if (++nodes > WFS_FILTER_LIMITS.maxNodes) {
      throw new OwsError('InvalidParameterValue', 'filters.tooManyNodes', 'filter', {
        max: WFS_FILTER_LIMITS.maxNodes,
      })
    }
    return parseOperator(name, node, fallback, (n, e) => read(n, e, depth + 1))
  }
  const parts = elements(filter).map(({ name, node }) => read(name, node, 1))
  if (parts.length === 0) throw unsupported('Filter')
  // Several ResourceId (FeatureId, GmlObjectId) elements are one set of ids, as QGIS sends the
  // features of a save: any of them, not all at once.
  if (parts.length > 1 && parts.every((p) => p.op === 'ids')) {
    return { op: 'ids', ids: parts.flatMap((p) => (p.op === 'ids' ? p.ids : [])) }
  }
  return parts.length === 1 ? parts[0]! : { op: 'and', args: parts }
}

function parseOperator(
  name: string,
  node: XmlNode,
  fallback: Crs,
  inner: (name: string, node: XmlNode) => Filter,
): Filter {
  if (name === 'And' || name === 'Or') {
    return {
      op: name === 'And' ? 'and' : 'or',
      args: elements(node).map((e) => inner(e.name, e.node)),
    }
  }
  if (name === 'Not') {
    const [first] = elements(node)
    if (!first) throw unsupported('Not')
    return { op: 'not', arg: inner(first.name, first.node) }
  }
  if (name === 'BBOX') {
    // GML 3's Envelope, or GML 2's Box (what GDAL writes for WFS 1.1.0).
    const env = child(node, 'Envelope') ?? child(node, 'Box')
    if (!env) throw unsupported('BBOX')
    return { op: 'bbox', env: envelopeOf(env, fallback) }
  }
  if (name === 'Intersects') return { op: 'intersects', ...geometryOf(node, fallback) }
  if (name in COMPARISONS) {
    return {
      op: 'cmp',
      cmp: COMPARISONS[name]!,
      prop: propertyOf(node),
      value: literal(child(node, 'Literal')),
      matchCase: attr(node, 'matchCase')?.toLowerCase() !== 'false',
    }
  }
  if (name === 'PropertyIsBetween') {
    return {
      op: 'between',
      prop: propertyOf(node),
      lower: literal(child(child(node, 'LowerBoundary'), 'Literal')),
      upper: literal(child(child(node, 'UpperBoundary'), 'Literal')),
    }
  }
  if (name === 'PropertyIsLike') {
    return {
      op: 'like',
      prop: propertyOf(node),
      pattern: literal(child(node, 'Literal')),
      wild: attr(node, 'wildCard') ?? '*',
      single: attr(node, 'singleChar') ?? '.',
      escape: attr(node, 'escapeChar') ?? attr(node, 'escape') ?? '!',
    }
  }
  if (name === 'PropertyIsNull') return { op: 'null', prop: propertyOf(node) }
  if (name === 'ResourceId' || name === 'FeatureId' || name === 'GmlObjectId') {
    const ref = attr(node, 'rid') ?? attr(node, 'fid') ?? attr(node, 'id') ?? ''
    return { op: 'ids', ids: [parseResourceId(ref)] }
  }
  throw unsupported(name)
}

/** 'oae.12' (or '12'): a feature of a layer. */
export function parseResourceId(ref: string): { layer: string | undefined; id: number } {
  const m = /^(?:([a-z_][a-z0-9_]*)\.)?(\d{1,15})$/.exec(localName(ref))
  if (!m)
    throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'resourceId', {
      name: 'RESOURCEID',
    })
  return { layer: m[1], id: Number(m[2]) }
}

/** A property a client may name (every field but the internal ones), or a 400. */
export function checkProperty(layer: CatalogueLayer, name: string): LayerField {
  const field = fieldOf(layer, name)
  if (!field) throw new OwsError('InvalidParameterValue', 'ogc.unknownProperty', name, { name })
  return field
}

/** A WFS LIKE pattern (its own wildcard, single-character and escape marks) as ILIKE's. */
export function likePattern(f: Extract<Filter, { op: 'like' }>): string {
  let pattern = ''
  for (let i = 0; i < f.pattern.length; i++) {
    const ch = f.pattern[i]!
    if (ch === f.escape && i + 1 < f.pattern.length) {
      const next = f.pattern[++i]!
      pattern += /[%_\\]/.test(next) ? `\\${next}` : next
    } else if (ch === f.wild) pattern += '%'
    else if (ch === f.single) pattern += '_'
    else pattern += /[%_\\]/.test(ch) ? `\\${ch}` : ch
  }
  return pattern
}

/**
 * Compiles a filter to SQL over `t` (the layer table), binding its values in `params`.
 * Fields, their types and value rules, and quoting come from layer-data: a value that does not
 * fit its field (a bad date, a word for a number) is a 400 naming the property.
 */
export function filterSql(layer: CatalogueLayer, f: Filter, params: SqlParams): string {
  try {
    return compile(layer, f, params)
  } catch (err) {
    if (err instanceof FilterError) {
      throw OwsError.withMessage('InvalidParameterValue', err.message, 'filter')
    }
    throw err
  }
}

function scalar(layer: CatalogueLayer, prop: string): LayerField {
  const field = checkProperty(layer, prop)
  if (field.type === 'geometry') throw unsupported(prop)
  return field
}

function compile(layer: CatalogueLayer, f: Filter, params: SqlParams): string {
  const geomGuard = () => {
    if (layer.geometryType === 'TABULAR') throw unsupported(f.op === 'bbox' ? 'BBOX' : 'Intersects')
  }
  switch (f.op) {
    case 'and':
    case 'or':
      if (f.args.length === 0) return 'true'
      return `(${f.args.map((a) => compile(layer, a, params)).join(f.op === 'and' ? ' AND ' : ' OR ')})`
    case 'not':
      return `(NOT ${compile(layer, f.arg, params)})`
    case 'bbox': {
      geomGuard()
      const e = f.env
      const box = `ST_MakeEnvelope(${params.bind(e.minx, 'float8')}, ${params.bind(e.miny, 'float8')}, ${params.bind(e.maxx, 'float8')}, ${params.bind(e.maxy, 'float8')}, ${e.srid})`
      return `ST_Intersects(t.geom, ${e.srid === 4326 ? box : `ST_Transform(${box}, 4326)`})`
    }
    case 'intersects': {
      geomGuard()
      // Computed once per statement (an InitPlan), however many rows are tested.
      const g = `ST_GeomFromText(${params.bind(f.wkt, 'text')}, ${f.srid})`
      return `ST_Intersects(t.geom, (SELECT ${f.srid === 4326 ? g : `ST_Transform(${g}, 4326)`}))`
    }
    case 'cmp': {
      const field = scalar(layer, f.prop)
      if (!f.matchCase && field.type === 'string') {
        return `lower(${columnSql(field)}::text) ${f.cmp} lower(${params.bind(f.value, 'text')})`
      }
      return comparisonSql(field, f.cmp, f.value, params, f.prop)
    }
    case 'between': {
      const field = scalar(layer, f.prop)
      return `(${comparisonSql(field, '>=', f.lower, params, f.prop)} AND ${comparisonSql(field, '<=', f.upper, params, f.prop)})`
    }
    case 'like':
      return likeSql(scalar(layer, f.prop), likePattern(f), params)
    case 'null':
      return nullSql(checkProperty(layer, f.prop), false)
    case 'ids': {
      const ids = f.ids.filter((r) => r.layer === undefined || r.layer === layer.name)
      if (ids.length === 0) return 'false'
      return `t.id = ANY(${params.bind(
        ids.map((r) => r.id),
        'bigint[]',
      )})`
    }
  }
}
