// The SQL our server runs for a tile (src/tiles/tile-sql.ts) and a WFS GetFeature page
// (src/ogc/wfs.ts) of the benchmark's layer; the benchmark checks that both answer alike.
export const LAYER = 'placas'

function quote(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad identifier ${name}`)
  return `"${name}"`
}
export function tileSql(attributes) {
  const cols = attributes
    .filter((a) => ['string', 'number', 'boolean'].includes(a.type))
    .map((a) => {
      const c = `t.${quote(a.name)}`
      const cast = a.type === 'number' ? '::float8' : a.type === 'string' ? '::text' : '::boolean'
      return `${c}${cast} AS ${quote(a.name)}, `
    })
    .join('')
  return `WITH b AS (SELECT ST_TileEnvelope($1::int, $2::int, $3::int) AS env,
    ST_TileEnvelope($1::int, $2::int, $3::int, margin => 0.015625) AS benv,
    ST_Transform(ST_TileEnvelope($1::int, $2::int, $3::int, margin => 0.015625), 4326) AS filter,
    40075016.685578488 / power(2, $1::int) / 4096 AS unit),
  q AS (SELECT t.id, ${cols}ST_AsMVTGeom(ST_Transform(t.geom, 3857), b.env, 4096, 64, true) AS geom
      FROM "data".${quote(LAYER)} t, b WHERE NOT t.d_e_l_e_t_ AND t.geom && b.filter)
  SELECT ST_AsMVT(q.*, $4::text, 4096, 'geom', 'id') AS tile FROM q WHERE q.geom IS NOT NULL`
}
export function wfsSql(attributes) {
  const names = ['id', 'uuid', 'm_o_d_i_f_', ...attributes.map((a) => a.name)]
  const pairs = names.map((n) => `'${n}', t.${quote(n)}`).join(', ')
  const where = `NOT t.d_e_l_e_t_ AND ST_Intersects(t.geom, ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326))`
  return `SELECT count(*)::int AS n, coalesce(string_agg($7::text || s.id || '","geometry":' ||
      coalesce(s.g, 'null') || ',"geometry_name":"geom","properties":' || s.p || '}', ',' ORDER BY s.rn), '') AS body
    FROM (SELECT t.id, ST_AsGeoJSON(t.geom, 7) AS g, json_build_object(${pairs})::text AS p,
                 row_number() OVER (ORDER BY t.id) AS rn
            FROM (SELECT t.* FROM "data".${quote(LAYER)} t WHERE ${where} ORDER BY t.id LIMIT $5 OFFSET $6) t) s`
}
export const FEATURE_PREFIX = `{"type":"Feature","id":"${LAYER}.`
export const collection = (row) =>
  `{"type":"FeatureCollection","numberReturned":${row.n},"timeStamp":"${new Date().toISOString()}","features":[${row.body}]}`
