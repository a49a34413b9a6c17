import { describe, expect, it } from 'vitest'
import { expectFieldErrors, useTestApp } from '../../../test/harness'

// What a script meets over REST (issue 31): a GET sent back by PUT, and GeoJSON geometries
// beside WKT on every feature write.

const t = useTestApp()

async function feature(layer: string, id: number) {
  const res = await t.get(`/api/features/${layer}/${id}`, t.admin)
  expect(res.statusCode).toBe(200)
  return res.json<{
    layer: string
    id: number
    attributes: Record<string, any>
    geom: string | null
    version: string
  }>()
}

const count = async (layer: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM data.${layer}`)).rows[0]!.n

describe('PUT of what GET answered', () => {
  it('takes the whole representation back with one attribute changed', async () => {
    const loaded = await feature('oae', 3)
    const body = { ...loaded, attributes: { ...loaded.attributes, largura: 21.5 } }
    const res = await t.put('/api/features/oae/3', body, t.user)
    expect(res.statusCode).toBe(200)
    const after = await feature('oae', 3)
    expect(after.attributes.largura).toBe(21.5)
    expect(after.version).not.toBe(loaded.version)
    expect(after.geom).toBe(loaded.geom)
    // The geometry sent back with ?geom=true is the same WKT: accepted, unchanged.
    const again = await t.put('/api/features/oae/3?geom=true', after, t.user)
    expect(again.statusCode).toBe(200)
    expect(again.json().geom).toBe(loaded.geom)
  })

  it('refuses a layer or an id other than the path, naming the field, and changes nothing', async () => {
    const loaded = await feature('oae', 4)
    const changed = { ...loaded.attributes, largura: 99 }
    const otherId = await t.put(
      '/api/features/oae/4',
      { ...loaded, id: 5, attributes: changed },
      t.user,
    )
    expectFieldErrors(otherId, { id: 'O valor de id (5) difere do endereço (4)' })
    const otherLayer = await t.put(
      '/api/features/oae/4',
      { ...loaded, layer: 'rodovias', attributes: changed },
      t.user,
    )
    expectFieldErrors(otherLayer, { layer: 'O valor de layer (rodovias) difere do endereço (oae)' })
    expect(await feature('oae', 4)).toEqual(loaded)
  })

  it('still refuses any other unknown key', async () => {
    const loaded = await feature('oae', 4)
    const res = await t.put('/api/features/oae/4', { ...loaded, uuid: 'x' }, t.user)
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors.map((e: any) => e.field))).toHaveLength(1)
    expect(res.json().errors[0].field).toBe('uuid')
  })
})

describe('GeoJSON geometries on feature writes', () => {
  it('inserts with a GeoJSON geometry and with a Feature, answering WKT', async () => {
    const point = await t.post(
      '/api/features/oae',
      {
        attributes: { codigo: 'OAE-GJ1', tipo: 'ponte' },
        geom: { type: 'Point', coordinates: [-47.25, -23.75] },
      },
      t.user,
    )
    expect(point.statusCode).toBe(201)
    expect(point.json().geom).toBe('POINT(-47.25 -23.75)')
    const asFeature = await t.post(
      '/api/features/oae',
      {
        attributes: { codigo: 'OAE-GJ2', tipo: 'ponte' },
        geom: {
          type: 'Feature',
          properties: {},
          geometry: { type: 'Point', coordinates: [-47.5, -23.5] },
        },
      },
      t.user,
    )
    expect(asFeature.statusCode).toBe(201)
    expect(asFeature.json().geom).toBe('POINT(-47.5 -23.5)')
  })

  it('updates with a GeoJSON geometry, a single line into a multi layer too', async () => {
    const loaded = await feature('rodovias', 2)
    const res = await t.put(
      '/api/features/rodovias/2?geom=true',
      {
        version: loaded.version,
        geom: {
          type: 'LineString',
          coordinates: [
            [-47, -23],
            [-47.2, -23.1],
          ],
        },
      },
      t.admin,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().geom).toBe('MULTILINESTRING((-47 -23,-47.2 -23.1))')
  })

  it('refuses GeoJSON PostGIS cannot read, or in another CRS, on geom; writes nothing', async () => {
    const before = await count('oae')
    const message =
      'GeoJSON inválido: informe uma geometria (type e coordinates) ou uma Feature, em EPSG:4326'
    for (const geom of [
      { type: 'Point', coordinates: 'x' },
      { type: 'Circle', coordinates: [0, 0] },
      { type: 'Feature', geometry: 5 },
      {
        type: 'Point',
        coordinates: [300000, 7400000],
        crs: { type: 'name', properties: { name: 'EPSG:31983' } },
      },
    ]) {
      const res = await t.post('/api/features/oae', { attributes: { tipo: 'ponte' }, geom }, t.user)
      expectFieldErrors(res, { geom: message })
    }
    const neither = await t.post('/api/features/oae', { attributes: {}, geom: 5 }, t.user)
    expectFieldErrors(neither, { geom: 'Informe a geometria em WKT ou GeoJSON (EPSG:4326)' })
    // A ring PostGIS reads as GeoJSON but not as a polygon: the WKT check's error.
    const ring = await t.post(
      '/api/features/oae',
      { attributes: {}, geom: { type: 'Polygon', coordinates: [[[0, 0]]] } },
      t.user,
    )
    expectFieldErrors(ring, { geom: 'Geometria inválida (WKT em EPSG:4326)' })
    expect(await count('oae')).toBe(before)
    const loaded = await feature('oae', 5)
    const update = await t.put(
      '/api/features/oae/5?geom=true',
      { version: loaded.version, geom: { type: 'Point' } },
      t.user,
    )
    expectFieldErrors(update, { geom: message })
    expect(await feature('oae', 5)).toEqual(loaded)
  })

  it('checks GeoJSON as WKT: the layer type and the EPSG:4326 range', async () => {
    const wrongType = await t.post(
      '/api/features/oae',
      {
        attributes: {},
        geom: {
          type: 'LineString',
          coordinates: [
            [-47, -23],
            [-47.1, -23.1],
          ],
        },
      },
      t.user,
    )
    expectFieldErrors(wrongType, { geom: 'A geometria deve ser do tipo point' })
    const far = await t.post(
      '/api/features/oae',
      { attributes: {}, geom: { type: 'Point', coordinates: [-470, -23] } },
      t.user,
    )
    expect(far.statusCode).toBe(400)
    expect(far.json().errors[0].field).toBe('geom')
  })
})

describe('the OpenAPI description', () => {
  it('says both geometry forms and the layer and id an update takes back', async () => {
    const spec = (await t.get('/api/docs/json')).json()
    const bodyOf = (path: string, method: string) =>
      spec.paths[path][method].requestBody.content['application/json'].schema
    const update = bodyOf('/api/features/{layer}/{id}', 'put')
    expect(Object.keys(update.properties)).toEqual(
      expect.arrayContaining(['layer', 'id', 'attributes', 'geom', 'version']),
    )
    for (const body of [update, bodyOf('/api/features/{layer}', 'post')]) {
      const forms = JSON.stringify(body.properties.geom)
      expect(forms).toContain('"string"')
      expect(forms).toContain('"object"')
      expect(forms).toContain('coordinates')
    }
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/integration/{regulator}/{id}',
        '/api/logs/integration/{regulator}/{id}',
      ]),
    )
  })
})
