import type { MessageKey } from '@gis/shared'
import { OapiError } from './ogcapi-errors'

/**
 * A CQL2 filter (OGC 21-065) as read from its text or JSON encoding: the subset served here
 * (basic CQL2, LIKE/BETWEEN/IN, the spatial functions). Comparisons name a property and a
 * literal; a literal first (`5 < km`) is turned around when read.
 */
export type Cql2 =
  | { op: 'and' | 'or'; args: Cql2[] }
  | { op: 'not'; arg: Cql2 }
  | { op: 'bool'; value: boolean }
  | { op: 'cmp'; cmp: Cql2Comparison; prop: string; value: Cql2Value }
  | { op: 'like'; prop: string; pattern: string }
  | { op: 'in'; prop: string; values: Cql2Value[] }
  | { op: 'between'; prop: string; lower: Cql2Value; upper: Cql2Value }
  | { op: 'isNull'; prop: string }
  | { op: 'spatial'; fn: SpatialFunction; prop: string; geometry: Cql2Geometry }

export type Cql2Comparison = '=' | '<>' | '<' | '>' | '<=' | '>='

/** A literal: text, number, boolean; TIMESTAMP('…') and DATE('…') as their ISO text. */
export type Cql2Value = string | number | boolean

export const SPATIAL_FUNCTIONS = [
  's_intersects',
  's_disjoint',
  's_equals',
  's_touches',
  's_within',
  's_overlaps',
  's_crosses',
  's_contains',
] as const
export type SpatialFunction = (typeof SPATIAL_FUNCTIONS)[number]

/** Positions nested as GeoJSON nests them (a position is an array of 2 or 3 numbers). */
export type Coordinates = number[] | Coordinates[]

export const GEOMETRY_TYPES = [
  'Point',
  'LineString',
  'Polygon',
  'MultiPoint',
  'MultiLineString',
  'MultiPolygon',
] as const
export type Cql2GeometryType = (typeof GEOMETRY_TYPES)[number]

/** A geometry literal (a BBOX is read as its polygon), in the filter's CRS axis order. */
export interface Cql2Geometry {
  type: Cql2GeometryType
  coordinates: Coordinates
}

/** Bounds of one filter: its text, nesting, and predicates with their literals. */
export const CQL2_LIMITS = { maxChars: 64_000, maxDepth: 64, maxNodes: 1024 } as const

/** How deep each type nests its positions (Point 0: a position itself). */
export const GEOMETRY_DEPTH: Record<Cql2GeometryType, number> = {
  Point: 0,
  LineString: 1,
  MultiPoint: 1,
  Polygon: 2,
  MultiLineString: 2,
  MultiPolygon: 3,
}

/** A 400 about the filter. */
export const filterError = (key: MessageKey, params: Record<string, string | number>) =>
  OapiError.of(400, 'InvalidParameterValue', key, params)

/** The polygon of a BBOX (2D: 4 numbers, 3D: 6), corners in the filter's axis order. */
export function bboxPolygon(box: number[], at: string): Cql2Geometry {
  if (box.length !== 4 && box.length !== 6) {
    throw filterError('ogcapi.filterGeometry', { reason: `BBOX (${at})` })
  }
  const [x1, y1, x2, y2] = box.length === 4 ? box : [box[0]!, box[1]!, box[3]!, box[4]!]
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x1!, y1!],
        [x2!, y1!],
        [x2!, y2!],
        [x1!, y2!],
        [x1!, y1!],
      ],
    ],
  }
}

/** Checks that coordinates nest as the type says, with finite 2D/3D positions. */
export function checkCoordinates(type: Cql2GeometryType, c: unknown, at: string): Coordinates {
  const walk = (value: unknown, depth: number): Coordinates => {
    if (!Array.isArray(value)) throw filterError('ogcapi.filterGeometry', { reason: at })
    if (depth === 0) {
      const ok =
        (value.length === 2 || value.length === 3) &&
        value.every((n) => typeof n === 'number' && Number.isFinite(n))
      if (!ok) throw filterError('ogcapi.filterGeometry', { reason: at })
      return value as number[]
    }
    if (value.length === 0) throw filterError('ogcapi.filterGeometry', { reason: at })
    return value.map((v) => walk(v, depth - 1)) as Coordinates
  }
  return walk(c, GEOMETRY_DEPTH[type])
}

const position = (p: number[], flip: boolean) => (flip ? `${p[1]} ${p[0]}` : `${p[0]} ${p[1]}`)

/**
 * The WKT of a geometry literal, written from its numbers only (never the client's text), in
 * x/y order: `flip` swaps a latitude-first system's axes. Heights are dropped (2D layers).
 */
export function geometryWkt(g: Cql2Geometry, flip: boolean): string {
  const list = (c: Coordinates, depth: number): string =>
    depth === 0
      ? position(c as number[], flip)
      : `(${(c as Coordinates[]).map((x) => list(x, depth - 1)).join(',')})`
  const depth = GEOMETRY_DEPTH[g.type]
  const body = depth === 0 ? `(${list(g.coordinates, 0)})` : list(g.coordinates, depth)
  return `${g.type.toUpperCase()}${body}`
}

/** Lines of two positions or more, rings of four or more that close: what PostGIS reads. */
export function checkShape(g: Cql2Geometry): void {
  const bad = () => filterError('ogcapi.filterGeometry', { reason: g.type })
  const same = (a: number[], b: number[]) => a[0] === b[0] && a[1] === b[1]
  const line = (c: Coordinates) => {
    if ((c as number[][]).length < 2) throw bad()
  }
  const ring = (c: Coordinates) => {
    const r = c as number[][]
    if (r.length < 4 || !same(r[0]!, r[r.length - 1]!)) throw bad()
  }
  const polygon = (c: Coordinates) => (c as Coordinates[]).forEach(ring)
  const c = g.coordinates
  if (g.type === 'LineString') line(c)
  else if (g.type === 'MultiLineString') (c as Coordinates[]).forEach(line)
  else if (g.type === 'Polygon') polygon(c)
  else if (g.type === 'MultiPolygon') (c as Coordinates[]).forEach(polygon)
}
