import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { editableLayer } from '../../test/layers'

/*
 * Tiles behind a CDN (issue 32, decision 85): a public layer's tiles go to anyone with headers
 * a shared cache may keep; every other layer's only to those who may read it, marked private.
 */

const t = useTestApp()

/** The zoom-8 tile of the demo's roads near Campinas (it holds features). */
const TILE = '8/94/145.pbf'

async function layerRecord(name: string) {
  const res = await t.api({ url: `/api/layers/${name}`, token: t.admin })
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function setPublic(name: string, value: unknown, token = t.admin) {
  const record = await layerRecord(name)
  return t.api({
    method: 'PUT',
    url: `/api/layers/${record.id}`,
    token,
    payload: editableLayer(record, { public: value }),
  })
}

/** A tile as a CDN in front of the server would ask for it (no credentials unless given). */
async function tile(layer: string, query = '', headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}/api/tiles/${layer}/${TILE}${query}`, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body }
}

describe('tiles behind a CDN', () => {
  it('a private layer: anonymous refused; its reader gets tiles only browsers may keep', async () => {
    expect((await layerRecord('rodovias')).public).toBe(false)
    const anonymous = await tile('rodovias')
    expect(anonymous.res.status).toBe(401)
    const { dataVersion } = await layerRecord('rodovias')
    for (const query of [`?v=${dataVersion}`, `?v=${dataVersion}&token=${t.user}`]) {
      const read = await tile(
        'rodovias',
        query,
        query.includes('token')
          ? {}
          : {
              authorization: `Bearer ${t.user}`,
            },
      )
      expect(read.res.status).toBe(200)
      expect(read.res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
      expect(read.res.headers.get('vary')).toMatch(/accept-encoding/i)
    }
  })

  it('made public: anyone gets its tiles, cacheable by a CDN, with the same ETag as a reader', async () => {
    const before = await layerRecord('rodovias')
    const res = await setPublic('rodovias', true)
    expect(res.statusCode).toBe(200)
    expect(res.json().public).toBe(true)
    // The tile URLs change with the flag: no cache holds an answer made under the old one.
    expect(res.json().dataVersion).toBeGreaterThan(before.dataVersion)
    const v = res.json().dataVersion

    const anonymous = await tile('rodovias', `?v=${v}`)
    expect(anonymous.res.status).toBe(200)
    expect(anonymous.body.length).toBeGreaterThan(100)
    expect(anonymous.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(anonymous.res.headers.get('vary')).toMatch(/accept-encoding/i)
    const etag = anonymous.res.headers.get('etag')
    expect(etag).toBe(`W/"rodovias-${v}-8-94-145"`)

    // A signed-in reader gets the same bytes and headers (the tile does not depend on who asks).
    const reader = await tile('rodovias', `?v=${v}`, { authorization: `Bearer ${t.user}` })
    expect(reader.res.headers.get('etag')).toBe(etag)
    expect(reader.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(reader.body.equals(anonymous.body)).toBe(true)

    // An old or missing version: kept, but asked again each time (an ETag makes that cheap).
    const stale = await tile('rodovias', `?v=${before.dataVersion}`)
    expect(stale.res.headers.get('cache-control')).toBe('public, no-cache')
    const revalidated = await tile('rodovias', '', { 'if-none-match': etag! })
    expect(revalidated.res.status).toBe(304)
  })

  it('made private again: the next anonymous request is refused and the URLs change', async () => {
    const before = await layerRecord('rodovias')
    const res = await setPublic('rodovias', false)
    expect(res.statusCode).toBe(200)
    expect(res.json().public).toBe(false)
    expect(res.json().dataVersion).toBeGreaterThan(before.dataVersion)
    expect((await tile('rodovias', `?v=${before.dataVersion}`)).res.status).toBe(401)
    const reader = await tile('rodovias', `?v=${res.json().dataVersion}`, {
      authorization: `Bearer ${t.user}`,
    })
    expect(reader.res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    // Saving the layer again without the flag leaves it (and its tile URLs) as they are.
    const again = await t.api({
      method: 'PUT',
      url: `/api/layers/${before.id}`,
      token: t.admin,
      payload: editableLayer(await layerRecord('rodovias')),
    })
    expect(again.json()).toMatchObject({ public: false, dataVersion: res.json().dataVersion })
  })

  it('only an administrator sets the flag, and only to true or false', async () => {
    expect((await setPublic('rodovias', true, t.user)).statusCode).toBe(403)
    const bad = await setPublic('rodovias', 'sim')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toMatch(/public/)
    expect((await layerRecord('rodovias')).public).toBe(false)
    expect((await tile('rodovias')).res.status).toBe(401)
  })
})
