import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN, DEMO, DESKTOP, baseUrl, expect, test } from '../fixtures'
import { saveFeatureWindow } from '../steps/feature-window'
import { mapRendered, signInToMap, urlView, type View } from '../steps/map'
import { mapBox, pixelOf } from '../steps/map-pixels'
import { snap } from '../steps/pictures'
import { apiToken, resetWorkspace, resetWorkspaceOf, signIn } from '../steps/session'
import { openTool } from '../steps/tools'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'
/** Over the sea south of Santos: no feature of the demo within many kilometres. */
const SEA: View = { lat: -24.2, lon: -46.3, z: 14 }

const pointOf = (wkt: string) => {
  const m = /POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)/i.exec(wkt)
  if (!m) throw new Error(`not a point: ${wkt}`)
  return [Number(m[1]), Number(m[2])] as const
}

const verticesOf = (wkt: string) =>
  [...wkt.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as const,
  )

async function getFeature(request: APIRequestContext, token: string, layer: string, id: number) {
  const res = await request.get(`${baseUrl()}/api/features/${layer}/${id}`, {
    headers: { authorization: token },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as {
    attributes: Record<string, unknown>
    geom: string
    version: string
  }
}

/** The editor's panel over the map, and its layer chosen. */
async function chooseLayer(page: Page, title: string) {
  const panel = page.getByRole('region', { name: 'Editor de geometria' })
  await expect(panel).toBeVisible()
  await panel.getByRole('combobox', { name: 'Layer' }).click()
  await page.getByRole('option', { name: title, exact: true }).click()
  return panel
}

/** The page pixel of a lon/lat once the map has settled (the URL holds its view). */
async function pixelNow(page: Page, [lon, lat]: readonly [number, number]) {
  let last: [number, number] = [NaN, NaN]
  await expect
    .poll(
      async () => {
        const p = await pixelOf(page, urlView(page), lon, lat)
        const settled = Math.abs(p[0] - last[0]) < 0.5 && Math.abs(p[1] - last[1]) < 0.5
        last = p
        return settled
      },
      { intervals: [250] },
    )
    .toBe(true)
  return { x: last[0], y: last[1] }
}

const featureTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })

/** A drag on the map, in small steps as a hand would. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 })
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 })
  await page.mouse.up()
}

test.describe('geometry editor on the map', () => {
  test('draws a new point feature, fills its form, then moves it and sees it after reload', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, DEMO)
    await page.setViewportSize(DESKTOP)
    await signInToMap(page, DEMO, SEA)
    // CRIAR FEIÇÃO of FERRAMENTAS turns the editor on over this map.
    await openTool(page, 'CRIAR FEIÇÃO')
    await expect(page).toHaveURL(/\/(\?.*)?$/)
    const panel = await chooseLayer(page, LAYER_TITLE)
    // Nothing drawn yet: SALVAR says so.
    await panel.getByRole('button', { name: 'INSERIR' }).click()
    await expect(panel.getByText('Desenhe a geometria no mapa')).toBeVisible()
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Nenhuma geometria desenhada!')).toBeVisible()

    const box = await mapBox(page)
    const at = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.5 }
    await page.mouse.click(at.x, at.y)
    const wktField = panel.getByLabel('Geometria (WKT, EPSG:4326)')
    await expect(wktField).toHaveValue(/^POINT\(/)
    const drawn = pointOf(await wktField.inputValue())
    expect(drawn[0]).toBeCloseTo(SEA.lon, 2)
    expect(drawn[1]).toBeCloseTo(SEA.lat, 2)
    await snap(page, 'editor-map-point-drawn')

    // SALVAR opens the attribute form beside the map; its Salvar inserts.
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    const form = page.getByRole('dialog', { name: 'Atributos da nova feição' })
    await expect(form.getByLabel('Geometria', { exact: true })).toHaveValue(/^POINT\(/)
    await form.getByLabel('Procurar atributo').fill('Código')
    await form.getByLabel('Código', { exact: true }).fill('OAE-E2E-MAPA')
    await snap(page, 'editor-map-insert-form')
    await form.getByRole('button', { name: 'Salvar', exact: true }).click()
    const inserted = page.getByText(/Feição \d+ criada em/)
    await expect(inserted).toBeVisible()
    const id = Number(/Feição (\d+)/.exec((await inserted.textContent()) ?? '')![1])
    await expect(form).toBeHidden()
    const created = await getFeature(request, token, LAYER, id)
    expect(created.attributes.codigo).toBe('OAE-E2E-MAPA')
    expect(pointOf(created.geom)[0]).toBeCloseTo(drawn[0], 6)
    expect(pointOf(created.geom)[1]).toBeCloseTo(drawn[1], 6)

    // EDITAR: pick it by a click (its form opens beside), drag it 60 px east, SALVAR.
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    await expect(panel.getByText('Clique em uma feição do layer')).toBeVisible()
    // The form beside the map moved the view so the point stayed clear of it.
    const placed = await pixelNow(page, drawn)
    expect(placed.x).toBeGreaterThan(at.x)
    await page.mouse.click(placed.x, placed.y)
    await expect(panel.getByText(`Editando a feição ${id}`)).toBeVisible()
    const featureForm = page.getByRole('dialog', { name: `Feição ${id}` })
    await expect(featureForm.getByRole('button', { name: 'EXCLUIR' })).toBeVisible()
    await drag(page, await pixelNow(page, drawn), 60, 0)
    await expect.poll(async () => pointOf(await wktField.inputValue())[0]).toBeGreaterThan(drawn[0])
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!').last()).toBeVisible()
    await expect(featureForm).toBeHidden()

    // After a reload the tool column's editor picks the feature where it now is.
    await page.reload()
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()
    await page.getByTestId('tool-editor').click()
    await chooseLayer(page, LAYER_TITLE)
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    const movedAt = await pixelNow(
      page,
      pointOf((await getFeature(request, token, LAYER, id)).geom),
    )
    await page.mouse.click(movedAt.x, movedAt.y)
    await expect(panel.getByText(`Editando a feição ${id}`)).toBeVisible()
    expect(pointOf(await wktField.inputValue())[0]).toBeGreaterThan(drawn[0])
    const moved = pointOf((await getFeature(request, token, LAYER, id)).geom)
    expect(moved[0]).toBeGreaterThan(drawn[0])
    expect(moved[1]).toBeCloseTo(drawn[1], 4)
    // Closing the editor gives the map its info-click back.
    await panel.getByRole('button', { name: 'Fechar o editor de geometria' }).click()
    await expect(panel).toBeHidden()
    await expect(page.getByTestId('tool-info')).toHaveAttribute('aria-pressed', 'true')
  })

  test('draws a line with undo and a removed vertex, then drags a vertex and sees it after reload', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, ADMIN)
    await page.setViewportSize(DESKTOP)
    await signInToMap(page, ADMIN, SEA)
    await page.getByTestId('tool-editor').click()
    const panel = await chooseLayer(page, 'Rodovias')
    await panel.getByRole('button', { name: 'INSERIR' }).click()

    const box = await mapBox(page)
    const a = { x: box.x + box.width * 0.48, y: box.y + box.height * 0.6 }
    const b = { x: box.x + box.width * 0.52, y: box.y + box.height * 0.45 }
    const c = { x: box.x + box.width * 0.58, y: box.y + box.height * 0.62 }
    // A wrong vertex taken back with Desfazer while drawing.
    await page.mouse.click(a.x, a.y)
    await page.mouse.click(a.x + 30, a.y - 80)
    await panel.getByRole('button', { name: 'Desfazer' }).click()
    await page.mouse.click(b.x, b.y)
    await snap(page, 'editor-map-line-mid-draw')
    await page.mouse.dblclick(c.x, c.y)
    const wktField = panel.getByLabel('Geometria (WKT, EPSG:4326)')
    await expect(wktField).toHaveValue(/^LINESTRING\(/)
    const drawn = verticesOf(await wktField.inputValue())
    expect(drawn).toHaveLength(3)

    // Remover vértice: a click on the middle vertex takes it away; Desfazer brings it back.
    await panel.getByRole('button', { name: 'Remover vértice' }).click()
    await page.mouse.click(b.x, b.y)
    await expect.poll(async () => verticesOf(await wktField.inputValue()).length).toBe(2)
    await panel.getByRole('button', { name: 'Desfazer' }).click()
    await expect.poll(async () => verticesOf(await wktField.inputValue()).length).toBe(3)

    await panel.getByRole('button', { name: 'SALVAR' }).click()
    const form = page.getByRole('dialog', { name: 'Atributos da nova feição' })
    await form.getByLabel('Procurar atributo').fill('Denominação')
    await form.getByLabel('Denominação').fill('Acesso de teste E2E no mapa')
    await form.getByRole('button', { name: 'Salvar', exact: true }).click()
    const inserted = page.getByText(/Feição \d+ criada em/)
    await expect(inserted).toBeVisible()
    const id = Number(/Feição (\d+)/.exec((await inserted.textContent()) ?? '')![1])

    // EDITAR: pick the line at its first vertex, drag that vertex 40 px north, SALVAR.
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    const first = await pixelNow(page, drawn[0]!)
    await page.mouse.click(first.x, first.y)
    await expect(panel.getByText(`Editando a feição ${id}`)).toBeVisible()
    await drag(page, await pixelNow(page, drawn[0]!), 0, -40)
    await expect
      .poll(async () => verticesOf(await wktField.inputValue())[0]![1])
      .toBeGreaterThan(drawn[0]![1])
    await snap(page, 'editor-map-modify-line')
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!').last()).toBeVisible()

    const saved = verticesOf((await getFeature(request, token, 'rodovias', id)).geom)
    expect(saved).toHaveLength(3)
    expect(saved[0]![1]).toBeGreaterThan(drawn[0]![1])
    expect(saved[0]![0]).toBeCloseTo(drawn[0]![0], 4)
    for (const i of [1, 2]) {
      expect(saved[i]![0]).toBeCloseTo(drawn[i]![0], 6)
      expect(saved[i]![1]).toBeCloseTo(drawn[i]![1], 6)
    }

    // After a reload, the line picked again shows the moved vertex.
    await page.reload()
    await mapRendered(page)
    await page.getByTestId('tool-editor').click()
    await chooseLayer(page, 'Rodovias')
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    const middle = await pixelNow(page, drawn[1]!)
    await page.mouse.click(middle.x, middle.y)
    await expect(panel.getByText(`Editando a feição ${id}`)).toBeVisible()
    const again = verticesOf(await wktField.inputValue())
    expect(again[0]![1]).toBeCloseTo(saved[0]![1], 6)
  })

  test("a feature form takes its geometry from the map editor, and shows the editor's later edits", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const made = await request.post(`${baseUrl()}/api/features/${LAYER}`, {
      headers: { authorization: token },
      data: { attributes: { codigo: 'OAE-E2E-EXT' }, geom: `POINT(${SEA.lon} ${SEA.lat})` },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    await saveFeatureWindow(request, token, [{ layer: LAYER, id }])
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO)
    const nav = page.getByRole('navigation')
    await nav.getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
    const geometry = page.getByLabel('Geometria', { exact: true })
    await expect(geometry).toHaveValue(/^POINT\(-46\.3 -24\.2\)$/)
    // A change of the form's own, then 'Editar no mapa': the form leaves for the map's editor.
    await page.getByLabel('Código', { exact: true }).fill('OAE-E2E-EXT-2')
    await page.getByRole('button', { name: 'Editar no mapa' }).click()
    await expect(page).toHaveURL(/\/(\?.*)?$/)
    const panel = page.getByRole('region', { name: 'Editor de geometria' })
    await expect(panel.getByText('Geometria do formulário da feição')).toBeVisible()
    const wktField = panel.getByLabel('Geometria (WKT, EPSG:4326)')
    await expect(wktField).toHaveValue(/^POINT\(-46\.3 -24\.2\)$/)
    // The editor centred the map on the geometry: drag it 50 px east, USAR GEOMETRIA.
    const box = await mapBox(page)
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    await expect(page.getByTestId('map')).toHaveAttribute('data-render', 'complete')
    await drag(page, centre, 50, 0)
    await expect.poll(async () => pointOf(await wktField.inputValue())[0]).toBeGreaterThan(SEA.lon)
    const returned = await wktField.inputValue()
    await snap(page, 'editor-map-external')
    await panel.getByRole('button', { name: 'USAR GEOMETRIA' }).click()

    // Back in the window: the geometry drawn, the form's own change kept, SALVAR saves both.
    await expect(page).toHaveURL(/\/workspace$/)
    await expect(geometry).toHaveValue(returned)
    await expect(page.getByText('Geometria alterada: SALVAR para gravá-la.')).toBeVisible()
    await expect(page.getByLabel('Código', { exact: true })).toHaveValue('OAE-E2E-EXT-2')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!')).toBeVisible()
    const stored = await getFeature(request, token, LAYER, id)
    expect(stored.attributes.codigo).toBe('OAE-E2E-EXT-2')
    expect(pointOf(stored.geom)[0]).toBeCloseTo(pointOf(returned)[0], 6)
    await expect(page.getByText('Geometria alterada: SALVAR para gravá-la.')).toBeHidden()

    // CANCELAR in the editor gives the form back unchanged.
    await page.getByRole('button', { name: 'Editar no mapa' }).click()
    await panel.getByRole('button', { name: 'CANCELAR' }).click()
    await expect(page).toHaveURL(/\/workspace$/)
    await expect(geometry).toHaveValue(returned)
    await expect(page.getByRole('button', { name: 'SALVAR' })).toBeDisabled()

    // An edit made in the map's editor shows in the window afterwards (new geometry, version).
    await nav.getByRole('link', { name: 'MAPA' }).click()
    await page.getByTestId('tool-editor').click()
    await chooseLayer(page, LAYER_TITLE)
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    const lat = pointOf(returned)[1]
    const picked = await pixelNow(page, pointOf(returned))
    await page.mouse.click(picked.x, picked.y)
    await expect(panel.getByText(`Editando a feição ${id}`)).toBeVisible()
    await drag(page, await pixelNow(page, pointOf(returned)), 0, 50)
    await expect.poll(async () => pointOf(await wktField.inputValue())[1]).toBeLessThan(lat)
    const edited = await wktField.inputValue()
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!').last()).toBeVisible()
    await nav.getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
    await expect(geometry).toHaveValue(edited)
    await featureTab(page, 'HISTÓRIA').click()
    await expect(page.getByRole('row').filter({ hasText: 'Atualização' })).toHaveCount(2)
  })

  test('reads WKT typed by hand (zoom 15), refuses text that is not WKT, and finds nothing where nothing is', async ({
    page,
    request,
  }) => {
    await resetWorkspaceOf(request, DEMO)
    await page.setViewportSize(DESKTOP)
    await signInToMap(page, DEMO, { ...SEA, z: 11 })
    await page.getByTestId('tool-editor').click()
    const panel = await chooseLayer(page, LAYER_TITLE)

    // EDITAR over the empty sea: the pick finds nothing.
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    const box = await mapBox(page)
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.3)
    await expect(page.getByText('Nenhuma feature encontrada!')).toBeVisible()

    await panel.getByRole('button', { name: 'INSERIR' }).click()
    const wktField = panel.getByLabel('Geometria (WKT, EPSG:4326)')
    await wktField.fill('PONTO(-46.31 -24.21)')
    await panel.getByRole('button', { name: 'APLICAR WKT' }).click()
    await expect(page.getByText('Erro ao ler WKT da geometria!')).toBeVisible()
    await expect(page).toHaveURL(/[?&]z=11(&|$)/)

    // Good WKT goes on the map, which fits it at zoom 15; Desfazer takes it back.
    await wktField.fill('POINT(-46.31 -24.21)')
    await panel.getByRole('button', { name: 'APLICAR WKT' }).click()
    await expect(page).toHaveURL(/[?&]z=15(&|$)/)
    const view = urlView(page)
    expect(view.lon).toBeCloseTo(-46.31, 3)
    expect(view.lat).toBeCloseTo(-24.21, 3)
    await expect(wktField).toHaveValue('POINT(-46.31 -24.21)')
    await panel.getByRole('button', { name: 'Desfazer' }).click()
    await expect(wktField).toHaveValue('')
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Nenhuma geometria desenhada!')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Atributos da nova feição' })).toBeHidden()
  })

  test('a geometry saved over a newer version is refused and changes nothing', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const at = [SEA.lon + 0.01, SEA.lat + 0.01] as const
    const made = await request.post(`${baseUrl()}/api/features/${LAYER}`, {
      headers: { authorization: token },
      data: { attributes: { codigo: 'OAE-E2E-409' }, geom: `POINT(${at[0]} ${at[1]})` },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    await resetWorkspace(request, token)
    await page.setViewportSize(DESKTOP)
    await signInToMap(page, DEMO, SEA)
    await page.getByTestId('tool-editor').click()
    const panel = await chooseLayer(page, LAYER_TITLE)
    await panel.getByRole('button', { name: 'EDITAR' }).click()
    const picked = await pixelNow(page, at)
    await page.mouse.click(picked.x, picked.y)
    await expect(panel.getByText(`Editando a feição ${id}`)).toBeVisible()

    // Someone else saves the feature meanwhile.
    const loaded = await getFeature(request, token, LAYER, id)
    const other = await request.put(`${baseUrl()}/api/features/${LAYER}/${id}?geom=false`, {
      headers: { authorization: token },
      data: { version: loaded.version, attributes: { codigo: 'OAE-E2E-409-OUTRA' } },
    })
    expect(other.status()).toBe(200)

    await drag(page, await pixelNow(page, at), 40, 0)
    const wktField = panel.getByLabel('Geometria (WKT, EPSG:4326)')
    await expect.poll(async () => pointOf(await wktField.inputValue())[0]).toBeGreaterThan(at[0])
    await panel.getByRole('button', { name: 'SALVAR' }).click()
    await expect(
      page.getByText(
        'Esta feição foi alterada por outra pessoa depois que você a abriu. Nada foi gravado.',
      ),
    ).toBeVisible()
    const after = await getFeature(request, token, LAYER, id)
    expect(after.attributes.codigo).toBe('OAE-E2E-409-OUTRA')
    expect(pointOf(after.geom)[0]).toBeCloseTo(at[0], 8)
    expect(pointOf(after.geom)[1]).toBeCloseTo(at[1], 8)
  })
})
