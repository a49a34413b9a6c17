import { beforeAll, describe, expect, it } from 'vitest'
import { healthProbe, percentile } from '../../test/health-probe'
import { useTestApp } from '../../test/harness'
import { createTestLayer } from '../../test/test-layer'
import { budget } from '../../test/slowdown'

/**
 * WFS answers stream (issue 41): a GetFeature of 100,000 features is written a batch at a time
 * as the client reads it, memory flat and /healthz answering; without COUNT the answer stops at
 * CountDefault and says where the next page is; GML 3.2 ids are unique.
 */

const t = useTestApp()
const FEATURES = 100_000
const LAYER = 'wfs_grande'

beforeAll(async () => {
  await createTestLayer(t.db, LAYER, { count: 0 })
  await t.db.query(
    `INSERT INTO data.${LAYER} (geom, d_e_l_e_t_, s, k)
     SELECT ST_SetSRID(ST_MakePoint(-53 + (i % 997) * 0.01, -25 + (i % 991) * 0.01), 4326),
            false, 'Placa ' || i, i / 8.0
       FROM generate_series(1, $1::int) i`,
    [FEATURES],
  )
})

const wfs = (query: string) => `/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${query}`

/**
 * Reads an answer as a stream, keeping nothing but counts: its bytes and how many times
 * `marker` occurs (across chunk ends), with its opening kept for the counts it states.
 */
async function readCounting(url: string, marker: string) {
  const res = await fetch(`${t.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${t.admin}`, 'accept-encoding': 'identity' },
  })
  expect(res.status).toBe(200)
  const decoder = new TextDecoder()
  let bytes = 0
  let found = 0
  let carry = ''
  let opening = ''
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length
    const text = carry + decoder.decode(chunk, { stream: true })
    if (opening.length < 2000) opening += text.slice(0, 2000 - opening.length)
    let at = text.indexOf(marker)
    while (at >= 0) {
      found++
      at = text.indexOf(marker, at + marker.length)
    }
    carry = text.slice(Math.max(0, text.length - marker.length + 1))
  }
  return { bytes, found, opening, headers: res.headers }
}

describe('WFS GetFeature streams', () => {
  it(`writes ${FEATURES.toLocaleString('en')} features as GML with memory flat and /healthz answering`, async () => {
    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    let rssMax = rssBefore
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage().rss)
    }, 20)
    const probe = healthProbe(t.baseUrl)
    await probe.ready()
    const started = performance.now()
    let read
    try {
      read = await readCounting(wfs(`TYPENAMES=${LAYER}&COUNT=${FEATURES}`), '<wfs:member>')
    } finally {
      clearInterval(sampler)
    }
    const ms = performance.now() - started
    const health = await probe.stop()
    const report = {
      ms: Math.round(ms),
      mb: Math.round(read.bytes / 1024 / 1024),
      healthz: health.length,
      p50: Math.round(percentile(health, 50)),
      p99: Math.round(percentile(health, 99)),
      max: Math.round(Math.max(...health)),
      rssGrowthMb: Math.round((rssMax - rssBefore) / 1024 / 1024),
    }
    console.log('WFS stream:', JSON.stringify(report))
    expect(read.found).toBe(FEATURES)
    expect(read.opening).toContain(`numberMatched="${FEATURES}" numberReturned="${FEATURES}"`)
    expect(read.opening).not.toContain(' next=')
    expect(health.length).toBeGreaterThan(3)
    expect(report.p99).toBeLessThan(budget(100))
    expect(report.rssGrowthMb).toBeLessThan(200)
  })

  it('answers CountDefault features without COUNT, with the next page named, until the last', async () => {
    const caps = await t.get('/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities', t.admin)
    expect(caps.body).toMatch(
      /<ows:Constraint name="CountDefault"><ows:NoValues\/><ows:DefaultValue>10000<\/ows:DefaultValue>/,
    )
    const seen = new Set<string>()
    let url: string | undefined = wfs(`TYPENAMES=${LAYER}&OUTPUTFORMAT=application/json`)
    let pages = 0
    while (url) {
      const res = await t.get(url, t.admin)
      expect(res.statusCode).toBe(200)
      const fc = res.json<{
        numberReturned: number
        features: { id: string }[]
        links?: { rel: string; href: string }[]
      }>()
      pages++
      expect(fc.numberReturned).toBe(fc.features.length)
      for (const f of fc.features) seen.add(f.id)
      const next = fc.links?.find((l) => l.rel === 'next')?.href
      if (next) {
        expect(fc.features).toHaveLength(10_000)
        expect(next.startsWith('http://gis.test/ows?')).toBe(true)
        url = next.replace('http://gis.test', '')
      } else url = undefined
    }
    expect(pages).toBe(10)
    expect(seen.size).toBe(FEATURES)
    // GML names the next page on the collection.
    const gml = await t.get(wfs(`TYPENAMES=${LAYER}&COUNT=3&STARTINDEX=99996`), t.admin)
    expect(gml.body).toContain('numberReturned="3"')
    expect(gml.body).toMatch(/ next="http:\/\/gis\.test\/ows\?[^"]*STARTINDEX=99999"/)
    const last = await t.get(wfs(`TYPENAMES=${LAYER}&COUNT=3&STARTINDEX=99999`), t.admin)
    expect(last.body).toContain(`numberMatched="${FEATURES}" numberReturned="1"`)
    expect(last.body).not.toContain(' next=')
  })

  it('gives every geometry of a multi-geometry its own gml:id (GML 3.2)', async () => {
    await t.db.query(
      `UPDATE data.faixa_dominio SET geom = ST_Multi(ST_Union(ST_GeometryN(geom, 1),
         ST_Translate(ST_GeometryN(geom, 1), 0.5, 0.5))) WHERE id = (SELECT min(id) FROM data.faixa_dominio)`,
    )
    const res = await t.get(wfs('TYPENAMES=faixa_dominio&COUNT=5'), t.admin)
    expect(res.statusCode).toBe(200)
    const ids = [...res.body.matchAll(/ gml:id="([^"]+)"/g)].map((m) => m[1]!)
    expect(res.body).toContain('<gml:MultiSurface')
    expect(ids.length).toBeGreaterThan(10)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toContain(ids.find((id) => /\.geom\.1$/.test(id)))
  })
})
