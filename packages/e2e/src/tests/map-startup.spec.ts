import type { Page } from '@playwright/test'
import { ADMIN, DESKTOP, baseUrl, expect, test } from '../fixtures'
import { mapRendered, urlView } from '../steps/map'
import { createBaseLayer } from '../steps/map-data'
import { snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'
import { budget } from '../slowdown'

/** Answers a server call with a 500, as a failing server would (the page stays on loopback). */
async function failing(page: Page, match: (url: URL) => boolean) {
  await page.route(
    (url) => match(url),
    (route) => route.fulfill({ status: 500, json: { message: 'falha simulada' } }),
  )
}

const capabilities = (service: string) => (url: URL) =>
  url.pathname === '/ows' &&
  url.searchParams.get('REQUEST') === 'GetCapabilities' &&
  url.searchParams.get('SERVICE') === service

/** Counts the vector tiles each layer got. */
function tileCounter(page: Page) {
  const tiles = new Map<string, number>()
  page.on('response', (res) => {
    const m = /\/api\/tiles\/([\w.-]+)\//.exec(res.url())
    if (m && res.status() === 200) tiles.set(m[1]!, (tiles.get(m[1]!) ?? 0) + 1)
  })
  return tiles
}

/** A longitude/latitude in web-mercator metres (EPSG:3857). */
const mercator = (lon: number, lat: number) => [
  (lon * 20037508.342789244) / 180,
  (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) * 20037508.342789244) / Math.PI,
]

test.describe('map start-up', () => {
  test('the first view frames the start position beside the open layer panel, not under it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP)
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
    const token = await apiToken(request, ADMIN)
    const config = (await (
      await request.get(`${baseUrl()}/api/mapconfig`, { headers: { authorization: token } })
    ).json()) as { mapStartPosLonLat: [number, number, number, number] }
    const [west, south, east, north] = config.mapStartPosLonLat
    await signIn(page, ADMIN)
    // At the common desktop sizes: the box fits some exactly, others at the closer zoom only
    // if it reaches past the room (the view keeps whole zoom levels).
    for (const size of [DESKTOP, { width: 1366, height: 768 }]) {
      await page.setViewportSize(size)
      await page.goto('/')
      await mapRendered(page)
      const panel = await page.getByTestId('layer-manager').boundingBox()
      const mapBox = await page.getByTestId('map').boundingBox()
      expect(panel && mapBox).toBeTruthy()
      const view = urlView(page)
      const resolution = 156543.03392804097 / 2 ** view.z
      const [cx, cy] = mercator(view.lon, view.lat)
      const pixel = (lon: number, lat: number) => {
        const [x, y] = mercator(lon, lat)
        return [
          mapBox!.x + mapBox!.width / 2 + (x! - cx!) / resolution,
          mapBox!.y + mapBox!.height / 2 - (y! - cy!) / resolution,
        ]
      }
      const [left] = pixel(west, north)
      const [right] = pixel(east, south)
      const panelRight = panel!.x + panel!.width
      // The whole start box lies in the room right of the panel (a few pixels of rounding: the
      // URL keeps 6 decimals).
      expect(left!, `${size.width}×${size.height}`).toBeGreaterThanOrEqual(panelRight - 3)
      expect(right!, `${size.width}×${size.height}`).toBeLessThanOrEqual(mapBox!.x + mapBox!.width)
    }
    await page.setViewportSize(DESKTOP)
    await snap(page, 'map-startup-view')
  })
})

test.describe('map start-up failures', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    // No internet in tests: OpenStreetMap's tiles fail here, as they would offline.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
  })

  test('map configuration, permissions and WMS/WFS capabilities fail: their messages, the layers still draw', async ({
    page,
  }) => {
    await failing(page, (url) => url.pathname === '/api/mapconfig')
    await failing(page, capabilities('WMS'))
    await failing(page, capabilities('WFS'))
    await failing(page, (url) => url.pathname === '/auth/permissions')
    const tiles = tileCounter(page)
    await signIn(page, ADMIN)
    // Watched at once: the toasts queue (four at a time) and a busy machine may take longer
    // than a toast's life to check them one after the other.
    await Promise.all(
      [
        'Erro ao carregar posição inicial do mapa',
        'Erro ao obter informações do servidor de mapas WMS...',
        'Erro ao obter informações do servidor de mapas WFS...',
        'Erro ao requisitar set de permissões...',
      ].map((text) => expect(page.getByText(text)).toBeVisible()),
    )
    await mapRendered(page)
    await snap(page, 'map-startup-failures')
    // The default box covering Brazil, and the demo layers drawn over it.
    await expect.poll(() => urlView(page).z).toBeLessThanOrEqual(5)
    for (const layer of ['rodovias', 'oae']) {
      await expect
        .poll(() => tiles.get(layer) ?? 0, { message: `tiles of ${layer}` })
        .toBeGreaterThan(0)
    }
    const manager = page.getByRole('complementary', { name: 'Layers' })
    await expect(manager.getByText('Rodovias', { exact: true })).toBeVisible()
  })

  test('the layer tree and the layer fields fail: their messages, the base layers still show', async ({
    page,
  }) => {
    await failing(page, (url) => url.pathname === '/api/mapconfig/layerlayout')
    await failing(page, (url) => url.pathname === '/api/config/layers')
    await signIn(page, ADMIN)
    await expect(page.getByText('Erro ao requisitar informações sobre as layers...')).toBeVisible()
    await expect(
      page.getByText('Erro ao recarregar dados sobre os campos dos layers...'),
    ).toBeVisible()
    await mapRendered(page)
    // The base layers come from their own records: the offline one takes over from OSM.
    const manager = page.getByRole('complementary', { name: 'Layers' })
    const offline = manager.getByRole('radio', { name: 'Exibir Limites mundiais (offline)' })
    await expect(offline).toBeChecked()
    await expect(manager.getByText('Rodovias', { exact: true })).toHaveCount(0)
    // Not a blank map: the offline world boundaries draw land, water and borders.
    const colours = await page.evaluate(() => {
      const seen = new Set<string>()
      document.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas').forEach((c) => {
        const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? []
        for (let i = 0; i < d.length; i += 4 * 97)
          seen.add(`${d[i]},${d[i + 1]},${d[i + 2]},${d[i + 3]}`)
      })
      return seen.size
    })
    expect(colours).toBeGreaterThan(3)
    await snap(page, 'map-startup-no-tree')
  })

  test('an XYZ base layer that cannot load says so; the toast stays on the map page', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const name = 'Mosaico XYZ de teste'
    // A tile server on loopback that refuses every tile.
    await page.route(/127\.0\.0\.1:9\//, (route) => route.abort('connectionrefused'))
    const base = await createBaseLayer(request, token, {
      type: 'xyz',
      name,
      url: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      zmin: 0,
      zmax: 19,
    })
    try {
      await signIn(page, ADMIN)
      // OpenStreetMap fails first: the offline base layer replaces it, with a message.
      const fallback = page.getByText(
        'Não foi possível carregar o mapa base "OpenStreetMap". Exibindo "Limites mundiais (offline)", que funciona sem internet.',
      )
      await expect(fallback).toBeInViewport()
      await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
      await expect(page).toHaveURL(/\/workspace$/)
      // It spoke of the map: it leaves with it (once the workspace has replaced the map, which
      // a busy machine may take a while to load), long before its 6 s are up.
      await expect(page.locator('.ol-viewport')).toHaveCount(0)
      await expect(fallback).not.toBeInViewport({ timeout: budget(1_500) })

      await page.getByRole('navigation').getByRole('link', { name: 'MAPA' }).click()
      await mapRendered(page)
      const manager = page.getByRole('complementary', { name: 'Layers' })
      await manager.getByRole('radio', { name: `Exibir ${name}` }).check()
      const failed = page.getByText(`Não foi possível carregar o mapa base "${name}".`)
      await expect(failed).toBeInViewport()
      await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
      await expect(page.locator('.ol-viewport')).toHaveCount(0)
      await expect(failed).not.toBeInViewport({ timeout: budget(1_500) })
    } finally {
      await base.remove()
    }
  })
})
