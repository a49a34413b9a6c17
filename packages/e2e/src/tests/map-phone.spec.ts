import type { Locator, Page } from '@playwright/test'
import { ADMIN, PHONE, expect, test } from '../fixtures'
import { signInToMap, type View } from '../steps/map'
import { featurePoint } from '../steps/map-data'
import { mapBox } from '../steps/map-pixels'
import { snap } from '../steps/pictures'
import { apiToken } from '../steps/session'

/** Nothing wider than the screen: no sideways scrolling, no control cut at the edge. */
async function fitsTheScreen(page: Page, ...parts: Locator[]) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  for (const part of parts) {
    const box = (await part.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5)
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 0.5)
  }
}

test.describe('map on a phone (390×844)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
  })

  test('the tool column, the layer manager toggle and full-width drawers', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const [lon, lat] = await featurePoint(request, token, 'oae', 1)
    const view: View = { lat, lon, z: 16 }
    await signInToMap(page, ADMIN, view, ['oae', 'rodovias'])
    const tools = page.getByRole('toolbar', { name: 'Ferramentas do mapa' })
    const manager = page.getByRole('complementary', { name: 'Layers' })
    // On a phone the map opens with the layer manager shut; the tool column toggles it.
    await expect(manager).toBeHidden()
    await fitsTheScreen(page, tools)
    for (const name of [
      'Aumentar zoom',
      'Diminuir zoom',
      'Gerenciar layers',
      'Me localizar no mapa',
    ]) {
      await expect(tools.getByRole('button', { name })).toBeInViewport()
    }
    await snap(page, 'map-phone')

    await tools.getByRole('button', { name: 'Gerenciar layers' }).click()
    await expect(manager).toBeVisible()
    expect((await manager.boundingBox())!.width).toBeGreaterThanOrEqual(PHONE.width - 1)
    await fitsTheScreen(page, manager)
    await expect(manager.getByText('Rodovias', { exact: true })).toBeInViewport()
    await snap(page, 'map-phone-layers')
    await manager.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
    await expect(manager).toBeHidden()

    // Identify the bridge under the centre: the info panel and the selection drawer fit.
    const box = await mapBox(page)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    const info = page.getByRole('dialog', { name: 'Informações' })
    await expect(info.getByRole('row', { name: /Obras de arte/ })).toBeVisible()
    await fitsTheScreen(page, info)
    await snap(page, 'map-phone-info')
    const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
    if (!(await drawer.isVisible()))
      await tools.getByRole('button', { name: 'Feições selecionadas' }).click()
    await expect(drawer).toBeVisible()
    expect((await drawer.boundingBox())!.width).toBeGreaterThanOrEqual(PHONE.width - 1)
    await fitsTheScreen(page, drawer)
    await expect(drawer.getByRole('button', { name: 'Detalhar' }).first()).toBeInViewport()
    await expect(drawer.getByRole('button', { name: 'Fechar' })).toBeInViewport()
    // The header keeps its title on one line beside the count and the buttons.
    const title = drawer.getByRole('heading', { name: 'Feições selecionadas' })
    expect((await title.boundingBox())!.height).toBeLessThan(36)
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    await snap(page, 'map-phone-drawer')
    await drawer.getByRole('button', { name: 'Detalhar' }).first().click()
    await expect(drawer.getByRole('button', { name: 'Voltar para Listagem' })).toBeInViewport()
    await fitsTheScreen(page, drawer)
    await snap(page, 'map-phone-detail')
    await drawer.getByRole('button', { name: 'Fechar' }).click()
    await expect(drawer).toBeHidden()

    // The tool panels fit beside the column.
    await tools.getByRole('button', { name: 'Coordenadas' }).click()
    const coords = page.getByRole('region', { name: 'Coordenadas' })
    await expect(coords.getByRole('button', { name: 'Ir' })).toBeInViewport()
    await fitsTheScreen(page, coords, tools)
    await snap(page, 'map-phone-coordinates')
    await tools.getByRole('button', { name: 'Medir distância ou área' }).click()
    const measure = page.getByRole('region', { name: 'Medir' })
    await expect(measure).toBeVisible()
    await fitsTheScreen(page, measure, tools)
  })
})
