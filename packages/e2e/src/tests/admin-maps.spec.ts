import type { Locator, Page } from '@playwright/test'
import { ADMIN, DESKTOP, baseUrl, expect, test, unique } from '../fixtures'
import { openSection } from '../steps/admin'
import { mapRendered, urlView } from '../steps/map'
import { snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'
import { budget } from '../slowdown'

/** One-pixel PNG tiles, crimson and blue: a source that answers is seen in its colour. */
const CRIMSON = [220, 20, 60]
const BLUE = [30, 90, 200]
const PNG = {
  crimson:
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4I2IDAAL8AS3VzMq8AAAAAElFTkSuQmCC',
  blue: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOQizoBAAHaAUGizqgqAAAAAElFTkSuQmCC',
}

/**
 * Serves the tiles of an outside host from inside the browser (no network in tests) and
 * keeps the URLs the map asked for.
 */
async function fakeTiles(page: Page, host: string, png: string): Promise<string[]> {
  const asked: string[] = []
  await page.route(`https://${host}/**`, async (route) => {
    asked.push(route.request().url())
    await route.fulfill({
      status: 200,
      contentType: 'image/png',
      headers: { 'access-control-allow-origin': '*' },
      body: Buffer.from(png, 'base64'),
    })
  })
  return asked
}

/** The colour at the centre of a map region, read from its canvases (top one first). */
async function centreColour(map: Locator): Promise<number[]> {
  return map.evaluate((el) => {
    const canvases = Array.from(el.querySelectorAll('canvas')).reverse()
    for (const c of canvases) {
      const ctx = c.getContext('2d')
      if (!ctx || c.width === 0) continue
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(c.width / 2, c.height / 2, 1, 1).data
      if (a > 0) return [r, g, b]
    }
    return []
  })
}

async function expectColour(map: Locator, rgb: number[]): Promise<void> {
  await expect
    .poll(async () => {
      const got = await centreColour(map)
      return got.length === 3 && got.every((v, i) => Math.abs(v - rgb[i]!) <= 8)
    })
    .toBe(true)
}

/** The box's numbers are typed and shown the Brazilian way: a decimal comma (decision 63). */
const br = (n: number) => String(n).replace('.', ',')
const fromBr = (text: string) => Number(text.replace(',', '.'))

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))

test.describe('control panel maps', () => {
  test('the start box drawn on the map is where the map page opens', async ({ page, request }) => {
    const headers = { authorization: await apiToken(request, ADMIN) }
    const before = (await (
      await request.get(`${baseUrl()}/api/mapconfig`, { headers })
    ).json()) as {
      mapStartPosLonLat: number[]
    }
    try {
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await openSection(page, 'Posição inicial do mapa')
      const region = page.getByRole('region', { name: 'Mapa da posição inicial' })
      const west = page.getByLabel('Longitude oeste')
      await expect(west).not.toHaveValue('')
      await expect(region.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
        timeout: budget(20_000),
      })
      const typed = fromBr(await west.inputValue())

      // A box turned inside out is refused with the message, and nothing is saved.
      const east = page.getByLabel('Longitude leste')
      const typedEast = await east.inputValue()
      await west.fill(br(fromBr(typedEast) + 1))
      await page.getByRole('button', { name: 'SALVAR' }).click()
      await expect(
        page.getByText(
          'Informe uma caixa válida: mínimo menor que máximo, longitude de -180 a 180 e latitude de -85 a 85',
        ),
      ).toBeVisible()
      const unchanged = (await (
        await request.get(`${baseUrl()}/api/mapconfig`, { headers })
      ).json()) as { mapStartPosLonLat: number[] }
      expect(unchanged.mapStartPosLonLat).toEqual(before.mapStartPosLonLat)
      // A decimal dot is refused in the field, left as typed.
      await west.fill('-48.5')
      await expect(
        page.getByText('Número inválido: use vírgula para os decimais (ex.: 1.234,5)'),
      ).toBeVisible()
      await expect(west).toHaveValue('-48.5')
      await west.fill(br(typed))

      // Drawing: a drag on the map draws the box, and the four numbers follow it.
      await page.getByRole('button', { name: 'DESENHAR CAIXA' }).click()
      await expect(
        page.getByText('Clique e arraste sobre o mapa para desenhar a caixa'),
      ).toBeVisible()
      const box = (await region.boundingBox())!
      await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.3)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.45, { steps: 5 })
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 5 })
      await page.mouse.up()
      await expect(west).not.toHaveValue(br(typed))
      await expect(page.getByRole('button', { name: 'DESENHAR CAIXA' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      const drawn = await Promise.all(
        ['Longitude oeste', 'Latitude sul', 'Longitude leste', 'Latitude norte'].map(async (l) =>
          fromBr(await page.getByLabel(l).inputValue()),
        ),
      )
      const [minx, miny, maxx, maxy] = drawn as [number, number, number, number]
      expect(minx).toBeLessThan(maxx)
      expect(miny).toBeLessThan(maxy)
      // Right of the old box's centre, as the drag was right of the map's centre.
      const [ominx, , omaxx] = before.mapStartPosLonLat as [number, number, number, number]
      expect(minx).toBeGreaterThan((ominx + omaxx) / 2)
      await snap(page, 'dashboard-map-drawn-desktop')

      await page.getByRole('button', { name: 'SALVAR' }).click()
      await expect(page.getByText('Posição inicial do mapa gravada.')).toBeVisible()
      const after = (await (
        await request.get(`${baseUrl()}/api/mapconfig`, { headers })
      ).json()) as {
        mapStartPosLonLat: number[]
      }
      after.mapStartPosLonLat.forEach((v, i) => expect(v).toBeCloseTo(drawn[i]!, 4))

      // The map page, opened afresh (no view in the URL), shows that box.
      await page.goto('/')
      await mapRendered(page)
      await expect.poll(() => urlView(page).lat).not.toBe(0)
      const view = urlView(page)
      const centreY = (mercatorY(miny) + mercatorY(maxy)) / 2
      expect(Math.abs(mercatorY(view.lat) - centreY)).toBeLessThan(
        (mercatorY(maxy) - mercatorY(miny)) * 0.05,
      )
      expect(view.lon).toBeGreaterThan(minx - (maxx - minx))
      expect(view.lon).toBeLessThan(maxx)
    } finally {
      await request.post(`${baseUrl()}/api/mapconfig`, {
        headers,
        data: { mapStartPosLonLat: before.mapStartPosLonLat },
      })
    }
  })

  test('the base layer dialog previews each source live on a map', async ({ page }) => {
    const xyzAsked = await fakeTiles(page, 'tiles.example.com', PNG.crimson)
    const wmsAsked = await fakeTiles(page, 'wms.example.com', PNG.blue)
    await page.route('https://broken.example.com/**', (route) => route.fulfill({ status: 404 }))
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openSection(page, 'Mapas base')
    await page.getByRole('button', { name: 'NOVO MAPA BASE' }).click()
    const dialog = page.getByRole('dialog', { name: 'Novo mapa base' })
    const preview = dialog.getByRole('region', { name: 'Pré-visualização' })

    // XYZ: the map asks the template's tiles and shows them.
    await dialog.getByLabel('Tipo de fonte').click()
    await page.getByRole('option', { name: 'XYZ (tiles)' }).click()
    await dialog.getByLabel('Nome').fill(unique('Prévia '))
    await expect(dialog.getByText('Preencha a fonte para ver a pré-visualização.')).toBeVisible()
    await dialog.getByLabel('URL').fill('https://tiles.example.com/{z}/{x}/{y}.png')
    await expectColour(preview, CRIMSON)
    expect(xyzAsked.some((u) => /tiles\.example\.com\/\d+\/\d+\/\d+\.png$/.test(u))).toBe(true)
    await snap(page, 'dashboard-base-preview-xyz-desktop')

    // WMS: GetMap requests with the typed layer.
    await dialog.getByLabel('Tipo de fonte').click()
    await page.getByRole('option', { name: 'WMS', exact: true }).click()
    await dialog.getByLabel('URL').fill('https://wms.example.com/ows')
    await dialog.getByLabel('Layers WMS (LAYERS)').fill('ortofoto')
    await expectColour(preview, BLUE)
    const getMap = new URL(wmsAsked.at(-1)!)
    expect(getMap.searchParams.get('REQUEST')).toBe('GetMap')
    expect(getMap.searchParams.get('LAYERS')).toBe('ortofoto')
    await snap(page, 'dashboard-base-preview-wms-desktop')

    // GeoJSON served by this server: the countries' fill under the centre (Brazil).
    await dialog.getByLabel('Tipo de fonte').click()
    await page.getByRole('option', { name: 'GeoJSON' }).click()
    await dialog.getByLabel('URL').fill('/api/base-layers/offline/natural-earth.geojson')
    await expectColour(preview, [0xf5, 0xf3, 0xea])
    await snap(page, 'dashboard-base-preview-geojson-desktop')

    // A source that does not answer says so.
    await dialog.getByLabel('Tipo de fonte').click()
    await page.getByRole('option', { name: 'XYZ (tiles)' }).click()
    await dialog.getByLabel('URL').fill('https://broken.example.com/{z}/{x}/{y}.png')
    await expect(
      dialog.getByText('A fonte não respondeu: confira a URL e os parâmetros.'),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'CANCELAR' }).click()
  })
})
