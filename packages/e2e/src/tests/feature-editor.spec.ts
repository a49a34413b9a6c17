import { ADMIN, DEMO, DESKTOP, apiToken, baseUrl, expect, signIn, snap, test } from '../fixtures'
import { mapRendered } from './map-helpers'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'

const pointOf = (wkt: string) => {
  const m = /POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)/i.exec(wkt)
  if (!m) throw new Error(`not a point: ${wkt}`)
  return [Number(m[1]), Number(m[2])] as const
}

const verticesOf = (wkt: string) =>
  [...wkt.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as const,
  )

test.describe('geometry editor', () => {
  test('draws a new point feature, fills its form, then moves it and sees it after reload', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO.username, DEMO.password)
    await request.post(`${baseUrl()}/api/users/workspace`, {
      headers: { authorization: token },
      data: { active: null, windowCounter: 0, windows: [] },
    })
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO.username, DEMO.password)
    await page.getByRole('button', { name: 'FERRAMENTAS' }).click()
    await page.getByRole('menuitem', { name: 'CRIAR FEIÇÃO' }).click()
    await expect(page).toHaveURL(/\/workspace$/)
    await expect(page.getByRole('heading', { name: 'Editor de geometria' })).toBeVisible()
    await mapRendered(page)

    await page.getByRole('combobox', { name: 'Layer' }).click()
    await page.getByRole('option', { name: LAYER_TITLE }).click()
    // Nothing drawn yet: SALVAR says so.
    await page.getByRole('button', { name: 'INSERIR' }).click()
    await expect(page.getByText('Desenhe a geometria no mapa')).toBeVisible()
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Nenhuma geometria desenhada!')).toBeVisible()

    // Draw a point in an empty spot near the middle of the map.
    const box = (await page.getByTestId('map').boundingBox())!
    const at = { x: box.x + box.width * 0.5 + 37, y: box.y + box.height * 0.5 + 23 }
    await page.mouse.click(at.x, at.y)
    const wktField = page.getByLabel('Geometria (WKT, EPSG:4326)')
    await expect(wktField).toHaveValue(/^POINT\(/)
    const drawn = pointOf(await wktField.inputValue())
    await snap(page, 'editor-draw')

    await page.getByRole('button', { name: 'SALVAR' }).click()
    const form = page.getByRole('dialog', { name: 'Atributos da nova feição' })
    await form.getByLabel('Procurar atributo').fill('Código')
    await form.getByLabel('Código', { exact: true }).fill('OAE-E2E-NOVA')
    await form.getByRole('button', { name: 'Salvar', exact: true }).click()
    const inserted = page.getByText(/Feição \d+ criada em/)
    await expect(inserted).toBeVisible()
    const id = Number(/Feição (\d+)/.exec((await inserted.textContent()) ?? '')![1])
    await expect(form).toBeHidden()
    const created = await request.get(`${baseUrl()}/api/features/${LAYER}/${id}`, {
      headers: { authorization: token },
    })
    expect(created.status()).toBe(200)
    const feature = (await created.json()) as { attributes: { codigo: string }; geom: string }
    expect(feature.attributes.codigo).toBe('OAE-E2E-NOVA')
    const stored = pointOf(feature.geom)
    expect(stored[0]).toBeCloseTo(drawn[0], 6)
    expect(stored[1]).toBeCloseTo(drawn[1], 6)

    // EDITAR: pick it by a click, drag it 60 px east, SALVAR.
    await page.getByRole('button', { name: 'EDITAR' }).click()
    await expect(page.getByText('Clique em uma feição da layer')).toBeVisible()
    await page.mouse.click(at.x, at.y)
    await expect(page.getByText(`Editando a feição ${id}`)).toBeVisible()
    await page.mouse.move(at.x, at.y)
    await page.mouse.down()
    await page.mouse.move(at.x + 30, at.y, { steps: 5 })
    await page.mouse.move(at.x + 60, at.y, { steps: 5 })
    await page.mouse.up()
    await expect.poll(async () => pointOf(await wktField.inputValue())[0]).toBeGreaterThan(drawn[0])
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!').last()).toBeVisible()

    // After a reload the editor picks the feature where it now is.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Editor de geometria' })).toBeVisible()
    await mapRendered(page)
    await page.getByRole('combobox', { name: 'Layer' }).click()
    await page.getByRole('option', { name: LAYER_TITLE }).click()
    await page.getByRole('button', { name: 'EDITAR' }).click()
    await page.mouse.click(at.x + 60, at.y)
    await expect(page.getByText(`Editando a feição ${id}`)).toBeVisible()
    expect(pointOf(await wktField.inputValue())[0]).toBeGreaterThan(drawn[0])
    const after = (await (
      await request.get(`${baseUrl()}/api/features/${LAYER}/${id}`, {
        headers: { authorization: token },
      })
    ).json()) as { geom: string }
    const moved = pointOf(after.geom)
    expect(moved[0]).toBeGreaterThan(drawn[0])
    expect(moved[1]).toBeCloseTo(drawn[1], 4)
  })

  test('draws a line, then drags one of its vertices and keeps the other', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN.username, ADMIN.password)
    await request.post(`${baseUrl()}/api/users/workspace`, {
      headers: { authorization: token },
      data: { active: null, windowCounter: 0, windows: [] },
    })
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN.username, ADMIN.password)
    await page.getByRole('button', { name: 'FERRAMENTAS' }).click()
    await page.getByRole('menuitem', { name: 'CRIAR FEIÇÃO' }).click()
    await expect(page).toHaveURL(/\/workspace$/)
    await expect(page.getByRole('heading', { name: 'Editor de geometria' })).toBeVisible()
    await mapRendered(page)
    await page.getByRole('combobox', { name: 'Layer' }).click()
    await page.getByRole('option', { name: 'Rodovias', exact: true }).click()
    await page.getByRole('button', { name: 'INSERIR' }).click()

    // Two vertices over the sea, away from every road, the last one by a double click.
    const box = (await page.getByTestId('map').boundingBox())!
    const a = { x: box.x + box.width * 0.79, y: box.y + box.height * 0.93 }
    const b = { x: box.x + box.width * 0.9, y: box.y + box.height * 0.86 }
    await page.mouse.click(a.x, a.y)
    await page.mouse.dblclick(b.x, b.y)
    const wktField = page.getByLabel('Geometria (WKT, EPSG:4326)')
    await expect(wktField).toHaveValue(/^LINESTRING\(/)
    const drawn = verticesOf(await wktField.inputValue())
    expect(drawn).toHaveLength(2)
    await page.getByRole('button', { name: 'SALVAR' }).click()
    const form = page.getByRole('dialog', { name: 'Atributos da nova feição' })
    await form.getByLabel('Procurar atributo').fill('Denominação')
    await form.getByLabel('Denominação').fill('Acesso de teste E2E')
    await form.getByRole('button', { name: 'Salvar', exact: true }).click()
    const inserted = page.getByText(/Feição \d+ criada em/)
    await expect(inserted).toBeVisible()
    const id = Number(/Feição (\d+)/.exec((await inserted.textContent()) ?? '')![1])

    // EDITAR: pick the line at its first vertex, drag that vertex 40 px north, SALVAR.
    await page.getByRole('button', { name: 'EDITAR' }).click()
    await page.mouse.click(a.x, a.y)
    await expect(page.getByText(`Editando a feição ${id}`)).toBeVisible()
    await page.mouse.move(a.x, a.y)
    await page.mouse.down()
    await page.mouse.move(a.x, a.y - 20, { steps: 5 })
    await page.mouse.move(a.x, a.y - 40, { steps: 5 })
    await page.mouse.up()
    await expect
      .poll(async () => verticesOf(await wktField.inputValue())[0]![1])
      .toBeGreaterThan(drawn[0]![1])
    await snap(page, 'editor-modify-line')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!').last()).toBeVisible()

    const saved = (await (
      await request.get(`${baseUrl()}/api/features/rodovias/${id}`, {
        headers: { authorization: token },
      })
    ).json()) as { geom: string }
    const [first, second] = verticesOf(saved.geom)
    expect(first![1]).toBeGreaterThan(drawn[0]![1])
    expect(first![0]).toBeCloseTo(drawn[0]![0], 4)
    expect(second![0]).toBeCloseTo(drawn[1]![0], 6)
    expect(second![1]).toBeCloseTo(drawn[1]![1], 6)
  })
})
