import type { Locator, Page } from '@playwright/test'
import { ADMIN, DESKTOP, expect, test } from '../fixtures'
import { featureCount, mapRendered, openMap, signInToMap, urlView, type View } from '../steps/map'
import { createEmptyLayer, featurePoint, signInToFeature, wfsIds } from '../steps/map-data'
import { lonLatAt, mapBox, pixelOf } from '../steps/map-pixels'
import { expectPicture, snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'

const OAE = 'Obras de arte especiais (pontes e viadutos)'

/** Drags a selection box between two page pixels with the box tool. */
async function dragBox(page: Page, from: [number, number], to: [number, number]) {
  await page.getByRole('button', { name: 'Selecionar por área (arraste um retângulo)' }).click()
  await page.mouse.move(from[0], from[1])
  await page.mouse.down()
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 5 })
  await page.mouse.move(to[0], to[1], { steps: 5 })
  await page.mouse.up()
}

/** A click the page dispatches itself, on the map's viewport (what OpenLayers listens to). */
function syntheticClick(page: Page, x: number, y: number, closeMenuFirst = false) {
  return page.evaluate(
    ([x, y, closeMenuFirst]) => {
      if (closeMenuFirst) {
        const focused = document.activeElement ?? document.body
        focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
      }
      const viewport = document.querySelector('.ol-viewport')!
      const init = {
        bubbles: true,
        cancelable: true,
        clientX: x,
        clientY: y,
        button: 0,
        buttons: 1,
        pointerId: 7,
        pointerType: 'mouse',
        isPrimary: true,
      }
      viewport.dispatchEvent(new PointerEvent('pointerdown', init))
      viewport.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }))
    },
    [x, y, closeMenuFirst] as const,
  )
}

/** The view the measure tests draw on. */
const MEASURE_VIEW: View = { lat: -23.5, lon: -47.5, z: 14 }

/** Signs in onto the measure view, closes the layer manager and opens the Medir panel. */
async function openMeasure(page: Page): Promise<Locator> {
  await signInToMap(page, ADMIN, MEASURE_VIEW, ['base_2', 'rodovias'])
  await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
  await page.getByRole('button', { name: 'Medir distância ou área' }).click()
  return page.getByRole('region', { name: 'Medir' })
}

/** Chooses the kind of measure (Área, Distância) in the Medir panel. */
async function chooseMeasure(page: Page, panel: Locator, kind: string): Promise<void> {
  await panel.getByRole('combobox', { name: 'Tipo de medida' }).click()
  await page.getByRole('option', { name: kind }).click()
  // The list fades out over the map: a click before it is gone would land on it.
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0)
}

/** The Medir panel set to measure an area: the panel, its result and the map's centre pixel. */
async function measureArea(page: Page) {
  const panel = await openMeasure(page)
  await chooseMeasure(page, panel, 'Área')
  const box = await mapBox(page)
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2]
  return { panel, result: page.getByTestId('measure-result'), cx, cy }
}

test.describe('map tools', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP)
  })

  test('my location: the browser gives up after 5 s with the spec options', async ({ page }) => {
    // The browser never finds a position: only the timeout the page asked for ends the wait.
    await page.addInitScript(() => {
      const w = window as unknown as { geoOptions?: PositionOptions; geoAsked?: number }
      navigator.geolocation.getCurrentPosition = (_ok, fail, options) => {
        w.geoOptions = options
        w.geoAsked = performance.now()
        setTimeout(
          () =>
            fail?.({
              code: 3,
              message: 'Timeout expired',
              PERMISSION_DENIED: 1,
              POSITION_UNAVAILABLE: 2,
              TIMEOUT: 3,
            } as GeolocationPositionError),
          options?.timeout ?? 0,
        )
      }
    })
    await signInToMap(page, ADMIN, { lat: -23.2, lon: -47.9, z: 8 })
    const started = Date.now()
    await page.getByRole('button', { name: 'Me localizar no mapa' }).click()
    await expect(
      page.getByText('Tempo máximo de espera para obter a localização alcançado!'),
    ).toBeVisible()
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900)
    const options = await page.evaluate(
      () => (window as unknown as { geoOptions?: PositionOptions }).geoOptions,
    )
    expect(options).toEqual({ enableHighAccuracy: true, timeout: 5_000, maximumAge: 10_000 })
    await expect(page.getByRole('button', { name: 'Me localizar no mapa' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })

  test('my location: a browser without geolocation says so', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => undefined })
    })
    await signIn(page, ADMIN)
    await page.getByRole('button', { name: 'Me localizar no mapa' }).click()
    await expect(page.getByText('Geolocalização não suportada pelo navegador!')).toBeVisible()
  })

  test('a new empty layer: fit says there is no information; its tall legend expands', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const title = 'Camada de teste sem feições'
    const layer = await createEmptyLayer(request, token, title, 12)
    try {
      await signIn(page, ADMIN)
      const view: View = { lat: -23.3, lon: -47.6, z: 10 }
      await openMap(page, view)
      const manager = page.getByRole('complementary', { name: 'Layers' })
      await manager.getByLabel('Layers disponíveis').fill('sem feições')
      await expect(manager.getByText(title)).toBeVisible()

      // Fit: no extent, the spec's message, and the view stays where it was.
      await manager
        .getByRole('button', { name: `Ajustar o mapa à extensão do layer: ${title}` })
        .click()
      await expect(
        page.getByText('Não há informação disponível para realizar esta operação!'),
      ).toBeVisible()
      await mapRendered(page)
      expect(urlView(page).z).toBe(view.z)

      // Legend: 12 classes make it far taller than 1.5 times its width; it opens cut, expands.
      await manager.getByRole('button', { name: `Mostrar legenda de ${title}` }).click()
      const image = manager.getByRole('img', { name: `Legenda de ${title}` })
      await expect(image).toBeVisible()
      await expect
        .poll(() => image.evaluate((i: HTMLImageElement) => i.naturalHeight))
        .toBeGreaterThan(0)
      const natural = await image.evaluate((i: HTMLImageElement) => ({
        w: i.naturalWidth,
        h: i.naturalHeight,
      }))
      expect(natural.h).toBeGreaterThan(1.5 * natural.w)
      const frame = image.locator('..')
      const cut = (await frame.boundingBox())!.height
      expect(cut).toBeLessThan(natural.h - 10)
      await manager.getByRole('button', { name: 'Expandir legenda' }).click()
      await expect.poll(async () => (await frame.boundingBox())!.height).toBeGreaterThan(cut + 10)
      // The server draws the legend from the style: its picture guards the symbols and labels.
      await expectPicture(image, 'legend-12-classes')
      await manager.getByRole('button', { name: 'Recolher legenda' }).click()
      await expect.poll(async () => (await frame.boundingBox())!.height).toBeLessThan(cut + 1)
    } finally {
      await layer.remove()
    }
  })

  test('drag and drop in the tree changes the draw order', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN)
    const ids = await wfsIds(request, token, 'pracas_pedagio', [-48.5, -23.7, -46.7, -22.8])
    // A toll plaza sits on its road: the two layers overlap there.
    const q = await featurePoint(request, token, 'pracas_pedagio', ids[0]!)
    const view: View = { lon: q[0], lat: q[1], z: 16 }
    await signInToMap(page, ADMIN, view, ['rodovias', 'pracas_pedagio'])
    const manager = page.getByRole('complementary', { name: 'Layers' })
    const tree = manager.getByTestId('layer-tree')
    const order = () =>
      tree
        .getByRole('button', {
          name: /^Arrastar (Rodovias|Marcos quilométricos|Praças de pedágio) para reordenar$/,
        })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
    expect(await order()).toEqual([
      'Arrastar Rodovias para reordenar',
      'Arrastar Marcos quilométricos para reordenar',
      'Arrastar Praças de pedágio para reordenar',
    ])
    const [px, py] = await pixelOf(page, view, view.lon, view.lat)
    const around = { x: px - 30, y: py - 30, width: 60, height: 60 }
    const before = await page.screenshot({ clip: around })

    // Drag Praças de pedágio above Rodovias, with the mouse, by its handle.
    const handle = tree.getByRole('button', { name: 'Arrastar Praças de pedágio para reordenar' })
    const target = tree.getByRole('button', { name: 'Arrastar Rodovias para reordenar' })
    const from = (await handle.boundingBox())!
    const to = (await target.boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 })
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 })
    await page.mouse.up()
    await expect
      .poll(order)
      .toEqual([
        'Arrastar Praças de pedágio para reordenar',
        'Arrastar Rodovias para reordenar',
        'Arrastar Marcos quilométricos para reordenar',
      ])

    // The plaza now lies under the road: what the map draws there changed.
    await mapRendered(page)
    const after = await page.screenshot({ clip: around })
    expect(after.equals(before)).toBe(false)

    // And back with the keyboard: the first drawing returns.
    await handle.focus()
    // Each key waits for what the tree announces: a key before the move is taken drops early.
    const steps: [string, string][] = [
      ['Space', 'Praças de pedágio sobre a posição de Praças de pedágio.'],
      ['ArrowDown', 'Praças de pedágio sobre a posição de Rodovias.'],
      ['ArrowDown', 'Praças de pedágio sobre a posição de Marcos quilométricos.'],
      ['Space', 'Praças de pedágio movido para a posição 3.'],
    ]
    for (const [key, announcement] of steps) {
      await page.keyboard.press(key)
      await expect(page.getByText(announcement, { exact: true })).toBeAttached()
    }
    await expect
      .poll(order)
      .toEqual([
        'Arrastar Rodovias para reordenar',
        'Arrastar Marcos quilométricos para reordenar',
        'Arrastar Praças de pedágio para reordenar',
      ])
    await mapRendered(page)
    await expect
      .poll(async () => (await page.screenshot({ clip: around })).equals(before))
      .toBe(true)
  })

  test(
    'the selection drawer pages 15, 30 or 50, newest first; Expandir opens the feature window',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await apiToken(request, ADMIN)
      const view: View = { lat: -23.27, lon: -47.6, z: 9 }
      await signInToMap(page, ADMIN, view, ['oae'])
      await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
      const box = await mapBox(page)
      const from: [number, number] = [box.x + box.width / 2 - 400, box.y + box.height / 2 - 250]
      const to: [number, number] = [box.x + box.width / 2 + 380, box.y + box.height / 2 + 250]
      const [west, north] = await lonLatAt(page, view, ...from)
      const [east, south] = await lonLatAt(page, view, ...to)
      const expected = await wfsIds(request, token, 'oae', [west, south, east, north])
      expect(expected.length).toBeGreaterThan(50)
      expect(expected.length).toBeLessThanOrEqual(100)
      await dragBox(page, from, to)

      const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
      await expect(drawer.getByText(featureCount(expected.length), { exact: true })).toBeVisible()
      const items = drawer.getByTestId('selection-item')
      const newest = [...expected].sort((a, b) => b - a)
      await expect(items).toHaveCount(15)
      await expect(items.first()).toContainText(`Id ${newest[0]}`)
      await expect(drawer.getByText(`1-15 de ${expected.length}`)).toBeVisible()

      for (const size of [30, 50, 15]) {
        await drawer.getByRole('combobox').last().click()
        await page.getByRole('option', { name: String(size), exact: true }).click()
        await expect(items).toHaveCount(size)
        await expect(drawer.getByText(`1-${size} de ${expected.length}`)).toBeVisible()
      }
      // The last page holds the rest, the oldest last.
      await drawer.getByRole('combobox').last().click()
      await page.getByRole('option', { name: '50', exact: true }).click()
      await drawer.getByRole('button', { name: 'Próxima página' }).click()
      await expect(items).toHaveCount(expected.length - 50)
      await expect(items.last()).toContainText(`Id ${newest.at(-1)}`)
      await snap(page, 'map-selection-drawer-paged')

      // Expandir: the feature window in the workspace, on that feature.
      const last = newest.at(-1)!
      await items.last().getByRole('button', { name: 'Detalhar' }).click()
      await drawer.getByRole('button', { name: 'Expandir' }).click()
      await expect(page).toHaveURL(/\/workspace$/)
      await expect(page.getByTestId('feature-title')).toContainText(`${OAE} · ${last}`)
    },
  )

  test('the detail gallery opens photos in a lightbox with previous and next', async ({
    page,
    request,
  }) => {
    // The demo gives bridge 4 three photos.
    await signInToFeature(page, request, ADMIN, 'oae', 4, 18, ['oae'])
    const box = await mapBox(page)
    await dragBox(
      page,
      [box.x + box.width / 2 - 15, box.y + box.height / 2 - 15],
      [box.x + box.width / 2 + 15, box.y + box.height / 2 + 15],
    )
    const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
    const item = drawer.getByTestId('selection-item').filter({ has: page.getByText(/ · Id 4$/) })
    await item.getByRole('button', { name: 'Detalhar' }).click()
    const gallery = drawer.getByTestId('attachment-gallery')
    const photos = gallery.getByRole('button', { name: /^Abrir IMG_/ })
    await expect(photos).toHaveCount(3)
    // Thumbnails: at most 80 px high, four to a row at most.
    for (const thumb of await gallery.getByRole('img').all()) {
      await expect
        .poll(() => thumb.evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0)
      expect((await thumb.boundingBox())!.height).toBeLessThanOrEqual(80)
    }
    const columns = await gallery.evaluate(
      (g) => getComputedStyle(g).gridTemplateColumns.split(' ').length,
    )
    expect(columns).toBe(4)

    await photos.first().click()
    const lightbox = page.getByRole('dialog').filter({ has: page.getByTestId('lightbox-position') })
    const position = lightbox.getByTestId('lightbox-position')
    await expect(position).toHaveText('1 de 3')
    const shown = lightbox.locator('img')
    const first = await shown.getAttribute('src')
    await expect
      .poll(() => shown.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0)
    await snap(page, 'map-lightbox')
    await lightbox.getByRole('button', { name: 'Próximo' }).click()
    await expect(position).toHaveText('2 de 3')
    expect(await shown.getAttribute('src')).not.toBe(first)
    await lightbox.getByRole('button', { name: 'Anterior' }).click()
    await lightbox.getByRole('button', { name: 'Anterior' }).click()
    await expect(position).toHaveText('3 de 3')
    await page.keyboard.press('ArrowRight')
    await expect(position).toHaveText('1 de 3')
    await expect(shown).toHaveAttribute('src', first!)
    await lightbox.getByRole('button', { name: 'Fechar visualização' }).click()
    await expect(lightbox).toBeHidden()
  })

  test('tool clicks are ignored while the right-click menu is open and for 250 ms after', async ({
    page,
    request,
  }) => {
    const { view, lon, lat } = await signInToFeature(page, request, ADMIN, 'oae', 1, 17, ['oae'])
    const [x, y] = await pixelOf(page, view, lon, lat)
    let queries = 0
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/ows') queries++
    })
    const info = page.getByRole('dialog', { name: 'Informações' })
    const menu = page.getByRole('menu', { name: 'Menu do mapa' })

    // A left click while the menu is open only closes the menu.
    await page.mouse.click(x, y, { button: 'right' })
    await expect(menu).toBeVisible()
    await page.mouse.click(x, y)
    await expect(menu).toBeHidden()

    // A click on the bridge right after Escape (the identify answer would come 250 ms later).
    await page.mouse.click(x, y, { button: 'right' })
    await expect(menu).toBeVisible()
    await syntheticClick(page, x, y, true)
    // The one fixed wait of the suite: that nothing happens can only be seen by waiting past
    // the 250 ms in which an identify would have answered.
    await page.waitForTimeout(1_000)
    await expect(menu).toBeHidden()
    await expect(info).toBeHidden()
    expect(queries).toBe(0)

    // Past the 250 ms, the same click identifies the bridge.
    await syntheticClick(page, x, y)
    await expect(info.getByRole('row', { name: /Obras de arte/ })).toBeVisible()
    expect(queries).toBe(1)
  })

  test('measure: an area on the ellipsoid; changing the type clears it', async ({ page }) => {
    const view = MEASURE_VIEW
    const { panel, result, cx, cy } = await measureArea(page)
    const a: [number, number] = [cx - 250, cy + 100]
    const b: [number, number] = [cx + 150, cy + 100]
    const c: [number, number] = [cx - 250, cy - 200]
    // A right triangle: on the ellipsoid, its Mercator area shrinks by cos² of the latitude.
    const [, latMid] = await lonLatAt(page, view, cx - 117, cy)
    const metres = 156_543.033_928_041 / 2 ** view.z
    const expected =
      (0.5 * 400 * 300 * metres * metres * Math.cos((latMid * Math.PI) / 180) ** 2) / 1e6
    await page.mouse.click(...a)
    await page.mouse.click(...b)
    await page.mouse.dblclick(...c)
    await expect(result).toHaveText(/^\d+,\d\d km²$/)
    const shown = Number((await result.textContent())!.replace(' km²', '').replace(',', '.'))
    expect(Math.abs(shown - expected) / expected).toBeLessThan(0.015)
    await snap(page, 'map-measure-area')

    // Changing the type clears what was measured.
    await chooseMeasure(page, panel, 'Distância')
    await expect(panel.getByText('Clique no mapa para começar a medir.')).toBeVisible()
    await expect(page.getByTestId('measure-tooltip')).toHaveCount(0)
  })

  test('measure: Escape takes back the last point of an area, and cancels a measure of one point', async ({
    page,
  }) => {
    const view = MEASURE_VIEW
    const { panel, result, cx, cy } = await measureArea(page)
    // A pointer moves in small steps; one jump right after a click is taken for a drag.
    const clickAt = async (x: number, y: number) => {
      await page.mouse.move(x, y, { steps: 8 })
      await page.mouse.click(x, y)
    }
    // Two corners, a point clicked by mistake, Escape, then the rest of the rectangle.
    await clickAt(cx - 250, cy + 100)
    await clickAt(cx + 150, cy + 100)
    await clickAt(cx + 40, cy + 20)
    await page.keyboard.press('Escape')
    await clickAt(cx + 150, cy - 200)
    await page.mouse.move(cx - 250, cy - 200, { steps: 8 })
    await page.mouse.dblclick(cx - 250, cy - 200)
    await expect(result).toHaveText(/^\d+,\d\d km²$/)
    const [, latMid] = await lonLatAt(page, view, cx - 50, cy - 50)
    const metres = 156_543.033_928_041 / 2 ** view.z
    const rectangle = (400 * 300 * metres * metres * Math.cos((latMid * Math.PI) / 180) ** 2) / 1e6
    const shown = Number((await result.textContent())!.replace(' km²', '').replace(',', '.'))
    // With the mistaken point kept, the polygon would be about 1,3 km² smaller.
    expect(Math.abs(shown - rectangle) / rectangle).toBeLessThan(0.015)

    // A new measure of two points: Escape leaves one, which is no measure.
    await clickAt(cx - 100, cy + 150)
    await clickAt(cx + 50, cy + 150)
    await page.mouse.move(cx + 50, cy + 250, { steps: 8 })
    await expect(page.getByTestId('measure-tooltip')).toHaveCount(2)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('measure-tooltip')).toHaveCount(1)
    await expect(panel.getByText('Clique no mapa para começar a medir.')).toBeVisible()
  })

  test('coordinates: out-of-range values are refused; swap, Marcar and LIMPAR', async ({
    page,
  }) => {
    const view: View = { lat: -23.4, lon: -47.6, z: 12 }
    await signInToMap(page, ADMIN, view, ['base_2'])
    await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
    await page.getByRole('button', { name: 'Coordenadas' }).click()
    const panel = page.getByRole('region', { name: 'Coordenadas' })
    const y = panel.getByLabel('Y (Latitude)')
    const x = panel.getByLabel('X (Longitude)')
    await y.fill('-95')
    await x.fill('-47.6')
    await expect(panel.getByText('Latitude entre -90 e 90')).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Ir' })).toBeDisabled()
    // A decimal comma (the Brazilian way) or a dot (as GPS devices write it).
    await y.fill('-47,58')
    await x.fill('-23.41')
    // Typed the wrong way round: the swap puts them right.
    await panel.getByRole('button', { name: 'Inverter latitude e longitude' }).click()
    await expect(y).toHaveValue('-23.41')
    await expect(x).toHaveValue('-47,58')
    const before = await page.getByTestId('map').screenshot()
    await panel.getByRole('button', { name: 'Marcar' }).click()
    await expect.poll(() => urlView(page).lat).toBeCloseTo(-23.41, 3)
    expect(urlView(page).lon).toBeCloseTo(-47.58, 3)
    // The read-out shows 6 decimals with a comma.
    await expect(page.getByTestId('coordinates-readout')).toContainText(/-\d+,\d{6}/)
    await mapRendered(page)
    const marked = await page.getByTestId('map').screenshot()
    expect(marked.equals(before)).toBe(false)
    await snap(page, 'map-coordinates-marked')
    await panel.getByRole('button', { name: 'LIMPAR' }).click()
    await expect(y).toHaveValue('')
    await expect(x).toHaveValue('')
    await expect(panel.getByRole('button', { name: 'Ir' })).toBeDisabled()
  })
})
