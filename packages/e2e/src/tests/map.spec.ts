import type { Page } from '@playwright/test'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN, DEMO, DESKTOP, PHONE, baseUrl, expect, test } from '../fixtures'
import { featureCount, mapRendered, openMap, signInToMap, urlView, type View } from '../steps/map'
import { featurePoint, signInToFeature, wfsIds } from '../steps/map-data'
import { lonLatAt, mapBox, pixelOf } from '../steps/map-pixels'
import { expectPicture, seriousViolations, snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'

const LAYERS_ONLY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'map-layers-only.css')

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

  test(
    'draws the demo layers; the layer manager toggles and dims them; the view survives F5',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await apiToken(request, ADMIN)
      const [lon, lat] = await featurePoint(request, token, 'oae', 1)
      const tiles = new Map<string, number>()
      page.on('response', (res) => {
        const m = /\/api\/tiles\/([\w.-]+)\//.exec(res.url())
        if (m && res.status() === 200) tiles.set(m[1]!, (tiles.get(m[1]!) ?? 0) + 1)
      })
      await signIn(page, ADMIN)
      const view: View = { lat, lon, z: 12 }
      await openMap(page, view)

      // The layers visible by default asked for their tiles and got them.
      for (const layer of ['rodovias', 'oae', 'pracas_pedagio', 'municipios']) {
        await expect
          .poll(() => tiles.get(layer) ?? 0, { message: `tiles of ${layer}` })
          .toBeGreaterThan(0)
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

      // Opacity: the dialog's slider, shown in percent (180 of 255 stored: 71%).
      await manager.getByRole('button', { name: 'Opacidade de Municípios' }).click()
      const dialog = page.getByRole('dialog', { name: 'Opacidade' })
      const slider = dialog.getByRole('slider', { name: 'Opacidade de Municípios' })
      await expect(slider).toHaveAttribute('aria-valuetext', '71%')
      await expect(slider).toHaveValue('180')
      await slider.focus()
      await page.keyboard.press('Home')
      await expect(slider).toHaveAttribute('aria-valuetext', '0%')
      await dialog.getByRole('button', { name: 'Fechar' }).click()
      const transparent = await mapPixels(page)
      expect(transparent.equals(hidden)).toBe(false)

      // F5: the same view and the same shown layers.
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
    },
  )

  for (const [device, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`the first view frames the start box, the demo's data, so that it fills the map (${device})`, async ({
      page,
      request,
    }) => {
      // The configured start box: on a freshly seeded demo it is the box of the concession's
      // data (modules/layers/layers.test.ts holds that on both databases; here other specs
      // may have added features or drawn another box).
      const token = await apiToken(request, ADMIN)
      const res = await request.get(`${baseUrl()}/api/mapconfig`, {
        headers: { authorization: token },
      })
      const data = (await res.json()).mapStartPosLonLat as [number, number, number, number]
      await page.setViewportSize(size)
      await signIn(page, ADMIN)
      await mapRendered(page)
      await expect.poll(() => urlView(page).z).toBeGreaterThan(0)
      const view = urlView(page)
      const box = await mapBox(page)
      const [west, north] = await lonLatAt(page, view, box.x, box.y)
      const [east, south] = await lonLatAt(page, view, box.x + box.width, box.y + box.height)
      // the whole box is on the map…
      expect(west).toBeLessThanOrEqual(data[0])
      expect(south).toBeLessThanOrEqual(data[1])
      expect(east).toBeGreaterThanOrEqual(data[2])
      expect(north).toBeGreaterThanOrEqual(data[3])
      // …and fills it: the whole zoom step closer would no longer hold it (the view keeps
      // whole zoom levels), so the box spans at least 45% of the map's width or height.
      const [x0, y1] = await pixelOf(page, view, data[0], data[1])
      const [x1, y0] = await pixelOf(page, view, data[2], data[3])
      const fill = Math.max((x1 - x0) / box.width, (y1 - y0) / box.height)
      expect(fill, `the start box spans ${Math.round(fill * 100)}% of the map`).toBeGreaterThan(
        0.45,
      )
      await snap(page, `map-first-view-${device}`)
    })
  }

  test(
    'the tiles draw the demo layers with their styles, as in the expected picture',
    { tag: '@db' },
    async ({ page, request }) => {
      // Around the first bridge: roads, toll plazas, municipalities and the offline base layer,
      // which no other spec edits there (bridges are left out: specs edit their attributes).
      const token = await apiToken(request, ADMIN)
      const [lon, lat] = await featurePoint(request, token, 'oae', 1)
      const layers = ['rodovias', 'pracas_pedagio', 'municipios', 'base_2']
      await signInToMap(page, ADMIN, { lat, lon, z: 13 }, layers)
      await expectPicture(page.getByTestId('map'), 'demo-layers-z13', {
        perDatabase: true,
        stylePath: LAYERS_ONLY,
      })
    },
  )

  test(
    'a click on a bridge shows its layer and count in the info panel',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await apiToken(request, ADMIN)
      const [lon, lat] = await featurePoint(request, token, 'oae', 1)
      const view: View = { lat, lon, z: 17 }
      await signInToMap(page, ADMIN, view, ['oae', 'rodovias', 'base_2'])
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
    },
  )

  test(
    'the tree: radio-group base layers, search, fit to a layer',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await apiToken(request, ADMIN)
      const [lon, lat] = await featurePoint(request, token, 'oae', 1)
      await signInToMap(page, ADMIN, { lat, lon, z: 16 })
      const manager = page.getByRole('complementary', { name: 'Layers' })

      // Base layers are one radio group: showing one hides the other.
      const osm = manager.getByRole('radio', { name: 'Exibir OpenStreetMap' })
      const offline = manager.getByRole('radio', { name: 'Exibir Limites mundiais (offline)' })
      await offline.check()
      await expect(offline).toBeChecked()
      await expect(osm).not.toBeChecked()
      await osm.check()
      await expect(osm).toBeChecked()
      await expect(offline).not.toBeChecked()
      await expect.poll(() => urlView(page).l).not.toContain('base_2')
      await offline.check()

      // Search in the tree.
      await manager.getByLabel('Layers disponíveis').fill('pedágio')
      await expect(manager.getByText('Praças de pedágio')).toBeVisible()
      await expect(manager.getByText('Rodovias', { exact: true })).toBeHidden()
      await manager.getByLabel('Layers disponíveis').fill('nada assim')
      await expect(manager.getByText('Nenhum layer encontrado para "nada assim".')).toBeVisible()
      await manager.getByLabel('Layers disponíveis').fill('')
      await expect(manager.getByText('Rodovias', { exact: true })).toBeVisible()

      // Fit to the extent of Municípios: the map zooms out to the whole concession.
      await manager
        .getByRole('button', { name: 'Ajustar o mapa à extensão do layer: Municípios' })
        .click()
      await expect.poll(() => urlView(page).z).toBeLessThan(12)
    },
  )

  test(
    'a drag box selects a known set; the drawer lists, locates and details',
    { tag: '@db' },
    async ({ page, request }) => {
      const { view, token } = await signInToFeature(page, request, ADMIN, 'oae', 1, 11, [
        'oae',
        'base_2',
      ])

      const box = await mapBox(page)
      const [x0, y0] = [box.x + box.width / 2 - 150, box.y + box.height / 2 - 120]
      const [x1, y1] = [box.x + box.width / 2 + 150, box.y + box.height / 2 + 120]
      const [west, north] = await lonLatAt(page, view, x0, y0)
      const [east, south] = await lonLatAt(page, view, x1, y1)
      const expected = await wfsIds(request, token, 'oae', [west, south, east, north])
      expect(expected.length).toBeGreaterThan(1)

      await page.getByRole('button', { name: 'Selecionar por área (arraste um retângulo)' }).click()
      await page.mouse.move(x0, y0)
      await page.mouse.down()
      await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 5 })
      await page.mouse.move(x1, y1, { steps: 5 })
      await page.mouse.up()

      const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
      await expect(drawer.getByText(featureCount(expected.length), { exact: true })).toBeVisible()
      // The drawer opened over the box's right part: the map moved it clear, left of the drawer.
      await expect.poll(() => urlView(page).lon).toBeGreaterThan(view.lon)
      await mapRendered(page)
      const moved = urlView(page)
      const [boxRight] = await pixelOf(page, moved, east, south)
      const drawerLeft = (await drawer.boundingBox())!.x
      expect(boxRight).toBeLessThanOrEqual(drawerLeft - 60)
      const info = page.getByRole('dialog', { name: 'Informações' })
      await expect(info.getByRole('row', { name: /Obras de arte/ })).toContainText(
        String(expected.length),
      )
      // Each item is named by the layer's display field (the default rule: Código), with the
      // layer and the Id below.
      for (const id of expected.slice(0, 5)) {
        const res = await request.get(`${baseUrl()}/api/features/oae/${id}`, {
          headers: { authorization: token },
        })
        const codigo = ((await res.json()) as { attributes: { codigo: string } }).attributes.codigo
        const item = drawer.getByTestId('selection-item').filter({ hasText: `${OAE} · Id ${id}` })
        await expect(item).toHaveCount(1)
        await expect(item.getByText(codigo, { exact: true })).toBeVisible()
      }
      await snap(page, 'map-selection-drawer')

      // Localizar: the map goes to the feature (zoom at most 15).
      await drawer.getByRole('button', { name: 'Localizar' }).first().click()
      await expect.poll(() => urlView(page).z).toBe(15)

      // Detalhar: Anexos and Dados, then back to the list.
      await drawer.getByRole('button', { name: 'Detalhar' }).first().click()
      await expect(drawer.getByText('Anexos', { exact: true })).toBeVisible()
      await expect(drawer.getByText('Dados', { exact: true })).toBeVisible()
      await expect(drawer.getByRole('button', { name: 'Expandir' })).toBeVisible()
      await snap(page, 'map-selection-detail')
      await drawer.getByRole('button', { name: 'Voltar para Listagem' }).click()
      await expect(drawer.getByText(featureCount(expected.length), { exact: true })).toBeVisible()
      await drawer.getByRole('button', { name: 'Fechar' }).click()
      await expect(drawer).toBeHidden()
    },
  )

  test('a box selection stopped at 100 features says so and opens the search of the layer', async ({
    page,
    request,
  }) => {
    const { view, token } = await signInToFeature(page, request, ADMIN, 'placas', 1, 13, [
      'placas',
      'base_2',
    ])

    const box = await mapBox(page)
    const [x0, y0] = [box.x + box.width / 2 - 200, box.y + box.height / 2 - 150]
    const [x1, y1] = [box.x + box.width / 2 + 200, box.y + box.height / 2 + 150]
    const [west, north] = await lonLatAt(page, view, x0, y0)
    const [east, south] = await lonLatAt(page, view, x1, y1)
    expect(
      (await wfsIds(request, token, 'placas', [west, south, east, north])).length,
    ).toBeGreaterThan(100)

    await page.getByRole('button', { name: 'Selecionar por área (arraste um retângulo)' }).click()
    await page.mouse.move(x0, y0)
    await page.mouse.down()
    await page.mouse.move(x1, y1, { steps: 8 })
    await page.mouse.up()

    const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
    await expect(drawer.getByText('100 feições', { exact: true })).toBeVisible()
    const capped = drawer.getByTestId('selection-capped')
    await expect(capped).toContainText(
      'Só as primeiras 100 feições da área foram selecionadas. Para ver todas, use a busca.',
    )
    // The signs are named by their CTB code (the default rule), the layer and Id below.
    const first = drawer.getByTestId('selection-item').first()
    await expect(first).toContainText(/^(R|A)-\d+[a-z]?Sinalização vertical · Id \d+/)
    await snap(page, 'map-selection-capped-desktop')
    await page.setViewportSize(PHONE)
    await expect(capped).toBeVisible()
    await snap(page, 'map-selection-capped-phone')
    await page.setViewportSize(DESKTOP)

    await capped.getByRole('button', { name: 'Buscar em Sinalização vertical' }).click()
    await expect(page).toHaveURL(/\/workspace$/)
    await expect(page.getByLabel('Layer')).toHaveValue('placas')
  })

  test('the right-click menu copies the clicked coordinates', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const view: View = { lat: -23.2, lon: -47.9, z: 12 }
    await signInToMap(page, ADMIN, view)
    await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
    const box = await mapBox(page)
    const [x, y] = [box.x + box.width / 2 + 40, box.y + box.height / 2 - 30]
    const [lon, lat] = await lonLatAt(page, view, x, y)
    await page.mouse.click(x, y, { button: 'right' })
    const menu = page.getByRole('menu', { name: 'Menu do mapa' })
    await expect(menu.getByRole('menuitem', { name: 'Copiar posição do mapa' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Aumentar zoom' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Diminuir zoom' })).toBeVisible()
    // The demo switches the orbit module on: its item is there.
    await expect(menu.getByRole('menuitem', { name: 'Ver no explorador' })).toBeVisible()
    await menu.getByRole('menuitem', { name: /^Copiar coordenadas/ }).click()
    await expect(page.getByText('Coordenadas copiadas!')).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    const [cLat, cLon] = copied.split(',').map((v) => Number(v.trim()))
    expect(cLat).toBeCloseTo(lat, 3)
    expect(cLon).toBeCloseTo(lon, 3)
  })

  test('a second right-click straight after using the menu opens it again', async ({ page }) => {
    const view: View = { lat: -23.2, lon: -47.9, z: 12 }
    await signInToMap(page, ADMIN, view)
    await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
    const box = await mapBox(page)
    const menu = page.getByRole('menu', { name: 'Menu do mapa' })
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    // Where the last two right-clicks land (the open menu hides the map from the page's roles).
    const [lon, lat] = await lonLatAt(page, view, x - 60, y + 40)
    const [lon2, lat2] = await lonLatAt(page, view, x + 80, y - 50)
    for (let round = 0; round < 3; round++) {
      await page.mouse.click(x + round * 30, y, { button: 'right' })
      await expect(menu.getByRole('menuitem', { name: 'Aumentar zoom' })).toBeVisible()
      await menu.getByRole('menuitem', { name: 'Copiar posição do mapa' }).click()
    }
    // Straight after an item: the menu is still fading out when the next right-click comes.
    await page.mouse.click(x - 60, y + 40, { button: 'right' })
    await expect(menu.getByRole('menuitem', { name: 'Aumentar zoom' })).toBeVisible()
    const shown = async () => {
      const text = await menu.getByRole('menuitem', { name: /^Copiar coordenadas/ }).textContent()
      return (text ?? '').split(',').map((v) => Number(v.trim()))
    }
    expect((await shown())[0]).toBeCloseTo(lat, 3)
    expect((await shown())[1]).toBeCloseTo(lon, 3)
    // A right-click elsewhere while it is open moves it there.
    await page.mouse.click(x + 80, y - 50, { button: 'right' })
    await expect.poll(async () => (await shown())[1]).toBeCloseTo(lon2, 3)
    expect((await shown())[0]).toBeCloseTo(lat2, 3)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })

  test('coordinates: paste accepts "-23.55, -46.63" and refuses "abc"', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInToMap(page, ADMIN, { lat: -23.2, lon: -47.9, z: 10 })
    await page.getByRole('button', { name: 'Coordenadas' }).click()
    const panel = page.getByRole('region', { name: 'Coordenadas' })
    await page.evaluate(() => navigator.clipboard.writeText('-23.55, -46.63'))
    await panel.getByRole('button', { name: 'Colar coordenadas' }).click()
    await expect(panel.getByLabel('Y (Latitude)')).toHaveValue('-23.55')
    await expect(panel.getByLabel('X (Longitude)')).toHaveValue('-46.63')
    await page.evaluate(() => navigator.clipboard.writeText('abc'))
    await panel.getByRole('button', { name: 'Colar coordenadas' }).click()
    await expect(
      page.getByText('Não foi possivel colar coordenada por estar em um formato invalido'),
    ).toBeVisible()
    await expect(panel.getByLabel('Y (Latitude)')).toHaveValue('-23.55')
    await panel.getByRole('button', { name: 'Ir' }).click()
    await expect.poll(() => urlView(page).lat).toBeCloseTo(-23.55, 3)
    expect(urlView(page).lon).toBeCloseTo(-46.63, 3)
  })

  test('coordinates in UTM: zone and Brazilian numbers, copy, paste moves the map, remembered', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const view: View = { lat: -23.2, lon: -47.9, z: 10 }
    await signInToMap(page, ADMIN, view)
    await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
    await page.getByRole('button', { name: 'Coordenadas' }).click()
    const panel = page.getByRole('region', { name: 'Coordenadas' })
    const system = panel.getByRole('group', { name: 'Sistema de coordenadas' })
    const readout = panel.getByTestId('coordinates-readout')
    await expect(system.getByRole('button', { name: 'Graus' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(readout.getByTestId('coordinates-latitude')).toHaveText('-23,200000')
    await expect(panel.getByTestId('coordinates-system-name')).toHaveText('SIRGAS 2000 / WGS 84')
    await snap(page, 'map-coordinates-degrees')

    // The map's centre in SIRGAS 2000 / UTM 23S; PROJ (gdaltransform, EPSG:4674 to 31983) says
    // 203.155,22 E 7.431.378,87 N.
    await system.getByRole('button', { name: 'UTM' }).click()
    await expect(readout.getByTestId('coordinates-zone')).toHaveText('23S')
    await expect(readout.getByTestId('coordinates-easting')).toHaveText('203.155,22 m')
    await expect(readout.getByTestId('coordinates-northing')).toHaveText('7.431.378,87 m')
    await expect(panel.getByTestId('coordinates-system-name')).toHaveText(
      'SIRGAS 2000 / UTM zona 23S',
    )
    await expect(panel.getByLabel('Zona UTM (ex.: 23S)')).toBeVisible()
    await snap(page, 'map-coordinates-utm')
    await panel.getByRole('button', { name: 'Copiar coordenadas' }).click()
    await expect(page.getByText('Coordenadas copiadas!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '23S 203.155,22 E 7.431.378,87 N',
    )

    // Typed the Brazilian way; a value out of range is an error, left as typed.
    await panel.getByLabel('Zona UTM (ex.: 23S)').fill('23S')
    await panel.getByLabel('E (m)').fill('33.287,12')
    await expect(panel.getByText('E entre 100.000 e 900.000 m')).toBeVisible()
    await expect(panel.getByLabel('E (m)')).toHaveValue('33.287,12')
    await expect(panel.getByRole('button', { name: 'Ir' })).toBeDisabled()

    // A pasted UTM text (Praça da Sé) fills the fields as written, and Ir goes there.
    await page.evaluate(() => navigator.clipboard.writeText('23S 333.287,12 E 7.394.586,09 N'))
    await panel.getByRole('button', { name: 'Colar coordenadas' }).click()
    await expect(panel.getByLabel('Zona UTM (ex.: 23S)')).toHaveValue('23S')
    await expect(panel.getByLabel('E (m)')).toHaveValue('333.287,12')
    await expect(panel.getByLabel('N (m)')).toHaveValue('7.394.586,09')
    await snap(page, 'map-coordinates-utm-pasted')
    await page.evaluate(() => navigator.clipboard.writeText('23S 333.287,12'))
    await panel.getByRole('button', { name: 'Colar coordenadas' }).click()
    await expect(
      page.getByText('Não foi possivel colar coordenada por estar em um formato invalido'),
    ).toBeVisible()
    await expect(panel.getByLabel('E (m)')).toHaveValue('333.287,12')
    await panel.getByRole('button', { name: 'Ir' }).click()
    await expect.poll(() => urlView(page).lat).toBeCloseTo(-23.55052, 4)
    expect(urlView(page).lon).toBeCloseTo(-46.633308, 4)

    // The right-click menu shows and copies the clicked place in UTM too.
    const box = await mapBox(page)
    await page.mouse.click(box.x + box.width / 2 - 100, box.y + box.height / 2, {
      button: 'right',
    })
    const menu = page.getByRole('menu', { name: 'Menu do mapa' })
    const item = menu.getByRole('menuitem', { name: /^Copiar coordenadas/ })
    await expect(item).toHaveText(/^23S \d{3}\.\d{3},\d{2} E 7\.394\.\d{3},\d{2} N$/)
    const shown = await item.textContent()
    await item.click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown)

    // Degrees pasted the Brazilian way switch the panel back to degrees, as written.
    await page.evaluate(() => navigator.clipboard.writeText('-23,2; -47,9'))
    await panel.getByRole('button', { name: 'Colar coordenadas' }).click()
    await expect(panel.getByLabel('Y (Latitude)')).toHaveValue('-23,2')
    await expect(panel.getByLabel('X (Longitude)')).toHaveValue('-47,9')
    await expect(system.getByRole('button', { name: 'Graus' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    // The choice is remembered, as the map's other choices.
    await system.getByRole('button', { name: 'UTM' }).click()
    await page.reload()
    await page.getByRole('button', { name: 'Coordenadas' }).click()
    await expect(system.getByRole('button', { name: 'UTM' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(readout.getByTestId('coordinates-zone')).toHaveText('23S')
  })

  test('measure: a known east-west segment shows its geodesic length', async ({ page }) => {
    const view: View = { lat: -23.5, lon: -47.5, z: 14 }
    await signInToMap(page, ADMIN, view, ['base_2', 'rodovias', 'municipios'])
    await page.getByRole('button', { name: 'Fechar gerenciador de layers' }).click()
    await page.getByRole('button', { name: 'Medir distância ou área' }).click()
    const panel = page.getByRole('region', { name: 'Medir' })
    await expect(panel.getByText('Clique no mapa para começar a medir.')).toBeVisible()
    const box = await mapBox(page)
    const cy = box.y + box.height / 2
    const [xa, xb] = [box.x + box.width / 2 - 250, box.x + box.width / 2 + 150]
    const [lonA, latA] = await lonLatAt(page, view, xa, cy)
    const [lonB] = await lonLatAt(page, view, xb, cy)
    // Along a parallel of the WGS 84 ellipsoid (the geodesic differs by far less than 10 m).
    const a = 6_378_137
    const e2 = 0.006_694_379_990_14
    const phi = (latA * Math.PI) / 180
    const metres =
      ((a * Math.cos(phi)) / Math.sqrt(1 - e2 * Math.sin(phi) ** 2)) *
      (((lonB - lonA) * Math.PI) / 180)
    await page.mouse.click(xa, cy)
    await page.mouse.click(xb, cy)
    const result = page.getByTestId('measure-result')
    await expect(result).toHaveText(/^\d+,\d\d km$/)
    const shown = Number((await result.textContent())!.replace(' km', '').replace(',', '.'))
    expect(Math.abs(shown * 1000 - metres)).toBeLessThan(15)
    // Web Mercator would say 400 px × 9.55 m = 3.82 km: about 9% more.
    expect(shown).toBeLessThan(3.6)
    await snap(page, 'map-measure')
  })

  test('my location: granted, denied, unavailable', async ({ page, context }) => {
    await signInToMap(page, ADMIN, { lat: -23.2, lon: -47.9, z: 8 })
    const locate = page.getByRole('button', { name: 'Me localizar no mapa' })

    // Denied: no permission given.
    await locate.click()
    await expect(page.getByText('Você bloqueou o acesso a sua geolocalização')).toBeVisible()

    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({ latitude: -23.4, longitude: -47.6, accuracy: 20 })
    await locate.click()
    await expect(
      page.getByText('Sua localização atual latitude: -23,400000 longitude: -47,600000!'),
    ).toBeVisible()
    await expect.poll(() => urlView(page).z).toBe(15)
    expect(urlView(page).lat).toBeCloseTo(-23.4, 3)
    // Following in the background until the button is pressed again.
    await expect(locate).toHaveAttribute('aria-pressed', 'true')
    await locate.click()
    await expect(locate).toHaveAttribute('aria-pressed', 'false')

    // Unavailable: the browser's override without a position.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setGeolocationOverride', {})
    await page.getByRole('button', { name: 'Me localizar no mapa' }).click()
    await expect(page.getByText('A informação de localização não está disponível')).toBeVisible()
  })

  test('the map page, its layer tree and tool column included, has no serious axe violation', async ({
    page,
  }) => {
    await signIn(page, ADMIN)
    await mapRendered(page)
    await expect(page.getByTestId('layer-tree')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Feições selecionadas: 0' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize(PHONE)
    await mapRendered(page)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the ordinary demo user sees only the layers it may read', async ({ page }) => {
    await signIn(page, DEMO)
    const manager = page.getByRole('complementary', { name: 'Layers' })
    await expect(manager.getByText('Rodovias', { exact: true })).toBeVisible()
    await expect(manager.getByText('Ocorrências')).toHaveCount(0)
  })
})
