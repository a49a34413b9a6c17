import http from 'node:http'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rawGet, useTestApp } from '../../test/harness'

const t = useTestApp()

const raw = (url: string, headers: Record<string, string> = {}) =>
  rawGet(`${t.baseUrl}${url}`, { authorization: `Bearer ${t.admin}`, ...headers })

function decode(res: { headers: http.IncomingHttpHeaders; body: Buffer }): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(res.body)
    case 'gzip':
      return zlib.gunzipSync(res.body)
    default:
      return res.body
  }
}

async function tileUrl() {
  const { rows } = await t.db.query<{ lon: number; lat: number }>(
    'SELECT ST_X(geom) AS lon, ST_Y(geom) AS lat FROM data.placas WHERE id = 100',
  )
  const { lon, lat } = rows[0]!
  const z = 13
  const n = 2 ** z
  const r = (lat * Math.PI) / 180
  const x = Math.floor(((lon + 180) / 360) * n)
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)
  return `/api/tiles/placas/${z}/${x}/${y}.pbf`
}

describe('compressed answers', () => {
  it('sends vector tiles brotli- or gzip-compressed to clients that accept it, the same tile', async () => {
    const url = await tileUrl()
    const plain = await raw(url)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const packed = await raw(url, { 'accept-encoding': accept! })
      expect(packed.headers['content-encoding']).toBe(encoding)
      expect(packed.headers.vary).toContain('accept-encoding')
      expect(packed.body.length).toBeLessThan(plain.body.length * 0.7)
      expect(decode(packed).equals(plain.body)).toBe(true)
      // One representation per encoding, one weak validator for all of them.
      expect(packed.headers.etag).toBe(plain.headers.etag)
      expect(packed.headers.etag).toMatch(/^W\//)
    }
    const revalidated = await raw(url, {
      'accept-encoding': 'gzip',
      'if-none-match': plain.headers.etag!,
    })
    expect(revalidated.status).toBe(304)
  })

  it('compresses the API JSON and WFS GeoJSON; leaves small answers and PNG legends alone', async () => {
    const layers = await raw('/api/config/layers', { 'accept-encoding': 'gzip, br' })
    expect(layers.headers['content-encoding']).toBe('br')
    expect(JSON.parse(decode(layers).toString()).length).toBeGreaterThan(0)

    const wfs = await raw(
      '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=placas&COUNT=100&OUTPUTFORMAT=application/json',
      { 'accept-encoding': 'gzip' },
    )
    expect(wfs.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(decode(wfs).toString()).numberReturned).toBe(100)

    const health = await raw('/healthz', { 'accept-encoding': 'br' })
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' })

    const legend = await raw(
      '/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&LAYER=placas&FORMAT=image/png',
      { 'accept-encoding': 'br' },
    )
    expect(legend.headers['content-type']).toBe('image/png')
    expect(legend.headers['content-encoding']).toBeUndefined()
    expect(legend.body.subarray(1, 4).toString()).toBe('PNG')
  })

  it('sends exported files compressed at the fastest settings, the same file', async () => {
    const started = await t.post(
      '/api/features/placas/report?format=csv',
      { fields: ['id', 'codigo_ctb', 'rodovia', 'km'] },
      t.admin,
    )
    expect(started.statusCode).toBe(202)
    const id = started.json().id
    for (;;) {
      const job = (await t.get(`/api/reports/jobs/${id}`, t.admin)).json()
      if (job.status === 'COMPLETE') break
      expect(job.status).not.toBe('ERROR')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const plain = await raw(`/api/report/${id}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toMatch(/^\uFEFFid;codigo_ctb;rodovia;km\r\n/)
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ]) {
      const packed = await raw(`/api/report/${id}`, { 'accept-encoding': accept! })
      expect(packed.headers['content-encoding']).toBe(encoding)
      expect(packed.body.length).toBeLessThan(plain.body.length * 0.7)
      expect(decode(packed).equals(plain.body)).toBe(true)
    }
  })
})
