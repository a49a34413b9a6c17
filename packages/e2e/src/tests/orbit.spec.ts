import type { Locator, Page } from '@playwright/test'
import type { OrbitEvent } from '@gis/shared'
import { ADMIN, expect, PHONE, test } from '../fixtures'
import { api } from '../steps/feature-window'
import { mapRendered, signInToMap } from '../steps/map'
import { mapBox } from '../steps/map-pixels'
import { snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'
import { budget } from '../slowdown'

/** The panorama of the shown event has been drawn (the viewer says which event it holds). */
async function panoramaOf(page: Page, id: number) {
  await expect(page.getByTestId('orbit-viewer')).toHaveAttribute('data-event', String(id), {
    timeout: budget(60_000),
  })
}

/** The km the info overlay shows, as a number. */
async function kmShown(info: Locator): Promise<number> {
  return Number((await info.getByTestId('orbit-info-km').textContent())!.replace(',', '.'))
}

/** A km as the overlay writes it: three decimals, a decimal comma. */
const kmText = (km: number) => km.toFixed(3).replace('.', ',')

const eventOf = (page: Page) => Number(new URL(page.url()).searchParams.get('event'))

test.describe('orbit module (/orbit)', () => {
  test('search a road and km, switch survey, step by an arrow and by the map, with the spec texts @db', async ({
    page,
    request,
  }) => {
    // Demo panoramas are drawn on their first request: a cold server takes its time.
    test.setTimeout(budget(240_000))
    const token = await apiToken(request, ADMIN)
    const hits = (await (
      await api(request, token, '/api/events/search?road=SP-280&km=14')
    ).json()) as OrbitEvent[]
    const target = hits[0]!
    expect(Math.abs(target.localization - 14)).toBeLessThan(0.02)

    await signIn(page, ADMIN, '/orbit')
    const info = page.getByTestId('orbit-info')
    // /orbit alone opens the default event, and keeps its id in the address.
    await expect(info.getByTestId('orbit-info-road')).not.toBeEmpty({ timeout: budget(30_000) })
    await expect(page).toHaveURL(/\/orbit\?event=\d+/)
    for (const label of ['Rodovia', 'Sentido', 'KM', 'Latitude', 'Longitude', 'Levantamento'])
      await expect(info.getByText(label, { exact: true })).toBeVisible()
    await expect(info.getByText('Data', { exact: true })).toBeVisible()
    await expect(info.getByText('Hora', { exact: true })).toBeVisible()
    await expect(page.getByTestId('compass-north')).toBeVisible()
    await expect(page.getByTestId('compass-camera')).toBeVisible()

    // 'Pesquisar rodovia' from the mini toolbar: only the parameters with a value are sent.
    const toolbar = page.getByRole('toolbar', { name: 'Ferramentas do módulo 360' })
    await toolbar.getByRole('button', { name: 'Pesquisar evento' }).click()
    const panel = page.getByRole('region', { name: 'Pesquisar rodovia' })
    await expect(panel.getByRole('heading', { name: 'Pesquisar rodovia' })).toBeVisible()
    await expect(panel.getByRole('combobox', { name: 'Sentido' })).toBeVisible()
    await expect(panel.getByRole('combobox', { name: 'Levantamento' })).toBeVisible()
    await panel.getByRole('combobox', { name: 'Rodovia' }).click()
    await page.getByRole('option', { name: 'SP-280', exact: true }).click()
    await panel.getByRole('textbox', { name: 'KM' }).fill('14')
    const sent = page.waitForRequest((r) => r.url().includes('/api/events/search'))
    await panel.getByRole('button', { name: 'PESQUISAR', exact: true }).click()
    expect(new URL((await sent).url()).search).toBe('?road=SP-280&km=14')
    await expect(page.getByText('KM 14 encontrado!')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`event=${target.id}$`))
    await expect(info.getByTestId('orbit-info-road')).toHaveText('SP-280')
    await expect(info.getByTestId('orbit-info-km')).toHaveText(kmText(target.localization))
    await expect(info.getByTestId('orbit-info-latitude')).toHaveText(/^-\d+,\d{6}$/)
    await panoramaOf(page, target.id)
    await snap(page, 'orbit-search')

    // The search's other two messages.
    await panel.getByRole('textbox', { name: 'KM' }).fill('999')
    await panel.getByRole('button', { name: 'PESQUISAR', exact: true }).click()
    await expect(
      page.getByText('Nenhum evento foi encontrado com os parâmetros informados!'),
    ).toBeVisible()
    await page.route('**/api/events/search**', (route) => route.abort())
    await panel.getByRole('button', { name: 'PESQUISAR', exact: true }).click()
    await expect(page.getByText('Não foi possível realizar a consulta!')).toBeVisible()
    await page.unroute('**/api/events/search**')
    await panel.getByRole('button', { name: 'Fechar pesquisa' }).click()
    await expect(page).toHaveURL(new RegExp(`event=${target.id}$`))

    // The survey switcher: the other survey's event closest to here.
    const survey = await info.getByTestId('orbit-info-survey').textContent()
    const date = await info.getByTestId('orbit-info-date').textContent()
    const slider = page.getByRole('slider', { name: 'Levantamento' })
    await slider.focus()
    await slider.press(survey === '2025-03' ? 'ArrowRight' : 'ArrowLeft')
    await expect(info.getByTestId('orbit-info-survey')).not.toHaveText(survey!)
    await expect(info.getByTestId('orbit-info-date')).not.toHaveText(date!)
    const switched = eventOf(page)
    expect(switched).not.toBe(target.id)
    expect(Math.abs((await kmShown(info)) - 14)).toBeLessThan(0.03)
    await panoramaOf(page, switched)
    // A failed lookup says so and stays.
    await page.route('**/api/events/closest**', (route) => route.abort())
    await slider.press(survey === '2025-03' ? 'ArrowLeft' : 'ArrowRight')
    await expect(page.getByText('Erro ao carregar dados do evento!')).toBeVisible()
    await page.unroute('**/api/events/closest**')
    expect(eventOf(page)).toBe(switched)

    // The compasses: north, then the vehicle's forward direction.
    await page.getByTestId('compass-north').click()
    await expect(page.getByTestId('compass-north')).toHaveAttribute('aria-label', /^Norte: 0°/)
    await page.getByTestId('compass-camera').click()
    await expect(page.getByTestId('compass-camera')).toHaveAttribute(
      'aria-label',
      /^Rotação da câmera: 0°/,
    )

    // An arrow of the panorama (the view looks ahead again): the next event, ~10 m on.
    const before = await kmShown(info)
    const arrow = page.getByRole('button', { name: /^Ir para o km / }).filter({ visible: true })
    const labels = await arrow.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
    const kms = labels.map((l) => Number(l!.replace('Ir para o km ', '').replace(',', '.')))
    const next = kms.findIndex((km) => Math.abs(Math.abs(km - before) - 0.01) < 0.004)
    expect(next, `an arrow ~10 m away among ${labels.join(', ')}`).toBeGreaterThanOrEqual(0)
    await arrow.nth(next).click()
    await expect(info.getByTestId('orbit-info-km')).toHaveText(kmText(kms[next]!))
    const stepped = eventOf(page)
    await panoramaOf(page, stepped)

    // Interactions hidden and shown again (opacity 0 or 1).
    await toolbar.getByRole('button', { name: 'Ocultar interações' }).click()
    await expect(page.locator('.psv-markers')).toHaveCSS('opacity', '0')
    await toolbar.getByRole('button', { name: 'Exibir interações' }).click()
    await expect(page.locator('.psv-markers')).toHaveCSS('opacity', '1')

    // A click on the map, ~80 m away: the event closest to there.
    await toolbar.getByRole('button', { name: 'Ver evento no mapa' }).click()
    const box = await mapBox(page)
    await page.mouse.click(box.x + box.width / 2 + 70, box.y + box.height / 2 - 10)
    await expect.poll(() => eventOf(page)).not.toBe(stepped)
    const picked = eventOf(page)
    await expect(info.getByTestId('orbit-info-km')).not.toHaveText(kmText(kms[next]!))

    await panoramaOf(page, picked)
  })

  test("'Ver no explorador' opens the event closest to the clicked place; the phone stacks map and view", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const [near] = (await (
      await api(request, token, '/api/events/search?road=SP-280&km=15&way=Crescente')
    ).json()) as OrbitEvent[]
    const view = { lat: near!.latitude, lon: near!.longitude, z: 17 }
    await signInToMap(page, ADMIN, view)
    // UTM chosen in the coordinates panel: the menu and the 360° page show the place in it.
    await page.getByRole('button', { name: 'Coordenadas' }).click()
    await page
      .getByRole('group', { name: 'Sistema de coordenadas' })
      .getByRole('button', { name: 'UTM' })
      .click()
    const box = await mapBox(page)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' })
    const menu = page.getByRole('menu', { name: 'Menu do mapa' })
    await expect(menu.getByRole('menuitem', { name: /^Copiar coordenadas/ })).toHaveText(
      /^23S \d{3}\.\d{3},\d{2} E 7\.\d{3}\.\d{3},\d{2} N$/,
    )
    await menu.getByRole('menuitem', { name: 'Ver no explorador' }).click()
    await expect(page).toHaveURL(/\/orbit\?event=\d+$/, { timeout: budget(30_000) })
    const opened = eventOf(page)
    // The place clicked (the map's centre, to the pixel) and its closest event by the API.
    const q = new URLSearchParams({
      lat: near!.latitude.toFixed(6),
      lon: near!.longitude.toFixed(6),
    })
    const [closest] = (await (
      await api(request, token, `/api/events/closest?${q.toString()}`)
    ).json()) as OrbitEvent[]
    expect(opened).toBe(closest!.id)
    await expect(page.getByTestId('orbit-info-road')).toHaveText('SP-280')
    await expect(page.getByTestId('orbit-info-utm-zone')).toHaveText('23S')
    await expect(page.getByTestId('orbit-info-easting')).toHaveText(/^\d{3}\.\d{3},\d{2} m$/)
    await expect(page.getByTestId('orbit-info-northing')).toHaveText(/^7\.\d{3}\.\d{3},\d{2} m$/)
    await expect(page.getByTestId('orbit-info-latitude')).toHaveCount(0)
    await panoramaOf(page, opened)
    await expect(page.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
      timeout: budget(20_000),
    })
    await snap(page, 'orbit-desktop')
    // The drawer of the map's selected features (none selected here).
    const toolbar = page.getByRole('toolbar', { name: 'Ferramentas do módulo 360' })
    await toolbar.getByRole('button', { name: 'Feições selecionadas' }).click()
    const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
    await expect(drawer.getByText(/^Nenhuma feição selecionada/)).toBeVisible()
    await drawer.getByRole('button', { name: 'Fechar feições selecionadas' }).click()
    await expect(drawer).toHaveCount(0)

    // A reload (here on a phone) stays on the event.
    await page.setViewportSize(PHONE)
    await page.reload()
    await panoramaOf(page, opened)
    const mapTop = (await page.getByTestId('orbit-map').boundingBox())!.y
    const viewTop = (await page.getByTestId('orbit-viewer').boundingBox())!.y
    expect(viewTop).toBeGreaterThan(mapTop)
    await mapRendered(page)
    await snap(page, 'orbit-phone')
  })
})
