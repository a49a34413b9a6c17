import type { APIRequestContext, Page } from '@playwright/test'
import { baseUrl, expect, signIn, timed } from '../fixtures'

/** Web Mercator: metres per pixel at a zoom, and the conversions the map uses. */
const R = 6_378_137
export const resolution = (zoom: number) => 156_543.033_928_041 / 2 ** zoom
const toMercator = (lon: number, lat: number) => [
  (R * lon * Math.PI) / 180,
  R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)),
]
const toLonLat = (x: number, y: number) => [
  (x / R) * (180 / Math.PI),
  (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI),
]

export interface View {
  lat: number
  lon: number
  z: number
}

/** The map page's address for a view (and shown layers). */
export function mapUrl(view: View, layers?: string[]): string {
  const q = new URLSearchParams({ lat: String(view.lat), lon: String(view.lon), z: String(view.z) })
  if (layers) q.set('l', layers.join(','))
  return `/?${q.toString()}`
}

/** Opens the map on a view (and shown layers) and waits for its first complete render. */
export async function openMap(page: Page, view: View, layers?: string[]): Promise<void> {
  await page.goto(mapUrl(view, layers))
  await mapRendered(page)
}

/** Signs in (through the API) straight onto the map at a view, and waits for its render. */
export async function signInToMap(
  page: Page,
  account: { username: string; password: string },
  view: View,
  layers?: string[],
): Promise<void> {
  await signIn(page, account.username, account.password, mapUrl(view, layers))
  await mapRendered(page)
}

/** Waits until every visible layer's tiles have loaded and been drawn. */
export async function mapRendered(page: Page): Promise<void> {
  await timed('wait: map render', async () => {
    // The first render may complete before the catalogue's layers were added: let them ask.
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await expect(page.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
      timeout: 20_000,
    })
  })
}

/** The map's box on the page. */
export async function mapBox(page: Page) {
  const box = await page.getByRole('region', { name: 'Mapa' }).boundingBox()
  if (!box) throw new Error('no map')
  return box
}

/** Longitude and latitude under a page pixel, for a map showing `view`. */
export async function lonLatAt(page: Page, view: View, x: number, y: number) {
  const box = await mapBox(page)
  const [cx, cy] = toMercator(view.lon, view.lat) as [number, number]
  const r = resolution(view.z)
  const mx = cx + (x - (box.x + box.width / 2)) * r
  const my = cy - (y - (box.y + box.height / 2)) * r
  return toLonLat(mx, my) as [number, number]
}

/** The page pixel of a longitude and latitude, for a map showing `view`. */
export async function pixelOf(page: Page, view: View, lon: number, lat: number) {
  const box = await mapBox(page)
  const [cx, cy] = toMercator(view.lon, view.lat) as [number, number]
  const [x, y] = toMercator(lon, lat) as [number, number]
  const r = resolution(view.z)
  return [box.x + box.width / 2 + (x - cx) / r, box.y + box.height / 2 - (y - cy) / r] as [
    number,
    number,
  ]
}

/** The view the URL holds now. */
export function urlView(page: Page): View & { l: string[] } {
  const q = new URL(page.url()).searchParams
  return {
    lat: Number(q.get('lat')),
    lon: Number(q.get('lon')),
    z: Number(q.get('z')),
    l: (q.get('l') ?? '').split(',').filter(Boolean),
  }
}

/** Features of a layer in a lon/lat box, straight from the WFS (the test's truth). */
export async function wfsIds(
  request: APIRequestContext,
  token: string,
  layer: string,
  box: [number, number, number, number],
): Promise<number[]> {
  const q = new URLSearchParams({
    SERVICE: 'WFS',
    REQUEST: 'GetFeature',
    VERSION: '2.0.0',
    TYPENAMES: layer,
    OUTPUTFORMAT: 'application/json',
    SRSNAME: 'EPSG:4326',
    BBOX: `${box.join(',')},EPSG:4326`,
    PROPERTYNAME: 'id',
  })
  const res = await request.get(`${baseUrl()}/ows?${q.toString()}`, {
    headers: { authorization: token },
  })
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { features: { properties: { id: number } }[] }
  return body.features.map((f) => f.properties.id)
}

/** One feature's point (lon, lat), through the WFS. */
export async function featurePoint(
  request: APIRequestContext,
  token: string,
  layer: string,
  id: number,
): Promise<[number, number]> {
  const q = new URLSearchParams({
    SERVICE: 'WFS',
    REQUEST: 'GetFeature',
    VERSION: '2.0.0',
    TYPENAMES: layer,
    RESOURCEID: `${layer}.${id}`,
    OUTPUTFORMAT: 'application/json',
    SRSNAME: 'EPSG:4326',
  })
  const res = await request.get(`${baseUrl()}/ows?${q.toString()}`, {
    headers: { authorization: token },
  })
  const body = (await res.json()) as { features: { geometry: { coordinates: number[] } }[] }
  const [lon, lat] = body.features[0]!.geometry.coordinates as [number, number]
  return [lon, lat]
}

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: token },
    data,
  })
  expect(res.status(), `${method} ${path}`).toBeLessThan(300)
  return res
}

/**
 * A new empty point layer through the administrator API (a table, registered at the tree's
 * root), drawn in `classes` categories of its `tipo` field; `remove()` deletes it and its
 * table, so the other tests see the demo as it was.
 */
export async function createEmptyLayer(
  request: APIRequestContext,
  token: string,
  title: string,
  classes: number,
): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `mapa_teste_${Date.now().toString(36)}`
  await call(request, token, 'POST', '/api/schema/tables', {
    name,
    geometry: 'Point',
    fields: [{ name: 'tipo', type: 'string', notNull: false }],
  })
  const layer = (await (
    await call(request, token, 'POST', '/api/layers', { table: name, title })
  ).json()) as {
    id: number
    title: string
    queryable: boolean
    attributes: { name: string; title: string; tooltip: string }[]
    layout: unknown
    domains: unknown
  }
  const palette = ['#1565c0', '#6a1b9a', '#2e7d32', '#ef6c00', '#c62828', '#00838f']
  await call(request, token, 'PUT', `/api/layers/${layer.id}`, {
    title: layer.title,
    queryable: layer.queryable,
    attributes: layer.attributes
      .filter((a) => !['id', 'uuid', 'geom', 'd_e_l_e_t_', 'm_o_d_i_f_'].includes(a.name))
      .map((a) => ({ name: a.name, title: a.title, tooltip: a.tooltip })),
    layout: layer.layout,
    domains: layer.domains,
    style: {
      point: { shape: 'circle', radius: 5 },
      categories: {
        attribute: 'tipo',
        classes: Array.from({ length: classes }, (_, i) => ({
          value: `t${i + 1}`,
          label: `Tipo ${i + 1}`,
          fill: palette[i % palette.length],
        })),
      },
    },
  })
  return {
    name,
    remove: async () => {
      await call(request, token, 'DELETE', `/api/layers/${layer.id}?confirm=true`)
      await call(request, token, 'POST', `/api/schema/tables/delete/${name}`)
    },
  }
}

/** A base layer through the administrator API; `remove()` deletes it. */
export async function createBaseLayer(
  request: APIRequestContext,
  token: string,
  record: Record<string, unknown>,
): Promise<{ id: number; remove: () => Promise<void> }> {
  const res = await call(request, token, 'POST', '/api/base-layers', record)
  const { id } = (await res.json()) as { id: number }
  return {
    id,
    remove: async () => void (await call(request, token, 'DELETE', `/api/base-layers/${id}`)),
  }
}
