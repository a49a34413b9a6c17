import type { Queryable } from '../db/types'
import { layerRead } from '../layer-data/layer-read'
import { columnSql, layerFields, quoteIdent, type CatalogueLayer } from '../layer-data/model'

/** MVT grid: 4096 units per tile, a 64-unit buffer around it (as ST_AsMVTGeom's defaults). */
export const EXTENT = 4096
export const BUFFER = 64
/** Simplification tolerance in tile units: half a screen pixel of a 256-pixel tile. */
const SIMPLIFY_UNITS = 8
/**
 * Below this zoom, a point layer's tile keeps one point per screen pixel (16 tile units):
 * the lowest id. Points in one pixel cover each other on the map anyway, and a zoomed-out
 * tile of a dense layer (21,203 road signs) shrinks from 746 KB to a fraction of it.
 */
export const THIN_POINTS_BELOW_ZOOM = 12
const PIXEL_UNITS = EXTENT / 256

/** Whether a tile of this layer at zoom `z` keeps one point per pixel. */
export function thinsPoints(layer: CatalogueLayer, z: number): boolean {
  return layer.geometryType === 'point' && z < THIN_POINTS_BELOW_ZOOM
}
const WORLD = 40075016.685578488

/** Attributes carried in tiles: the user's text, number and boolean fields (not dates). */
export function tileAttributes(layer: CatalogueLayer): { name: string; sql: string }[] {
  return layerFields(layer)
    .filter(
      (a) => !a.system && (a.type === 'string' || a.type === 'number' || a.type === 'boolean'),
    )
    .map((a) => {
      const col = columnSql(a)
      const sql =
        a.type === 'number'
          ? `${col}::float8`
          : a.type === 'string'
            ? `${col}::text`
            : `${col}::boolean`
      return { name: a.name, sql: `${sql} AS ${quoteIdent(a.name)}` }
    })
}

const isPoint = (layer: CatalogueLayer) =>
  layer.geometryType === 'point' || layer.geometryType === 'multipoint'

/** The tile's bounds: $1 z, $2 x, $3 y. */
const BOUNDS = `SELECT ST_TileEnvelope($1::int, $2::int, $3::int) AS env,
    ST_TileEnvelope($1::int, $2::int, $3::int, margin => ${BUFFER / EXTENT}) AS benv,
    ST_Transform(ST_TileEnvelope($1::int, $2::int, $3::int, margin => ${BUFFER / EXTENT}), 4326) AS filter,
    ${WORLD} / power(2, $1::int) / ${EXTENT} AS unit`

/** Geometry in EPSG:3857, simplified for the zoom (lines and polygons). */
function projected(layer: CatalogueLayer): string {
  return isPoint(layer)
    ? 'ST_Transform(t.geom, 3857)'
    : `ST_Simplify(ST_Transform(t.geom, 3857), b.unit * ${SIMPLIFY_UNITS}, true)`
}

/** The pixel of a point in tile units, `g`: the key that keeps one point per pixel. */
const pixel = (g: string) =>
  `floor(ST_X(${g}) / ${PIXEL_UNITS}), floor(ST_Y(${g}) / ${PIXEL_UNITS})`

/**
 * PostgreSQL + PostGIS: the whole tile from ST_AsMVT ($4 is the layer name); `thin` keeps
 * one point per pixel (see THIN_POINTS_BELOW_ZOOM).
 */
export function postgisTileSql(layer: CatalogueLayer, thin = false): string {
  const attrs = tileAttributes(layer).map((a) => a.sql)
  const features = thin
    ? `(SELECT DISTINCT ON (${pixel('m.geom')}) m.* FROM m WHERE m.geom IS NOT NULL
         ORDER BY ${pixel('m.geom')}, m.id)`
    : 'm'
  const t = layerRead(layer)
  return `WITH b AS (${BOUNDS}),
  m AS (
    SELECT t.id, ${[...attrs, ''].join(', ')}
           ST_AsMVTGeom(${projected(layer)}, b.env, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM ${t.from}, b
     WHERE ${t.live} AND t.geom && b.filter)
  SELECT ST_AsMVT(q.*, $4::text, ${EXTENT}, 'geom', 'id') AS tile FROM ${features} q
   WHERE q.geom IS NOT NULL`
}

/**
 * PGlite (PostGIS without MVT): the same selection, clipped to the buffered tile, moved to
 * tile units and snapped to the grid in SQL, answered as GeoJSON for the encoder in Node.
 */
export function pgliteTileSql(layer: CatalogueLayer, thin = false): string {
  const attrs = tileAttributes(layer).map((a) => a.sql)
  const clipped = isPoint(layer) ? projected(layer) : `ST_ClipByBox2D(${projected(layer)}, b.benv)`
  const t = layerRead(layer)
  const rows = `WITH b AS (${BOUNDS})
  SELECT t.id, ${[...attrs, ''].join(', ')}
         ST_SnapToGrid(ST_Affine(${clipped}, 1 / b.unit, 0, 0, -1 / b.unit,
           -ST_XMin(b.env) / b.unit, ST_YMax(b.env) / b.unit), 1) AS tg
    FROM ${t.from}, b
   WHERE ${t.live} AND t.geom && b.filter`
  // As ST_AsMVTGeom, keep only points within the tile and its buffer.
  const inBuffer = `ST_X(m.tg) BETWEEN ${-BUFFER} AND ${EXTENT + BUFFER} AND ST_Y(m.tg) BETWEEN ${-BUFFER} AND ${EXTENT + BUFFER}`
  const columns = ['m.id', ...tileAttributes(layer).map((a) => `m.${quoteIdent(a.name)}`)]
  const select = `${columns.join(', ')}, ST_AsGeoJSON(m.tg, 0) AS g`
  return thin
    ? `WITH m AS (${rows})
  SELECT DISTINCT ON (${pixel('m.tg')}) ${select} FROM m
   WHERE ${inBuffer}
   ORDER BY ${pixel('m.tg')}, m.id`
    : `SELECT ${select} FROM (${rows}) m`
}

/** Statement texts per layer: [every feature, one point per pixel]. */
const postgisCache = new WeakMap<CatalogueLayer, [string, string]>()
const pgliteCache = new WeakMap<CatalogueLayer, [string, string]>()

/** A tile made by PostGIS in the statement that reads the layer's data version. */
export async function postgisTile(
  db: Queryable,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
): Promise<{ tile: Uint8Array; version: number }> {
  let texts = postgisCache.get(layer)
  if (!texts) {
    const statement = (thin: boolean) =>
      `SELECT (SELECT data_version FROM app.layers WHERE name = $4::text) AS version,
              coalesce(m.tile, ''::bytea) AS tile FROM (${postgisTileSql(layer, thin)}) m`
    texts = [statement(false), statement(true)]
    postgisCache.set(layer, texts)
  }
  // Prepared: parsed once per connection. The bytea arrives as hex text, which PostgreSQL
  // writes and Node decodes faster than base64.
  const { rows } = await db.query<{ tile: Buffer; version: number | null }>(
    texts[thinsPoints(layer, z) ? 1 : 0],
    [z, x, y, layer.name],
    { prepare: true },
  )
  return { tile: rows[0]?.tile ?? new Uint8Array(0), version: rows[0]?.version ?? 0 }
}

/** The features of a tile as rows (PGlite: the tile is encoded in Node), geometry as GeoJSON. */
export async function tileRows(
  db: Queryable,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
) {
  let texts = pgliteCache.get(layer)
  if (!texts) pgliteCache.set(layer, (texts = [pgliteTileSql(layer), pgliteTileSql(layer, true)]))
  const { rows } = await db.query<Record<string, unknown> & { id: number; g: string | null }>(
    texts[thinsPoints(layer, z) ? 1 : 0],
    [z, x, y],
  )
  return rows
}
