import type { Route } from '@playwright/test'
import { DEMO, DESKTOP, PHONE, expect, test } from '../fixtures'
import {
  LAYER,
  LAYER_TITLE,
  api,
  demoPhoto,
  featureTab,
  freeBridge,
  openWindowOn,
  type Feature,
} from '../steps/feature-window'
import { snap } from '../steps/pictures'
import { apiToken } from '../steps/session'

test.describe('feature window', () => {
  test.describe.configure({ mode: 'serial' })

  test('edits attributes, shows the change in HISTÓRIA, deletes and reactivates', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const bridge = await freeBridge(request, token)
    // Typed the Brazilian way (decision 63); a value equal to the stored one would save nothing.
    const width =
      bridge.attributes.largura === 11.5
        ? { typed: '12,5', value: 12.5 }
        : { typed: '11,5', value: 11.5 }
    await page.setViewportSize(DESKTOP)
    await openWindowOn(page, request, token, bridge.id)

    // One feature opens on DADOS, its title the count, the layer and the id.
    await expect(featureTab(page, 'DADOS')).toHaveAttribute('aria-selected', 'true')
    const title = page.getByTestId('feature-title')
    await expect(title).toContainText(`Feição · ${LAYER_TITLE} · ${bridge.id}`)
    await expect(title).not.toContainText('(Excluído)')
    await expect(page.getByRole('button', { name: 'VER NO MAPA' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible()
    await snap(page, 'feature-data')

    // Numbers are shown and typed the Brazilian way; what does not parse is an error in the
    // field, never a silently different number.
    await page.getByLabel('Procurar atributo').fill('Largura')
    const field = page.getByLabel('Largura (m)')
    await expect(field).toBeVisible()
    await expect(page.getByLabel('Comprimento (m)')).toBeHidden()
    await expect(field).toHaveValue(String(bridge.attributes.largura).replace('.', ','))
    await field.fill('')
    await field.pressSequentially('11.5')
    await expect(field).toHaveValue('11.5')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(
      page.getByText('Número inválido: use vírgula para os decimais (ex.: 1.234,5)'),
    ).toBeVisible()
    const unsaved = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}`)
    ).json()) as Feature
    expect(unsaved.version).toBe(bridge.version)
    await field.fill(width.typed)
    await page.getByLabel('Procurar atributo').fill('Comprimento')
    await page.getByLabel('Comprimento (m)').fill('1.234,56')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!')).toBeVisible()
    const saved = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}`)
    ).json()) as Feature
    expect(saved.attributes.largura).toBe(width.value)
    expect(saved.attributes.comprimento).toBe(1234.56)
    await expect(page.getByLabel('Comprimento (m)')).toHaveValue('1.234,56')

    // HISTÓRIA: the update, by demo, with the changed attribute in its table.
    await featureTab(page, 'HISTÓRIA').click()
    const row = page.getByRole('row').filter({ hasText: 'Atualização' }).first()
    await expect(row).toContainText('Autor')
    await expect(row).toContainText(DEMO.username)
    await row.getByRole('button', { name: 'Ver alterações' }).click()
    const changes = page.getByRole('table', { name: 'Ver alterações' })
    await expect(changes.getByRole('columnheader', { name: 'Valores atualizados' })).toBeVisible()
    const changed = changes.getByRole('row').filter({ hasText: 'Largura (m)' })
    await expect(changed).toContainText(width.typed)
    await expect(changes.getByRole('row').filter({ hasText: 'Comprimento (m)' })).toContainText(
      '1.234,56',
    )
    // The changed attributes come first, right under the header.
    const changedName = /Largura \(m\)|Comprimento \(m\)/
    await expect(changes.getByRole('row').nth(1)).toContainText(changedName)
    await expect(changes.getByRole('row').nth(2)).toContainText(changedName)
    await snap(page, 'feature-history')

    // EXCLUIR asks first, marks the feature deleted; REATIVAR undoes it.
    await featureTab(page, 'DADOS').click()
    await page.getByRole('button', { name: 'EXCLUIR' }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir feição' })
    await expect(confirm).toContainText(`Deseja excluir a feição ${bridge.id}`)
    await confirm.getByRole('button', { name: 'EXCLUIR' }).click()
    await expect(page.getByText(`Feature de ${LAYER_TITLE} excluída com sucesso!`)).toBeVisible()
    await expect(title).toContainText('(Excluído)')
    await expect(page.getByRole('button', { name: 'EXCLUIR' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'SALVAR' })).toBeHidden()
    const deleted = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}`)
    ).json()) as Feature
    expect(deleted.attributes.d_e_l_e_t_).toBe(true)

    await page.getByRole('button', { name: 'REATIVAR' }).click()
    await expect(page.getByText(`Feature de ${LAYER_TITLE} reativada com sucesso!`)).toBeVisible()
    await expect(title).not.toContainText('(Excluído)')
    await expect(page.getByRole('button', { name: 'EXCLUIR' })).toBeVisible()
    const live = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}`)
    ).json()) as Feature
    expect(live.attributes.d_e_l_e_t_).toBe(false)

    // Both show in HISTÓRIA, newest first.
    await featureTab(page, 'HISTÓRIA').click()
    await expect(page.getByText('Exclusão', { exact: true })).toBeVisible()
  })

  test('uploads a photo with progress, shows it, and cancels another upload', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const bridge = await freeBridge(request, token)
    const photo = await demoPhoto(request, token)
    await page.setViewportSize(DESKTOP)
    await openWindowOn(page, request, token, bridge.id)
    await featureTab(page, 'DOCUMENTOS').click()
    await expect(page.getByText('Não há anexos nesta feição')).toBeVisible()

    // The upload is held back a moment so that its progress shows.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**/api/features/${LAYER}/${bridge.id}/attachments`, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await held
      return route.continue()
    })
    await page.getByRole('button', { name: 'ADICIONAR' }).click()
    const dialog = page.getByRole('dialog', { name: 'Anexar arquivo' })
    await expect(dialog.getByRole('button', { name: 'ESCOLHER' })).toBeVisible()
    await dialog
      .getByTestId('attach-input')
      .setInputFiles({ name: 'ponte-lateral.jpg', mimeType: 'image/jpeg', buffer: photo })
    await dialog.getByLabel('Descrição').fill('Vista lateral da ponte')
    await dialog.getByRole('button', { name: 'CARREGAR' }).click()
    await expect(dialog.getByRole('status')).toContainText(/Enviando: \d+%/)
    await snap(page, 'feature-upload-progress')
    release()
    await expect(page.getByText('Arquivo anexado com sucesso!')).toBeVisible()
    await expect(dialog).toBeHidden()

    const documents = page.getByTestId('documents')
    await expect(documents).toContainText('ponte-lateral.jpg')
    await expect(documents).toContainText('Vista lateral da ponte')
    const thumb = documents.getByRole('img').first()
    await expect(thumb).toBeVisible()
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await snap(page, 'feature-documents')

    // An upload that never finishes: CANCELAR asks 'Confirma?'; SIM stops it, nothing stored.
    await page.unroute(`**/api/features/${LAYER}/${bridge.id}/attachments`)
    await page.route(`**/api/features/${LAYER}/${bridge.id}/attachments`, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue()
      // Held until the page aborts it.
      await new Promise(() => undefined)
    })
    await page.getByRole('button', { name: 'ADICIONAR' }).click()
    await dialog
      .getByTestId('attach-input')
      .setInputFiles({ name: 'cancelada.jpg', mimeType: 'image/jpeg', buffer: photo })
    await dialog.getByRole('button', { name: 'CARREGAR' }).click()
    await expect(dialog.getByRole('status')).toContainText(/Enviando: \d+%/)
    await dialog.getByRole('button', { name: 'CANCELAR' }).click()
    const ask = page.getByRole('dialog', { name: 'Confirma?' })
    await ask.getByRole('button', { name: 'NÃO' }).click()
    await expect(dialog.getByRole('status')).toBeVisible()
    await dialog.getByRole('button', { name: 'CANCELAR' }).click()
    await ask.getByRole('button', { name: 'SIM' }).click()
    await expect(dialog.getByRole('status')).toBeHidden()
    await expect(page.getByText('Falha ao fazer upload do arquivo!')).toBeHidden()
    await dialog.getByRole('button', { name: 'CANCELAR' }).click()
    await expect(dialog).toBeHidden()
    const files = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}/attachments`)
    ).json()) as { filename: string }[]
    expect(files.map((f) => f.filename)).toEqual(['ponte-lateral.jpg'])
  })

  test('lists several features in ITENS, paged, and opens one in DADOS', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const items = [2, 3, 4, 5, 6, 7].map((id) => ({ layer: LAYER, id }))
    await page.setViewportSize(DESKTOP)
    await openWindowOn(page, request, token, items)
    await expect(featureTab(page, 'ITENS')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('feature-title')).toContainText('6 Feições')
    await expect(page.getByRole('button', { name: 'VER ITEMS NO MAPA' })).toBeVisible()
    await expect(page.getByText('Linhas por página')).toBeVisible()
    const rows = page.getByRole('table', { name: 'ITENS' }).getByRole('row')
    await expect(rows).toHaveCount(7)
    // Each row names its feature by the layer's display field (the default rule: Código).
    const second = (await (await api(request, token, `/api/features/${LAYER}/2`)).json()) as {
      attributes: { codigo: string }
    }
    await expect(rows.nth(1).getByTestId('item-label')).toHaveText(second.attributes.codigo)
    await snap(page, 'feature-items')

    await page.getByRole('combobox').filter({ hasText: '10' }).click()
    await page.getByRole('option', { name: '5', exact: true }).click()
    await expect(rows).toHaveCount(6)
    await expect(page.getByText('1-5 de 6')).toBeVisible()
    await page.getByRole('button', { name: 'Próxima página' }).click()
    await rows.filter({ hasText: '7' }).click()
    await expect(featureTab(page, 'DADOS')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('feature-title')).toContainText(`${LAYER_TITLE} · 7`)
    await expect(page.getByLabel('Id', { exact: true })).toHaveValue('7')
  })
})

test.describe('feature window in an English-language browser', () => {
  test.use({ locale: 'en-US' })

  test('dates show as dd/mm/aaaa and times in 24 hours; system fields cannot be typed in', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const bridge = await freeBridge(request, token)
    const [y, m, d] = String(bridge.attributes.ultima_inspecao).slice(0, 10).split('-')
    await page.setViewportSize(DESKTOP)
    await openWindowOn(page, request, token, bridge.id)
    await expect(page.getByLabel('Última inspeção')).toHaveValue(`${d}/${m}/${y}`)
    await expect(page.getByLabel('Última modificação')).toHaveValue(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    )
    for (const name of ['Id', 'UUID', 'Última modificação'])
      await expect(page.getByLabel(name, { exact: true })).toHaveAttribute('readonly', '')
    await page.getByLabel('Última inspeção').fill('31/02/2024')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Data inválida (use dd/mm/aaaa)')).toBeVisible()
    await snap(page, 'feature-data-en-browser')
    await page.setViewportSize(PHONE)
    await snap(page, 'feature-data-en-browser-phone')
  })
})
