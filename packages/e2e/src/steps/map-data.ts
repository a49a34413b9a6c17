import type { APIRequestContext, Page } from '@playwright/test'
import { baseUrl, expect } from '../fixtures'
import { signInToMap, type View } from './map'
import { apiToken, type Account } from './session'

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

/**
 * Signs in onto the map centred on feature `id` of `layer` (its point through the WFS) at zoom
 * `z`, with `layers` shown and the layer manager closed; answers the view, the point and the
 * account's API token.
 */
export async function signInToFeature(
  page: Page,
  request: APIRequestContext,
  account: Account,
  layer: string,
  id: number,
  z: number,
  layers: string[],
): Promise<{ view: View; lon: number; lat: number; token: string }> {
  const token = await apiToken(request, account)
  const [lon, lat] = await featurePoint(request, token, layer, id)
  const view: View = { lat, lon, z }
  await signInToMap(page, account, view, layers)
  await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
  return { view, lon, lat, token }
}

/** How many features of a layer have `field` equal to `value`, through the API's search. */
export async function countWhere(
  request: APIRequestContext,
  token: string,
  layer: string,
  field: string,
  value: string,
): Promise<number> {
  const res = await request.post(`${baseUrl()}/api/features/${layer}/search?limit=1`, {
    headers: { authorization: token },
    data: {
      filter: {
        type: 'group',
        operator: 'and',
        rules: [{ type: 'rule', field, operator: 'eq', value }],
      },
    },
  })
  expect(res.status(), `search of ${layer}`).toBe(200)
  return ((await res.json()) as { rowCount: number }).rowCount
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
