import type { CatalogueLayer } from '../modules/layers/catalogue'
import { quoteIdent } from '../modules/layers/layer-tables'
import { envelope, parseCrs, type Crs, type Envelope } from './crs'
import { OwsError } from './ows-errors'
import { attr, child, elements, text, type XmlNode } from './xml'

/** A WFS filter, from KVP (BBOX, RESOURCEID) or from FES 2.0 / OGC 1.1 XML. */
export type Filter =
  | { op: 'and' | 'or'; args: Filter[] }
  | { op: 'not'; arg: Filter }
  | { op: 'bbox'; env: Envelope }
  | { op: 'intersects'; wkt: string; srid: number }
  | { op: 'cmp'; cmp: '=' | '<>' | '<' | '>' | '<=' | '>='; prop: string; value: string }
  | { op: 'like'; prop: string; pattern: string; wild: string; single: string; escape: string }
  | { op: 'null'; prop: string }
  | { op: 'ids'; ids: { layer: string | undefined; id: number }[] }

const COMPARISONS: Record<string, '=' | '<>' | '<' | '>' | '<=' | '>='> = {
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

function numbers(value: string): number[] {
  return value
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
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

/** A GML geometry (Envelope, Point, Polygon, LineString) as WKT in its CRS. */
function geometryOf(node: XmlNode, fallback: Crs): { wkt: string; srid: number } {
  for (const { name, node: g } of elements(node)) {
    if (name === 'ValueReference' || name === 'PropertyName') continue
    const crs = crsOf(g, fallback)
    const pairs = (values: number[]) => {
      const out: string[] = []
      for (let i = 0; i + 1 < values.length; i += 2) {
        const [a, b] = [values[i]!, values[i + 1]!]
        if (!Number.isFinite(a) || !Number.isFinite(b)) throw unsupported(name)
        out.push(crs.latLon ? `${b} ${a}` : `${a} ${b}`)
      }
      return out.join(',')
    }
    const posList = (n: XmlNode | undefined) =>
      numbers(text(child(n, 'posList') ?? child(n, 'coordinates')) || text(child(n, 'pos')))
    if (name === 'Envelope') {
      const e = envelopeOf(g, crs)
      return {
        wkt: `POLYGON((${e.minx} ${e.miny},${e.maxx} ${e.miny},${e.maxx} ${e.maxy},${e.minx} ${e.maxy},${e.minx} ${e.miny}))`,
        srid: e.srid,
      }
    }
    if (name === 'Point') return { wkt: `POINT(${pairs(posList(g))})`, srid: crs.srid }
    if (name === 'LineString') return { wkt: `LINESTRING(${pairs(posList(g))})`, srid: crs.srid }
    if (name === 'Polygon') {
      const ring = child(child(g, 'exterior') ?? child(g, 'outerBoundaryIs'), 'LinearRing')
      return { wkt: `POLYGON((${pairs(posList(ring))}))`, srid: crs.srid }
    }
    throw unsupported(name)
  }
  throw unsupported('Intersects')
}

/** Reads a Filter element (FES 2.0 or OGC 1.1). */
export function parseFilter(filter: XmlNode, fallback: Crs = LON_LAT): Filter {
  const parts = elements(filter).map(({ name, node }) => parseOperator(name, node, fallback))
  if (parts.length === 0) throw unsupported('Filter')
  return parts.length === 1 ? parts[0]! : { op: 'and', args: parts }
}

function parseOperator(name: string, node: XmlNode, fallback: Crs): Filter {
  if (name === 'And' || name === 'Or') {
    return {
      op: name === 'And' ? 'and' : 'or',
      args: elements(node).map((e) => parseOperator(e.name, e.node, fallback)),
    }
  }
  if (name === 'Not') {
    const [inner] = elements(node)
    if (!inner) throw unsupported('Not')
    return { op: 'not', arg: parseOperator(inner.name, inner.node, fallback) }
  }
  if (name === 'BBOX') {
    const env = child(node, 'Envelope')
    if (!env) throw unsupported('BBOX')
    return { op: 'bbox', env: envelopeOf(env, fallback) }
  }
  if (name === 'Intersects') return { op: 'intersects', ...geometryOf(node, fallback) }
  if (name in COMPARISONS) {
    return {
      op: 'cmp',
      cmp: COMPARISONS[name]!,
      prop: propertyOf(node),
      value: text(child(node, 'Literal')),
    }
  }
  if (name === 'PropertyIsLike') {
    return {
      op: 'like',
      prop: propertyOf(node),
      pattern: text(child(node, 'Literal')),
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

/** Properties a client may name: the system fields and the layer's own. */
export function propertyTypes(layer: CatalogueLayer): Map<string, string> {
  const map = new Map<string, string>([
    ['id', 'number'],
    ['uuid', 'string'],
    ['m_o_d_i_f_', 'datetime'],
  ])
  if (layer.geometryType !== 'TABULAR') map.set('geom', 'geometry')
  for (const a of layer.attributes) map.set(a.name, a.type)
  return map
}

export function checkProperty(layer: CatalogueLayer, name: string): string {
  const type = propertyTypes(layer).get(name)
  if (!type) throw new OwsError('InvalidParameterValue', 'ogc.unknownProperty', name, { name })
  return type
}

/** Compiles a filter to SQL over `t` (the layer table), with parameters appended to `params`. */
export function filterSql(layer: CatalogueLayer, f: Filter, params: unknown[]): string {
  const p = (value: unknown) => `$${params.push(value)}`
  const column = (prop: string) => {
    const type = checkProperty(layer, prop)
    if (type === 'geometry') throw unsupported(prop)
    return { sql: `t.${quoteIdent(prop)}`, type }
  }
  const literal = (type: string, value: string, prop: string) => {
    const bad = () =>
      new OwsError('InvalidParameterValue', 'ogc.invalidParameter', prop, { name: prop })
    if (type === 'number') {
      const n = Number(value)
      if (value.trim() === '' || !Number.isFinite(n)) throw bad()
      return `${p(n)}::float8`
    }
    if (type === 'boolean') {
      if (!/^(true|false|1|0)$/i.test(value)) throw bad()
      return `${p(/^(true|1)$/i.test(value))}::boolean`
    }
    if (type === 'datetime' || type === 'date') {
      if (Number.isNaN(Date.parse(value))) throw bad()
      return `${p(value)}::${type === 'date' ? 'date' : 'timestamptz'}`
    }
    if (type === 'time') {
      if (!/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) throw bad()
      return `${p(value)}::time`
    }
    return `${p(value)}::text`
  }
  const geomGuard = () => {
    if (layer.geometryType === 'TABULAR') throw unsupported('BBOX')
  }
  switch (f.op) {
    case 'and':
    case 'or':
      if (f.args.length === 0) return 'true'
      return `(${f.args.map((a) => filterSql(layer, a, params)).join(f.op === 'and' ? ' AND ' : ' OR ')})`
    case 'not':
      return `(NOT ${filterSql(layer, f.arg, params)})`
    case 'bbox': {
      geomGuard()
      const e = f.env
      const box = `ST_MakeEnvelope(${p(e.minx)}::float8, ${p(e.miny)}::float8, ${p(e.maxx)}::float8, ${p(e.maxy)}::float8, ${e.srid})`
      return `ST_Intersects(t.geom, ${e.srid === 4326 ? box : `ST_Transform(${box}, 4326)`})`
    }
    case 'intersects': {
      geomGuard()
      const g = `ST_GeomFromText(${p(f.wkt)}, ${f.srid === 3857 ? 3857 : 4326})`
      return `ST_Intersects(t.geom, ${f.srid === 3857 ? `ST_Transform(${g}, 4326)` : g})`
    }
    case 'cmp': {
      const c = column(f.prop)
      return `${c.type === 'number' ? `${c.sql}::float8` : c.sql} ${f.cmp} ${literal(c.type, f.value, f.prop)}`
    }
    case 'like': {
      const c = column(f.prop)
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
      return `${c.sql}::text ILIKE ${p(pattern)}`
    }
    case 'null':
      return `${column(f.prop).sql} IS NULL`
    case 'ids': {
      const ids = f.ids.filter((r) => r.layer === undefined || r.layer === layer.name)
      if (ids.length === 0) return 'false'
      return `t.id = ANY(${p(ids.map((r) => r.id))}::bigint[])`
    }
  }
}
