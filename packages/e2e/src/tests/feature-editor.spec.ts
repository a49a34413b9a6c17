import { DEMO, DESKTOP, apiToken, baseUrl, expect, signIn, snap, test } from '../fixtures'
import { mapRendered } from './map-helpers'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'

const pointOf = (wkt: string) => {
  const m = /POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)/i.exec(wkt)
  if (!m) throw new Error(`not a point: ${wkt}`)
  return [Number(m[1]), Number(m[2])] as const
}

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

    await page.getByLabel('Layer').click()
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
    await expect(page.getByText('Dados gravados com sucesso!')).toBeVisible()

    // After a reload the editor picks the feature where it now is.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Editor de geometria' })).toBeVisible()
    await mapRendered(page)
    await page.getByLabel('Layer').click()
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
})
