import { MERCATOR_LIMIT, parseCrs, type Crs } from './crs'
import { OwsError } from './ows-errors'
import { attr, child, children, elements, text, type XmlNode } from './xml'

/** A GML geometry read as WKT in its CRS (x/y order whatever the CRS's axis order). */
export interface GmlGeometry {
  wkt: string
  srid: number
}

/** Most positions one geometry may have (the XML size limit bounds it too). */
const MAX_POSITIONS = 100_000

const bad = (name: string, locator: string) =>
  new OwsError('InvalidParameterValue', 'ogc.invalidGeometry', locator, { name })

/** The numbers of a GML coordinate text (`pos`, `posList`, `coordinates`, a corner). */
export function numbers(value: string): number[] {
  return value
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
}

/**
 * Reads a GML 3.2 or 3.1.1 geometry element (GML 2's `coordinates` too): Point, LineString,
 * Curve of line segments, Polygon, Surface of polygon patches, LinearRing-bounded holes, and
 * their Multi* forms (MultiPoint, MultiLineString, MultiCurve, MultiPolygon, MultiSurface) as
 * QGIS and GDAL write them. Positions must be finite and well formed (a line has two or more,
 * a ring four or more and closed), so PostGIS always reads the WKT; a third dimension is
 * dropped. `fallback` is the CRS when neither the element nor an ancestor names one.
 */
export function gmlGeometry(
  name: string,
  node: XmlNode,
  fallback: Crs,
  locator = 'geometry',
): GmlGeometry {
  const root = parseCrs(attr(node, 'srsName'), 'srsName') ?? fallback
  let count = 0
  const positions = (n: XmlNode | undefined, crs: Crs, min: number): string[] => {
    const list = child(n, 'posList')
    const dim = Number(attr(list, 'srsDimension') ?? attr(n, 'srsDimension') ?? 2)
    if (dim !== 2 && dim !== 3) throw bad(name, locator)
    const values = list
      ? numbers(text(list))
      : child(n, 'coordinates')
        ? numbers(text(child(n, 'coordinates')))
        : children(n, 'pos').flatMap((p) => numbers(text(p)).slice(0, 2))
    const stride = list ? dim : 2
    if (values.length % stride !== 0 || values.length / stride < min) throw bad(name, locator)
    count += values.length / stride
    if (count > MAX_POSITIONS) throw bad(name, locator)
    const out: string[] = []
    for (let i = 0; i < values.length; i += stride) {
      const [a, b] = [values[i]!, values[i + 1]!]
      const [x, y] = crs.latLon ? [b, a] : [a, b]
      if (!Number.isFinite(x) || !Number.isFinite(y)) throw bad(name, locator)
      if (crs.srid === 3857 && (Math.abs(x) > MERCATOR_LIMIT || Math.abs(y) > MERCATOR_LIMIT)) {
        throw bad(name, locator)
      }
      out.push(`${x} ${y}`)
    }
    return out
  }
  const crsOf = (n: XmlNode, parent: Crs) => {
    const own = parseCrs(attr(n, 'srsName'), 'srsName')
    if (own && own.srid !== root.srid) throw bad(name, locator)
    return own ?? parent
  }
  const ring = (boundary: XmlNode, crs: Crs) => {
    const r = child(boundary, 'LinearRing')
    if (!r) throw bad(name, locator)
    const pts = positions(r, crsOf(r, crs), 4)
    if (pts[0] !== pts[pts.length - 1]) throw bad(name, locator)
    return `(${pts.join(',')})`
  }
  /** The text of one part, without its type: `(x y)`, `(x y,…)`, `((…),(…))`. */
  const part = (kind: string, n: XmlNode, parent: Crs): { type: string; body: string } => {
    const crs = crsOf(n, parent)
    switch (kind) {
      case 'Point': {
        const pts = positions(n, crs, 1)
        if (pts.length !== 1) throw bad(name, locator)
        return { type: 'POINT', body: `(${pts[0]})` }
      }
      case 'LineString':
        return { type: 'LINESTRING', body: `(${positions(n, crs, 2).join(',')})` }
      case 'Curve': {
        const segments = elements(child(n, 'segments') ?? {})
        if (segments.length === 0) throw bad(name, locator)
        const pts: string[] = []
        for (const s of segments) {
          if (s.name !== 'LineStringSegment') throw bad(name, locator)
          const own = positions(s.node, crs, 2)
          pts.push(...(pts.length && pts[pts.length - 1] === own[0] ? own.slice(1) : own))
        }
        return { type: 'LINESTRING', body: `(${pts.join(',')})` }
      }
      case 'Polygon':
      case 'PolygonPatch': {
        const outer = child(n, 'exterior') ?? child(n, 'outerBoundaryIs')
        if (!outer) throw bad(name, locator)
        const holes = [...children(n, 'interior'), ...children(n, 'innerBoundaryIs')]
        return {
          type: 'POLYGON',
          body: `(${[outer, ...holes].map((b) => ring(b, crs)).join(',')})`,
        }
      }
      case 'Surface': {
        const patches = elements(child(n, 'patches') ?? {})
        if (patches.length !== 1 || patches[0]!.name !== 'PolygonPatch') throw bad(name, locator)
        return part('PolygonPatch', patches[0]!.node, crs)
      }
    }
    throw new OwsError('InvalidParameterValue', 'ogc.unsupportedGeometry', locator, { name: kind })
  }
  const MULTI: Record<string, { type: string; members: string[]; kinds: string[] }> = {
    MultiPoint: { type: 'MULTIPOINT', members: ['pointMember', 'pointMembers'], kinds: ['Point'] },
    MultiLineString: {
      type: 'MULTILINESTRING',
      members: ['lineStringMember'],
      kinds: ['LineString'],
    },
    MultiCurve: {
      type: 'MULTILINESTRING',
      members: ['curveMember', 'curveMembers'],
      kinds: ['LineString', 'Curve'],
    },
    MultiPolygon: { type: 'MULTIPOLYGON', members: ['polygonMember'], kinds: ['Polygon'] },
    MultiSurface: {
      type: 'MULTIPOLYGON',
      members: ['surfaceMember', 'surfaceMembers'],
      kinds: ['Polygon', 'Surface'],
    },
  }
  const multi = MULTI[name]
  if (multi) {
    const crs = root
    const bodies = multi.members
      .flatMap((m) => children(node, m))
      .flatMap((member) => elements(member))
      .map((e) => {
        if (!multi.kinds.includes(e.name)) throw bad(name, locator)
        return part(e.name, e.node, crs).body
      })
    if (bodies.length === 0) throw bad(name, locator)
    return { wkt: `${multi.type}(${bodies.join(',')})`, srid: root.srid }
  }
  const single = part(name, node, root)
  return { wkt: `${single.type}${single.body}`, srid: root.srid }
}

/** The one geometry element inside a property (`<gis:geom><gml:Point>…</gis:geom>`), or none. */
export function geometryIn(node: XmlNode): { name: string; node: XmlNode } | undefined {
  const found = elements(node)
  if (found.length > 1) throw bad(found.map((f) => f.name).join(','), 'geometry')
  return found[0]
}
