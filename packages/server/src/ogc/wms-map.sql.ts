import type { Queryable } from '../db/types'
import { layerRead } from '../layer-data/layer-read'
import { columnSql, fieldOf, type CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import type { Envelope } from './crs'

// The SQL of a WMS map: the view's search box, each layer's shapes already in pixels (PostGIS
// transforms, moves them to the picture's grid, clips and simplifies them), labels' anchors,
// and the features around a clicked pixel.

/** A map's view in its CRS and its size in pixels. */
export interface PixelView {
  box: Envelope
  width: number
  height: number
}

/** Pixels drawn around the picture (strokes and symbols of shapes just outside it). */
export const MARGIN = 64

/**
 * The view's box in EPSG:4326 (the layers' system), widened by the margin and with its edges
 * followed (a UTM box's edges are curves in degrees); undefined when PROJ cannot place it (a
 * box outside the system's domain: the map is empty).
 */
export async function searchBox(
  db: Queryable,
  view: PixelView,
): Promise<[number, number, number, number] | undefined> {
  const { box, width } = view
  const margin = (MARGIN * (box.maxx - box.minx)) / width
  const srid = Math.trunc(box.srid)
  const params = new SqlParams()
  const env = `ST_Expand(ST_MakeEnvelope(${params.bind(box.minx, 'float8')}, ${params.bind(box.miny, 'float8')}, ${params.bind(box.maxx, 'float8')}, ${params.bind(box.maxy, 'float8')}, ${srid}), ${params.bind(margin, 'float8')})`
  const b =
    srid === 4326
      ? env
      : `ST_Transform(ST_Segmentize(${env}, ${params.bind((box.maxx - box.minx) / 16 + 1e-9, 'float8')}), 4326)`
  try {
    const { rows } = await db.query<{ x0: number; y0: number; x1: number; y1: number }>(
      `SELECT ST_XMin(b) AS x0, ST_YMin(b) AS y0, ST_XMax(b) AS x1, ST_YMax(b) AS y1
         FROM (SELECT ${b} AS b) v`,
      params.values,
    )
    const r = rows[0]
    if (!r || ![r.x0, r.y0, r.x1, r.y1].every(Number.isFinite)) return undefined
    return [r.x0, r.y0, r.x1, r.y1]
  } catch {
    return undefined
  }
}

/** A layer's shapes of one class: SVG path data (lines, polygons) or `x y` pairs (points). */
export interface ClassShapes {
  /** The style class (index into the style's categories), -1 for the layer's own symbol. */
  cls: number
  data: string
}

export interface LabelAnchor {
  value: unknown
  x: number
  y: number
  /** A line's direction at its middle, as the points before and after it. */
  dx: number
  dy: number
}

type Kind = 'point' | 'line' | 'polygon'

export function kindOf(layer: CatalogueLayer): Kind {
  const g = layer.geometryType
  if (g === 'point' || g === 'multipoint') return 'point'
  if (g === 'linestring' || g === 'multilinestring') return 'line'
  return 'polygon'
}

/** The geometry in the view's pixels: x right, y up from the top edge (ST_AsSVG flips y). */
function pixelGeometry(view: PixelView, params: SqlParams): string {
  const { box, width, height } = view
  const sx = width / (box.maxx - box.minx)
  const sy = height / (box.maxy - box.miny)
  const srid = Math.trunc(box.srid)
  const geom = srid === 4326 ? 't.geom' : `ST_Transform(t.geom, ${srid})`
  return `ST_Affine(${geom}, ${params.bind(sx, 'float8')}, 0, 0, ${params.bind(sy, 'float8')}, ${params.bind(-sx * box.minx, 'float8')}, ${params.bind(-sy * box.maxy, 'float8')})`
}

/** The style class of each row: the index of the first category its attribute's text matches. */
function classSql(layer: CatalogueLayer, params: SqlParams): string {
  const categories = layer.style.categories
  const field = categories ? fieldOf(layer, categories.attribute) : undefined
  if (!categories || !field || field.type === 'geometry' || !categories.classes.length) return '-1'
  // The web map compares String(value) with String(class value); numbers are floats there.
  const text =
    field.type === 'number' ? `(${columnSql(field)})::float8::text` : `(${columnSql(field)})::text`
  const whens = categories.classes.map(
    (c, i) => `WHEN ${params.bind(String(c.value), 'text')} THEN ${i}`,
  )
  return `CASE ${text} ${whens.join(' ')} ELSE -1 END`
}

function liveInBox(layer: CatalogueLayer, search: number[], params: SqlParams) {
  const t = layerRead(layer)
  const [x0, y0, x1, y1] = search.map((v) => params.bind(v, 'float8'))
  return `${t.from} WHERE ${t.live} AND t.geom && ST_MakeEnvelope(${x0}, ${y0}, ${x1}, ${y1}, 4326)`
}

/**
 * A layer's shapes in the view, one text per style class: lines and polygons as SVG path data
 * (clipped to the view and its margin, simplified to a third of a pixel, rings oriented so
 * holes stay empty under the nonzero rule), points as `x y` pairs joined by commas.
 */
export async function layerShapes(
  db: Queryable,
  layer: CatalogueLayer,
  view: PixelView,
  search: [number, number, number, number],
): Promise<ClassShapes[]> {
  const params = new SqlParams()
  const cls = classSql(layer, params)
  const g = pixelGeometry(view, params)
  const m = MARGIN
  const clip = `ST_MakeEnvelope(${-m}, ${-view.height - m}, ${view.width + m}, ${m})::box2d`
  const where = liveInBox(layer, search, params)
  const kind = kindOf(layer)
  const text =
    kind === 'point'
      ? `SELECT c AS cls, string_agg(round(ST_X(p)::numeric, 1) || ' ' || round(-ST_Y(p)::numeric, 1), ',' ORDER BY id) AS data
           FROM (SELECT ${cls} AS c, t.id, (ST_Dump(${g})).geom AS p FROM ${where}) x
          GROUP BY c`
      : `SELECT c AS cls, string_agg(ST_AsSVG(s, 0, 1), ' ' ORDER BY id) AS data
           FROM (SELECT c, id, ST_Simplify(${kind === 'polygon' ? 'ST_ForcePolygonCCW(ST_ClipByBox2D(g, ' + clip + '))' : 'ST_ClipByBox2D(g, ' + clip + ')'}, 0.3, true) AS s
                   FROM (SELECT ${cls} AS c, t.id, ${g} AS g FROM ${where}) y) x
          WHERE s IS NOT NULL AND NOT ST_IsEmpty(s)
          GROUP BY c`
  const { rows } = await db.query<{ cls: number; data: string | null }>(text, params.values)
  return rows.filter((r) => r.data).map((r) => ({ cls: Number(r.cls), data: r.data! }))
}

/** The most labels one layer places in a map (the first by id; the rest would overlap). */
const MAX_LABELS = 2000

/**
 * Where a layer's labels go: a point's position, a line's middle (and its direction there),
 * a point inside a polygon's visible part; only anchors inside the picture.
 */
export async function labelAnchors(
  db: Queryable,
  layer: CatalogueLayer,
  attribute: string,
  view: PixelView,
  search: [number, number, number, number],
): Promise<LabelAnchor[]> {
  const field = fieldOf(layer, attribute)
  if (!field || field.type === 'geometry') return []
  const params = new SqlParams()
  const g = pixelGeometry(view, params)
  const where = liveInBox(layer, search, params)
  const kind = kindOf(layer)
  const clip = `ST_MakeEnvelope(0, ${-view.height}, ${view.width}, 0)::box2d`
  const isLine = "ST_GeometryType(l) = 'ST_LineString'"
  const along = (f: number) => `CASE WHEN ${isLine} THEN ST_LineInterpolatePoint(l, ${f}) END`
  const anchor =
    kind === 'point'
      ? 'ST_GeometryN(g, 1)'
      : kind === 'line'
        ? along(0.5)
        : `ST_PointOnSurface(ST_ClipByBox2D(g, ${clip}))`
  const line =
    kind === 'line' ? `ST_GeometryN(ST_LineMerge(ST_ClipByBox2D(g, ${clip})), 1)` : 'NULL::geometry'
  const col = columnSql(field)
  const { rows } = await db.query<{
    value: unknown
    x: number
    y: number
    ax: number | null
    ay: number | null
    bx: number | null
    by: number | null
  }>(
    `SELECT value, ST_X(a) AS x, -ST_Y(a) AS y,
            ST_X(a0) AS ax, -ST_Y(a0) AS ay, ST_X(a1) AS bx, -ST_Y(a1) AS by
       FROM (SELECT value, ${anchor} AS a,
                    ${kind === 'line' ? along(0.45) : 'NULL::geometry'} AS a0,
                    ${kind === 'line' ? along(0.55) : 'NULL::geometry'} AS a1
               FROM (SELECT to_json(${col}) AS value, g, ${line} AS l
                       FROM (SELECT t.*, ${g} AS g FROM ${where}) t
                      WHERE ${col} IS NOT NULL
                      ORDER BY t.id LIMIT ${MAX_LABELS * 4}) z) w
      WHERE a IS NOT NULL AND NOT ST_IsEmpty(a)
        AND ST_X(a) BETWEEN 0 AND ${view.width} AND -ST_Y(a) BETWEEN 0 AND ${view.height}
      LIMIT ${MAX_LABELS}`,
    params.values,
  )
  return rows.map((r) => ({
    value: r.value,
    x: Number(r.x),
    y: Number(r.y),
    dx: r.ax === null || r.bx === null ? 0 : Number(r.bx) - Number(r.ax),
    dy: r.ay === null || r.by === null ? 0 : Number(r.by) - Number(r.ay),
  }))
}

/**
 * The ids of a layer's live features within `radius` (in the view's CRS units) of a point in
 * it, nearest first, at most `limit`.
 */
export async function featuresNear(
  db: Queryable,
  layer: CatalogueLayer,
  point: { x: number; y: number; srid: number },
  radius: number,
  search: [number, number, number, number],
  limit: number,
): Promise<number[]> {
  const params = new SqlParams()
  const srid = Math.trunc(point.srid)
  const p = `ST_SetSRID(ST_MakePoint(${params.bind(point.x, 'float8')}, ${params.bind(point.y, 'float8')}), ${srid})`
  const geom = srid === 4326 ? 't.geom' : `ST_Transform(t.geom, ${srid})`
  const r = params.bind(radius, 'float8')
  const where = liveInBox(layer, search, params)
  const { rows } = await db.query<{ id: string }>(
    `SELECT t.id FROM ${where} AND ST_DWithin(${geom}, ${p}, ${r})
      ORDER BY ST_Distance(${geom}, ${p}), t.id LIMIT ${Math.trunc(limit)}`,
    params.values,
  )
  return rows.map((row) => Number(row.id))
}
