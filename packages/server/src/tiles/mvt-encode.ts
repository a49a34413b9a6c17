import { PbfWriter } from 'pbf'

/** Tile-coordinate geometry as GeoJSON gives it (integers, y pointing down). */
export type TileGeometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'MultiPoint'; coordinates: number[][] }
  | { type: 'LineString'; coordinates: number[][] }
  | { type: 'MultiLineString'; coordinates: number[][][] }
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | { type: 'GeometryCollection'; geometries: TileGeometry[] }

export interface TileFeature {
  id: number
  geometry: TileGeometry
  properties: Record<string, string | number | boolean | null>
}

type Value = string | number | boolean

const POINT = 1
const LINESTRING = 2
const POLYGON = 3

const command = (id: number, count: number) => (id & 0x7) | (count << 3)
const zigzag = (n: number) => (n << 1) ^ (n >> 31)

/** Drops consecutive repeated points (snapping to the tile grid creates them). */
function dedupe(points: number[][]): number[][] {
  const out: number[][] = []
  for (const p of points) {
    const last = out[out.length - 1]
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p)
  }
  return out
}

/** Surveyor's formula in tile coordinates: exterior rings must be positive (MVT 2.1, 4.3.4.4). */
function ringArea(ring: number[][]): number {
  let sum = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j]![0]! * ring[i]![1]! - ring[i]![0]! * ring[j]![1]!
  }
  return sum / 2
}

class GeometryWriter {
  readonly out: number[] = []
  private x = 0
  private y = 0

  private move(p: number[]) {
    const px = Math.round(p[0]!)
    const py = Math.round(p[1]!)
    this.out.push(zigzag(px - this.x), zigzag(py - this.y))
    this.x = px
    this.y = py
  }

  points(points: number[][]) {
    if (points.length === 0) return
    this.out.push(command(1, points.length))
    for (const p of points) this.move(p)
  }

  line(points: number[][]) {
    const pts = dedupe(points)
    if (pts.length < 2) return
    this.out.push(command(1, 1))
    this.move(pts[0]!)
    this.out.push(command(2, pts.length - 1))
    for (const p of pts.slice(1)) this.move(p)
  }

  polygon(rings: number[][][]) {
    rings.forEach((ring, index) => {
      let pts = dedupe(ring)
      if (pts.length > 1 && pts[0]![0] === pts.at(-1)![0] && pts[0]![1] === pts.at(-1)![1]) {
        pts = pts.slice(0, -1)
      }
      if (pts.length < 3) return
      const area = ringArea(pts)
      if (area === 0) return
      // Exterior rings positive, holes negative.
      if ((index === 0) !== area > 0) pts = pts.reverse()
      this.out.push(command(1, 1))
      this.move(pts[0]!)
      this.out.push(command(2, pts.length - 1))
      for (const p of pts.slice(1)) this.move(p)
      this.out.push(command(7, 1))
    })
  }
}

/** The MVT geometry type and commands of one geometry, or undefined when nothing is left. */
function encodeGeometry(g: TileGeometry): { type: number; commands: number[] } | undefined {
  const w = new GeometryWriter()
  let type: number
  switch (g.type) {
    case 'Point':
      type = POINT
      w.points([g.coordinates])
      break
    case 'MultiPoint':
      type = POINT
      w.points(g.coordinates)
      break
    case 'LineString':
      type = LINESTRING
      w.line(g.coordinates)
      break
    case 'MultiLineString':
      type = LINESTRING
      for (const l of g.coordinates) w.line(l)
      break
    case 'Polygon':
      type = POLYGON
      w.polygon(g.coordinates)
      break
    case 'MultiPolygon':
      type = POLYGON
      for (const p of g.coordinates) w.polygon(p)
      break
    case 'GeometryCollection': {
      // Clipping can yield a collection: keep the parts of the highest dimension.
      const parts = {
        points: [] as number[][],
        lines: [] as number[][][],
        polygons: [] as number[][][][],
      }
      const collect = (geom: TileGeometry) => {
        if (geom.type === 'Point') parts.points.push(geom.coordinates)
        else if (geom.type === 'MultiPoint') parts.points.push(...geom.coordinates)
        else if (geom.type === 'LineString') parts.lines.push(geom.coordinates)
        else if (geom.type === 'MultiLineString') parts.lines.push(...geom.coordinates)
        else if (geom.type === 'Polygon') parts.polygons.push(geom.coordinates)
        else if (geom.type === 'MultiPolygon') parts.polygons.push(...geom.coordinates)
        else geom.geometries.forEach(collect)
      }
      collect(g)
      if (parts.polygons.length)
        return encodeGeometry({ type: 'MultiPolygon', coordinates: parts.polygons })
      if (parts.lines.length)
        return encodeGeometry({ type: 'MultiLineString', coordinates: parts.lines })
      if (parts.points.length)
        return encodeGeometry({ type: 'MultiPoint', coordinates: parts.points })
      return undefined
    }
  }
  return w.out.length > 0 ? { type, commands: w.out } : undefined
}

function writeValue(value: Value, pbf: PbfWriter) {
  if (typeof value === 'string') pbf.writeStringField(1, value)
  else if (typeof value === 'boolean') pbf.writeBooleanField(7, value)
  else pbf.writeDoubleField(3, value)
}

/**
 * Encodes one MVT layer (version 2, extent 4096) like PostGIS's ST_AsMVT: feature ids from the
 * `id` column, numbers as doubles, null properties left out. Used where PostGIS lacks MVT
 * (PGlite); the tile decodes to the same features either way.
 */
export function encodeMvtLayer(name: string, features: TileFeature[], extent = 4096): Uint8Array {
  const keys: string[] = []
  const keyIndex = new Map<string, number>()
  const values: Value[] = []
  const valueIndex = new Map<string, number>()
  const encoded: { id: number; type: number; commands: number[]; tags: number[] }[] = []
  for (const f of features) {
    const geometry = encodeGeometry(f.geometry)
    if (!geometry) continue
    const tags: number[] = []
    for (const [key, value] of Object.entries(f.properties)) {
      if (value === null || value === undefined) continue
      let k = keyIndex.get(key)
      if (k === undefined) {
        k = keys.push(key) - 1
        keyIndex.set(key, k)
      }
      const vKey = `${typeof value}:${String(value)}`
      let v = valueIndex.get(vKey)
      if (v === undefined) {
        v = values.push(value) - 1
        valueIndex.set(vKey, v)
      }
      tags.push(k, v)
    }
    encoded.push({ id: f.id, ...geometry, tags })
  }
  if (encoded.length === 0) return new Uint8Array(0)
  const pbf = new PbfWriter()
  pbf.writeMessage(
    3,
    (_: unknown, layer: PbfWriter) => {
      layer.writeVarintField(15, 2)
      layer.writeStringField(1, name)
      for (const f of encoded) {
        layer.writeMessage(
          2,
          (_f: unknown, p: PbfWriter) => {
            p.writeVarintField(1, f.id)
            if (f.tags.length) p.writePackedVarint(2, f.tags)
            p.writeVarintField(3, f.type)
            p.writePackedVarint(4, f.commands)
          },
          undefined,
        )
      }
      for (const k of keys) layer.writeStringField(3, k)
      for (const v of values)
        layer.writeMessage(4, (_v: unknown, p: PbfWriter) => writeValue(v, p), undefined)
      layer.writeVarintField(5, extent)
    },
    undefined,
  )
  return pbf.finish()
}
