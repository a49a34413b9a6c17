// WMS GetMap of a dense view (issue 46): the demo's layers over the whole demo area at
// 1024×1024, and its densest layer (placas) alone, against the SQL floor — the same features
// read from PostgreSQL in the view's system, as WKB, by a bare client (what any renderer must
// fetch before it draws). Ratio = ours / floor (1 would be drawing for free).
// Needs `npm run build` and PostgreSQL + PostGIS at BENCH_DATABASE_URL (default local).
import { timed, withDemoOnPostgres } from './lib.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const SIZE = 1024
const LAYERS = [
  'municipios',
  'faixa_dominio',
  'rodovias',
  'oae',
  'marcos_km',
  'placas',
  'pracas_pedagio',
]

await withDemoOnPostgres({ prefix: 'wms', port: 18_741 }, async ({ server, auth, db }) => {
  // The demo area as a square EPSG:3857 box.
  const { rows } = await db.query(
    `SELECT ST_XMin(b) AS x0, ST_YMin(b) AS y0, ST_XMax(b) AS x1, ST_YMax(b) AS y1
       FROM (SELECT ST_Transform(ST_SetSRID(ST_Extent(geom)::geometry, 4326), 3857) AS b
               FROM data.placas WHERE NOT d_e_l_e_t_) e`,
  )
  const r = rows[0]
  const [cx, cy] = [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2]
  const half = Math.max(r.x1 - r.x0, r.y1 - r.y0) / 2
  const box = [cx - half, cy - half, cx + half, cy + half]

  const getMap = async (layers) => {
    const res = await fetch(
      `${server.url}/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layers.join(',')}&STYLES=&CRS=EPSG:3857&BBOX=${box.join(',')}&WIDTH=${SIZE}&HEIGHT=${SIZE}&FORMAT=image/png&TRANSPARENT=TRUE`,
      { headers: { authorization: auth } },
    )
    if (res.status !== 200) throw new Error(`GetMap ${res.status}: ${await res.text()}`)
    return (await res.arrayBuffer()).byteLength
  }
  const floor = async (layers) => {
    let features = 0
    for (const layer of layers) {
      const res = await db.query({
        text: `SELECT ST_AsBinary(ST_Transform(geom, 3857)) AS g FROM data.${layer}
                WHERE NOT d_e_l_e_t_ AND geom && ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 3857), 4326)`,
        values: box,
        rowMode: 'array',
      })
      features += res.rows.length
    }
    return features
  }
  console.log(`GetMap ${SIZE}×${SIZE}, EPSG:3857, demo area, median of ${RUNS} (PostgreSQL)`)
  console.log('| view | features | ours | SQL floor | ratio |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  for (const [label, layers] of [
    ['every layer', LAYERS],
    ['placas alone', ['placas']],
  ]) {
    const ours = await timed(() => getMap(layers), RUNS)
    const bare = await timed(() => floor(layers), RUNS)
    console.log(
      `| ${label} | ${bare.out} | ${ours.ms.toFixed(0)} ms (${(ours.out / 1024).toFixed(0)} KB) | ${bare.ms.toFixed(0)} ms | ${(ours.ms / bare.ms).toFixed(2)}× |`,
    )
  }
})
