// OGC API – Features items (issue 46): a page of 1,000 features of each demo collection as
// GeoJSON, against the SQL floor — the same 1,000 live rows with their fields and geometry as
// GeoJSON read by a bare `pg` client (what any server must fetch before it answers). Ratio =
// ours / floor. Needs `npm run build` and PostgreSQL + PostGIS at BENCH_DATABASE_URL.
import { timed, withDemoOnPostgres } from './lib.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const LIMIT = 1000
const LAYERS = ['placas', 'marcos_km', 'rodovias', 'municipios']

await withDemoOnPostgres({ prefix: 'ogcapi', port: 18_742 }, async ({ server, auth, db }) => {
  const items = async (layer, offset) => {
    const res = await fetch(
      `${server.url}/ogcapi/collections/${layer}/items?limit=${LIMIT}&offset=${offset}`,
      { headers: { authorization: auth } },
    )
    if (res.status !== 200) throw new Error(`items ${res.status}: ${await res.text()}`)
    const body = await res.text()
    const returned = Number(/"numberReturned":(\d+)/.exec(body)?.[1])
    return { returned, bytes: body.length }
  }
  const floor = async (layer, offset) => {
    const res = await db.query({
      text: `SELECT row_to_json(t)::text AS p, ST_AsGeoJSON(geom, 9) AS g
               FROM (SELECT * FROM data.${layer} WHERE NOT d_e_l_e_t_ ORDER BY id
                     LIMIT ${LIMIT} OFFSET ${offset}) t`,
      rowMode: 'array',
    })
    return res.rows.length
  }

  console.log(`OGC API items, limit=${LIMIT}, median of ${RUNS} (PostgreSQL)`)
  console.log('| collection | page | features | ours | SQL floor | ratio |')
  console.log('| --- | --- | ---: | ---: | ---: | ---: |')
  for (const layer of LAYERS) {
    for (const offset of [0, 10_000]) {
      const bare = await timed(() => floor(layer, offset), RUNS)
      if (bare.out === 0) continue
      const ours = await timed(() => items(layer, offset), RUNS)
      if (ours.out.returned !== bare.out) {
        throw new Error(`${layer}: ${ours.out.returned} items, the floor read ${bare.out}`)
      }
      console.log(
        `| ${layer} | offset ${offset} | ${bare.out} | ${ours.ms.toFixed(0)} ms (${(ours.out.bytes / 1024).toFixed(0)} KB) | ${bare.ms.toFixed(0)} ms | ${(ours.ms / bare.ms).toFixed(2)}× |`,
      )
    }
  }
})
