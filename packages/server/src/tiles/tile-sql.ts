import type { CatalogueLayer } from '../modules/layers/catalogue'
import { quoteIdent } from '../modules/layers/layer-tables'

/** MVT grid: 4096 units per tile, a 64-unit buffer around it (as ST_AsMVTGeom's defaults). */
export const EXTENT = 4096
export const BUFFER = 64
/** Simplification tolerance in tile units: half a screen pixel of a 256-pixel tile. */
const SIMPLIFY_UNITS = 8
const WORLD = 40075016.685578488

/** Attributes carried in tiles: the user's text, number and boolean fields (not dates). */
export function tileAttributes(layer: CatalogueLayer): { name: string; sql: string }[] {
  return layer.attributes
    .filter((a) => a.type === 'string' || a.type === 'number' || a.type === 'boolean')
    .map((a) => {
      const col = `t.${quoteIdent(a.name)}`
      const sql =
        a.type === 'number'
          ? `${col}::float8`
          : a.type === 'string'
            ? `${col}::text`
            : `${col}::boolean`
      return { name: a.name, sql: `${sql} AS ${quoteIdent(a.name)}` }
    })
}

const table = (layer: CatalogueLayer) =>
  `${quoteIdent(layer.tableSchema)}.${quoteIdent(layer.tableName)}`

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

/** PostgreSQL + PostGIS: the whole tile from ST_AsMVT ($4 is the layer name). */
export function postgisTileSql(layer: CatalogueLayer): string {
  const attrs = tileAttributes(layer).map((a) => a.sql)
  return `WITH b AS (${BOUNDS}),
  q AS (
    SELECT t.id, ${[...attrs, ''].join(', ')}
           ST_AsMVTGeom(${projected(layer)}, b.env, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM ${table(layer)} t, b
     WHERE NOT t.d_e_l_e_t_ AND t.geom && b.filter)
  SELECT ST_AsMVT(q.*, $4::text, ${EXTENT}, 'geom', 'id') AS tile FROM q WHERE q.geom IS NOT NULL`
}

/**
 * PGlite (PostGIS without MVT): the same selection, clipped to the buffered tile, moved to
 * tile units and snapped to the grid in SQL, answered as GeoJSON for the encoder in Node.
 */
export function pgliteTileSql(layer: CatalogueLayer): string {
  const attrs = tileAttributes(layer).map((a) => a.sql)
  const clipped = isPoint(layer) ? projected(layer) : `ST_ClipByBox2D(${projected(layer)}, b.benv)`
  return `WITH b AS (${BOUNDS})
  SELECT t.id, ${[...attrs, ''].join(', ')}
         ST_AsGeoJSON(ST_SnapToGrid(ST_Affine(${clipped}, 1 / b.unit, 0, 0, -1 / b.unit,
           -ST_XMin(b.env) / b.unit, ST_YMax(b.env) / b.unit), 1), 0) AS g
    FROM ${table(layer)} t, b
   WHERE NOT t.d_e_l_e_t_ AND t.geom && b.filter`
}
