import type { Page } from '@playwright/test'
import { ADMIN, DEMO, DESKTOP, apiToken, expect, signIn, snap, test } from '../fixtures'
import {
  featurePoint,
  mapBox,
  mapRendered,
  openMap,
  urlView,
  wfsIds,
  type View,
} from './map-helpers'

const OAE = 'Obras de arte especiais (pontes e viadutos)'

/** A screenshot of the map region only, to compare what it draws. */
async function mapPixels(page: Page): Promise<Buffer> {
  await mapRendered(page)
  return page.getByTestId('map').screenshot()
}

/** The EPSG:4326 box of the 8-pixel identify tolerance around a point, at a zoom. */
function toleranceBox(lon: number, lat: number, z: number): [number, number, number, number] {
  const metres = (8 * 156_543.033_928_041) / 2 ** z
  const dLon = (metres / 6_378_137 / Math.cos((lat * Math.PI) / 180)) * (180 / Math.PI)
  const dLat = (metres / 6_378_137) * (180 / Math.PI)
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat]
}

test.describe('map page', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP)
  })

  test('draws the demo layers; the layer manager toggles and dims them; the view survives F5', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN.username, ADMIN.password)
    const [lon, lat] = await featurePoint(request, token, 'oae', 1)
    const tiles = new Map<string, number>()
    page.on('response', (res) => {
      const m = /\/api\/tiles\/([\w.-]+)\//.exec(res.url())
      if (m && res.status() === 200) tiles.set(m[1]!, (tiles.get(m[1]!) ?? 0) + 1)
    })
    await signIn(page, ADMIN.username, ADMIN.password)
    const view: View = { lat, lon, z: 12 }
    await openMap(page, view)

    // The layers visible by default asked for their tiles and got them.
    for (const layer of ['rodovias', 'oae', 'pracas_pedagio', 'municipios']) {
      expect(tiles.get(layer) ?? 0, `tiles of ${layer}`).toBeGreaterThan(0)
    }
    expect(tiles.get('placas') ?? 0).toBe(0)

    const manager = page.getByRole('complementary', { name: 'Layers' })
    await expect(manager).toBeVisible()
    await expect(manager.getByText('Sistema viário')).toBeVisible()
    await snap(page, 'map-layer-manager')

    // Hiding a layer changes what is drawn, and the URL no longer lists it.
    const before = await mapPixels(page)
    await manager.getByRole('checkbox', { name: 'Exibir Rodovias', exact: true }).uncheck()
    const hidden = await mapPixels(page)
    expect(hidden.equals(before)).toBe(false)
    await expect.poll(() => urlView(page).l).not.toContain('rodovias')
    expect(urlView(page).l).toContain('oae')

    // Opacity: the dialog's slider, 0–255.
    await manager.getByRole('button', { name: 'Opacidade de Municípios' }).click()
    const dialog = page.getByRole('dialog', { name: 'Opacidade' })
    const slider = dialog.getByRole('slider', { name: 'Opacidade de Municípios' })
    await expect(dialog.getByText('180 de 255')).toBeVisible()
    await slider.focus()
    await page.keyboard.press('Home')
    await expect(dialog.getByText('0 de 255')).toBeVisible()
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    const transparent = await mapPixels(page)
    expect(transparent.equals(hidden)).toBe(false)

    // F5: the same view and the same shown layers.
    await page.waitForTimeout(300)
    const kept = urlView(page)
    await page.reload()
    await mapRendered(page)
    const again = urlView(page)
    expect(again.z).toBe(kept.z)
    expect(again.lat).toBeCloseTo(kept.lat, 5)
    expect(again.lon).toBeCloseTo(kept.lon, 5)
    expect(again.l).toEqual(kept.l)
    await expect(
      page
        .getByRole('complementary', { name: 'Layers' })
        .getByRole('checkbox', { name: 'Exibir Rodovias', exact: true }),
    ).not.toBeChecked()
  })

  test('a click on a bridge shows its layer and count in the info panel', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN.username, ADMIN.password)
    const [lon, lat] = await featurePoint(request, token, 'oae', 1)
    const view: View = { lat, lon, z: 17 }
    await signIn(page, ADMIN.username, ADMIN.password)
    await openMap(page, view, ['oae'])
    const expected = await wfsIds(request, token, 'oae', toleranceBox(lon, lat, view.z))
    expect(expected).toContain(1)

    const box = await mapBox(page)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    const info = page.getByRole('dialog', { name: 'Informações' })
    await expect(info.getByRole('columnheader', { name: 'Layer' })).toBeVisible()
    await expect(info.getByRole('columnheader', { name: 'Qtde.' })).toBeVisible()
    const row = info.getByRole('row', { name: new RegExp(OAE.replace(/[()]/g, '\\$&')) })
    await expect(row).toContainText(String(expected.length))
    await snap(page, 'map-info-panel')
  })

  test('the ordinary demo user sees only the layers it may read', async ({ page }) => {
    await signIn(page, DEMO.username, DEMO.password)
    const manager = page.getByRole('complementary', { name: 'Layers' })
    await expect(manager.getByText('Rodovias', { exact: true })).toBeVisible()
    await expect(manager.getByText('Ocorrências')).toHaveCount(0)
  })
})
