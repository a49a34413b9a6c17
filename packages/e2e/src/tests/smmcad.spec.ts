import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN, expect, test } from '../fixtures'
import { snap } from '../steps/pictures'
import { resetWorkspaceOf, signIn } from '../steps/session'
import { openToolWindow } from '../steps/tools'
import { budget } from '../slowdown'

/**
 * The SmmCad event viewer (spec 2 §2.5, §4.4, §7.1) on the demo surveys: the administrator
 * opens FERRAMENTAS › SMMCAD (the demo switches the module on); the viewer opens event 1
 * (SP-280 km 13, survey 2025-03, its four cameras at 0, 90, 180 and 270°).
 */

const footer = (page: Page) => page.getByTestId('smmcad-location')
const cameras = (page: Page) => page.getByRole('group', { name: /^Câmera \d/ })
const camera = (page: Page, n: number, rotation: number) =>
  page.getByRole('group', { name: `Câmera ${n} (${rotation}°)` })

/** Signs the administrator in with an empty workspace and opens FERRAMENTAS › SMMCAD. */
async function openViewer(page: Page, request: APIRequestContext) {
  await resetWorkspaceOf(request, ADMIN)
  await signIn(page, ADMIN)
  await openToolWindow(page, 'SMMCAD')
  await expect(footer(page)).toHaveText('Local: SP-280 @ 13,000', { timeout: budget(30_000) })
  await expect(cameras(page)).toHaveCount(4)
}

/** The km the footer shows, as a number. */
async function footerKm(page: Page): Promise<number> {
  const text = (await footer(page).textContent()) ?? ''
  const km = /@ ([\d.,]+)$/.exec(text)?.[1]
  if (!km) throw new Error(`no km in '${text}'`)
  return Number(km.replace(/\./g, '').replace(',', '.'))
}

test.describe('event viewer (SmmCad)', () => {
  test('cameras side by side step through the events and cameras by keyboard, expand and come back', async ({
    page,
    request,
  }) => {
    await openViewer(page, request)

    // Sorted by rotation, each drawn from its own frame at a detail level.
    const names = await cameras(page).evaluateAll((els) => els.map((e) => e.ariaLabel))
    expect(names).toEqual(['Câmera 1 (0°)', 'Câmera 2 (90°)', 'Câmera 3 (180°)', 'Câmera 4 (270°)'])
    const canvas = camera(page, 1, 0).locator('canvas')
    await expect(canvas).toHaveAttribute('data-drawn', /^demo\/1\/1\/1\|[0-4]$/, {
      timeout: budget(30_000),
    })
    // The map's layer list, with a switch per layer.
    const layers = page.getByRole('region', { name: 'Layers' })
    await expect(layers.getByRole('switch', { name: 'Mostrar Eventos vizinhos' })).toBeChecked()
    await expect(layers.getByRole('switch', { name: 'Mostrar Imagens 360°' })).toBeChecked()
    await snap(page, 'smmcad-cameras')

    // ArrowUp: the next event by GPS time (10 m on); ArrowDown back.
    await camera(page, 1, 0).focus()
    await page.keyboard.press('ArrowUp')
    await expect(footer(page)).toHaveText('Local: SP-280 @ 13,010')
    await expect(canvas).toHaveAttribute('data-drawn', /^demo\/1\/2\/1\|/, {
      timeout: budget(30_000),
    })
    await page.keyboard.press('ArrowUp')
    await expect(footer(page)).toHaveText('Local: SP-280 @ 13,020')
    await page.keyboard.press('ArrowDown')
    await expect(footer(page)).toHaveText('Local: SP-280 @ 13,010')
    // Past the end of the loaded neighbours (60 m), they are loaded again and the steps go on.
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowUp')
    await expect.poll(() => footerKm(page), { timeout: budget(20_000) }).toBeGreaterThan(13.06)

    // Ctrl+ArrowRight / Ctrl+ArrowLeft: the selected camera, wrapping around.
    await expect(camera(page, 1, 0)).toHaveAttribute('data-selected', 'true')
    await page.keyboard.press('Control+ArrowRight')
    await expect(camera(page, 2, 90)).toHaveAttribute('data-selected', 'true')
    await expect(camera(page, 1, 0)).toHaveAttribute('data-selected', 'false')
    await page.keyboard.press('Control+ArrowLeft')
    await page.keyboard.press('Control+ArrowLeft')
    await expect(camera(page, 4, 270)).toHaveAttribute('data-selected', 'true')

    // F: that camera alone; Escape: all four again. The panel's button does the same.
    await page.keyboard.press('f')
    await expect(cameras(page)).toHaveCount(1)
    await expect(camera(page, 4, 270)).toBeVisible()
    await snap(page, 'smmcad-single-camera')
    await page.keyboard.press('Escape')
    await expect(cameras(page)).toHaveCount(4)
    await camera(page, 2, 90).getByRole('button', { name: 'Mostrar somente esta câmera' }).click()
    await expect(cameras(page)).toHaveCount(1)
    await page.getByRole('button', { name: 'Mostrar todas as câmeras' }).click()
    await expect(cameras(page)).toHaveCount(4)

    // The map page shows where imagery exists: the surveys' tracks, with their colours.
    await page.goto('/?lat=-23.5150&lon=-46.7800&z=15')
    const tracks = page.getByRole('region', { name: 'Imagens 360°' })
    await expect(tracks.getByRole('switch', { name: 'Imagens 360°' })).toBeChecked({
      timeout: budget(30_000),
    })
    await expect(tracks.getByText('2025-03')).toBeVisible()
    await expect(tracks.getByText('2026-05')).toBeVisible()
    await snap(page, 'smmcad-map-page-tracks')
  })

  test('the 360 view, its placeholder, a click on the map and a failed neighbours call', async ({
    page,
    request,
  }) => {
    await openViewer(page, request)

    // The 360 view beside the map: the event's panorama.
    await page.getByRole('button', { name: 'Alternar visão 360' }).click()
    const panorama = page.getByRole('region', { name: 'Visão 360' })
    await expect(panorama).toHaveAttribute('data-panorama', 'demo/1/1', { timeout: budget(30_000) })
    await snap(page, 'smmcad-360')

    // A click on the map loads the closest event and its neighbours (the road runs west
    // north-west from km 13: 40 m or so on).
    const map = page.getByRole('region', { name: 'Mapa' })
    const box = (await map.boundingBox())!
    await map.click({ position: { x: box.width / 2 - 150, y: box.height / 2 - 40 } })
    await expect.poll(() => footerKm(page), { timeout: budget(20_000) }).toBeGreaterThan(13.015)
    await expect(panorama).not.toHaveAttribute('data-panorama', 'demo/1/1', {
      timeout: budget(30_000),
    })
    await snap(page, 'smmcad-map-click')

    // An event without its panorama shows the placeholder picture.
    await page.route('**/api/smmcad/1/events/*/neighbours', async (route) => {
      const res = await route.fetch()
      const entries = (await res.json()) as { event: Record<string, unknown> }[]
      for (const e of entries) e.event.orbitEventId = null
      await route.fulfill({ response: res, json: entries })
    })
    await map.click({ position: { x: box.width / 2 + 120, y: box.height / 2 + 30 } })
    await expect(page.getByRole('img', { name: 'Evento sem imagem 360' })).toBeVisible({
      timeout: budget(20_000),
    })

    // The neighbours do not come: the spec's message.
    await page.unroute('**/api/smmcad/1/events/*/neighbours')
    await page.route('**/api/smmcad/1/events/*/neighbours', (route) =>
      route.fulfill({ status: 500, json: { message: 'falha' } }),
    )
    await map.click({ position: { x: box.width / 2 - 100, y: box.height / 2 - 20 } })
    await expect(page.getByText('Erro carregar eventos vizinhos!')).toBeVisible({
      timeout: budget(20_000),
    })
  })
})
