// The floor of an HTTP tile/WFS service in Node: a bare Fastify route per request type that
// runs the same SQL as our server through the same pg pool settings, prepared as ours is, and
// sends the answer. No sign-in, no catalogue, no permissions, no security headers. The
// benchmark compares our endpoints with it to separate our code's cost from the HTTP hop's.
import Fastify from 'fastify'
import pg from 'pg'
import { collection, FEATURE_PREFIX, LAYER, tileSql, wfsSql } from './ogc-sql.mjs'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const { rows } = await pool.query('SELECT attributes FROM app.layers WHERE name = $1', [LAYER])
const TILE = tileSql(rows[0].attributes)
const WFS = wfsSql(rows[0].attributes)

const app = Fastify({ logger: false })
app.get('/tile/:z/:x/:y', async (request, reply) => {
  const { z, x, y } = request.params
  const result = await pool.query({
    name: 'tile',
    text: TILE,
    values: [Number(z), Number(x), Number(y), LAYER],
  })
  return reply
    .type('application/vnd.mapbox-vector-tile')
    .send(result.rows[0].tile ?? Buffer.alloc(0))
})
app.get('/wfs', async (request, reply) => {
  const b = String(request.query.bbox).split(',').map(Number)
  const result = await pool.query({
    name: 'wfs',
    text: WFS,
    values: [...b, 100, 0, FEATURE_PREFIX],
  })
  return reply.type('application/geo+json').send(collection(result.rows[0]))
})
app.get('/healthz', async () => ({ ok: true }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
