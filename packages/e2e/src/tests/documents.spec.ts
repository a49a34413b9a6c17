import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, PHONE, baseUrl, expect, holdRequests, test, unique } from '../fixtures'
import {
  LAYER,
  LAYER_TITLE,
  api,
  featureTab,
  freeBridge,
  openWindowOn,
} from '../steps/feature-window'
import { snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'
import { budget } from '../slowdown'
import { heavyPdf } from '../../../../scripts/test-files.mjs'

/** The demo's three-page contract, as a user would have the PDF on disk. */
async function demoPdf(request: APIRequestContext, token: string): Promise<Buffer> {
  const list = (await (
    await api(request, token, '/api/documents?query=Contrato&type=pdf')
  ).json()) as { contentId: number }[]
  expect(list.length, 'the demo contract').toBeGreaterThan(0)
  return (await api(request, token, `/api/content/${list[0]!.contentId}`)).body()
}

/** The picture of the preview has arrived and is drawn (not only its element). */
async function pictureShown(page: Page, alt: string) {
  const img = page.getByRole('img', { name: alt })
  await expect(img).toBeVisible()
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), {
      timeout: budget(20_000),
    })
    .toBeGreaterThan(500)
}

test.describe('documents library', () => {
  test('several files go up at once with their progress; one is found, previewed, linked to a bridge and seen in its window', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const pdf = await demoPdf(request, token)
    const bridge = await freeBridge(request, token)
    const name = unique('Laudo de vistoria ')

    await signIn(page, DEMO, '/documents')
    await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible()
    const folders = page.getByRole('navigation', { name: 'Pastas' })
    await folders.getByRole('button', { name: /^Projetos/ }).click()
    await expect(page).toHaveURL(/pasta=\d+/)

    // ENVIAR ARQUIVOS: three files at once, each with its own bar.
    await page.getByRole('button', { name: 'ENVIAR ARQUIVOS' }).click()
    const dialog = page.getByRole('dialog', { name: 'Enviar arquivos' })
    await expect(dialog.getByRole('combobox', { name: 'Pasta de destino' })).toHaveText('Projetos')
    await dialog.getByTestId('document-files').setInputFiles([
      { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      {
        name: 'Medições km 14.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('km;valor\n14;2,5\n'),
      },
      { name: 'Notas da visita.txt', mimeType: 'text/plain', buffer: Buffer.from('Juntas ok.\n') },
    ])
    await dialog.getByLabel('Tags (separadas por vírgula)').fill('vistoria, e2e')
    await expect(dialog.getByText('Aguardando')).toHaveCount(3)
    const release = await holdRequests(page, '**/api/documents', 'POST')
    await dialog.getByRole('button', { name: 'CARREGAR' }).click()
    await expect(dialog.getByRole('progressbar', { name: /Enviando \d+%/ })).toHaveCount(2)
    await expect(
      dialog.getByRole('button', { name: `Cancelar envio de ${name}.pdf` }),
    ).toBeVisible()
    await snap(page, 'documents-upload-desktop')
    release()
    await expect(page.getByText('3 documentos enviados!')).toBeVisible()
    await expect(dialog).toBeHidden()

    // Found by its title among the library's documents.
    const table = page.getByRole('table', { name: 'Documentos' })
    await page.getByRole('search').getByLabel('Título').fill(name.slice(-8))
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table.getByRole('button', { name: `Abrir ${name}` })).toBeVisible()
    await snap(page, 'documents-desktop')

    // The PDF's pages as the server draws them, one at a time.
    await table.getByRole('button', { name: `Abrir ${name}` }).click()
    const pane = page.getByRole('presentation').getByLabel('Documento')
    await expect(pane.getByRole('heading', { name })).toBeVisible()
    await pictureShown(page, `Página 1 de ${name}`)
    await expect(pane.getByText('Página 1 de 3')).toBeVisible()
    await pane.getByRole('button', { name: 'Próxima página' }).click()
    await pictureShown(page, `Página 2 de ${name}`)
    await expect(pane.getByText('Página 2 de 3')).toBeVisible()
    await snap(page, 'documents-preview-desktop')
    await pane.getByRole('tab', { name: 'DADOS' }).click()
    await expect(pane.getByLabel('Tags (separadas por vírgula)')).toHaveValue('vistoria, e2e')
    await pane.getByRole('tab', { name: 'VERSÕES' }).click()
    await expect(pane.getByText('Versão 1')).toBeVisible()
    await pane.getByRole('tab', { name: 'HISTÓRICO' }).click()
    await expect(pane.getByText('Criação')).toBeVisible()
    await snap(page, 'documents-history-desktop')

    // VINCULAR A FEIÇÃO: a bridge by its layer and id.
    await pane.getByRole('tab', { name: 'VÍNCULOS' }).click()
    await expect(pane.getByText('O documento não está vinculado a nenhuma feição.')).toBeVisible()
    await pane.getByRole('button', { name: 'VINCULAR A FEIÇÃO' }).click()
    const link = page.getByRole('dialog', { name: 'Vincular a feição' })
    await link.getByRole('combobox', { name: 'Layer' }).click()
    await page.getByRole('option', { name: LAYER_TITLE }).click()
    await link.getByLabel('Id da feição').fill(String(bridge.id))
    await link.getByRole('button', { name: 'VINCULAR' }).click()
    await expect(page.getByText('Documento vinculado à feição!')).toBeVisible()
    const opener = pane.getByRole('button', { name: new RegExp(`^Abrir a feição .*#${bridge.id}`) })
    await expect(opener).toBeVisible()

    // The bridge's window, DOCUMENTOS: the document among its linked documents.
    await opener.click()
    await expect(page).toHaveURL(/\/workspace/)
    await featureTab(page, 'DOCUMENTOS').click()
    const linked = page.getByRole('region', { name: 'Documentos vinculados' })
    await expect(linked.getByRole('button', { name: `Abrir ${name} na biblioteca` })).toBeVisible()
    // Its size the Brazilian way (a decimal comma), whatever the browser's language.
    await expect(linked).toContainText(/PDF · \d+,\d\d KB/)
    await snap(page, 'documents-feature-window')
    await linked.getByRole('button', { name: `Abrir ${name} na biblioteca` }).click()
    await expect(page).toHaveURL(/\/documents\?doc=\d+/)
    await expect(page.getByLabel('Documento').getByRole('heading', { name })).toBeVisible()

    // The same on a phone: the pane takes the screen, the folders fold.
    await page.setViewportSize(PHONE)
    await snap(page, 'documents-pane-phone')
    await page.getByRole('button', { name: 'Fechar documento' }).click()
    await expect(page.getByRole('button', { name: /^Pastas: Todas as pastas/ })).toBeVisible()
    await snap(page, 'documents-phone')
  })

  test('a PDF too heavy to draw: its preview is prepared, then the pane says so and BAIXAR still gives the file', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const folders = (await (await api(request, token, '/api/documents/folders')).json()) as {
      id: number
      name: string
    }[]
    const folderId = String(folders.find((f) => f.name === 'Projetos')!.id)
    const pdf = heavyPdf()
    // Signed in first, so the pane opens while the previews are still being prepared.
    await signIn(page, DEMO, '/documents')
    // Three at once: the last one's preview waits for the others' (one drawing at a time).
    const names = [unique('Planta pesada '), unique('Planta pesada '), unique('Planta pesada ')]
    const ids: number[] = []
    for (const name of names) {
      const res = await request.post(`${baseUrl()}/api/documents`, {
        headers: { authorization: token },
        multipart: {
          folderId,
          file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf },
        },
      })
      expect(res.status()).toBe(201)
      ids.push(((await res.json()) as { id: number }).id)
    }
    await page.goto(`/documents?doc=${ids[2]}`)
    const pane = page.getByRole('presentation').getByLabel('Documento')
    await expect(pane.getByRole('heading', { name: names[2] })).toBeVisible()
    await expect(pane.getByText('Preparando a visualização do PDF...')).toBeVisible()
    await snap(page, 'documents-preview-pending')
    await expect(
      pane.getByText(
        'Não foi possível gerar a visualização deste PDF (ele é pesado demais para desenhar). Use BAIXAR para abri-lo.',
      ),
    ).toBeVisible({ timeout: budget(30_000) })
    await snap(page, 'documents-preview-failed')
    const download = pane.getByRole('link', { name: 'BAIXAR' })
    const file = await request.get(`${baseUrl()}${await download.getAttribute('href')}`)
    expect(file.status()).toBe(200)
    expect((await file.body()).length).toBe(pdf.length)
  })

  test("an attachment goes to the library from the feature window and shows among the bridge's linked documents", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const photos = (await (
      await api(request, token, `/api/features/${LAYER}/1/attachments`)
    ).json()) as { filename: string }[]
    const photo = photos[0]
    if (!photo) throw new Error('the demo bridge 1 has no attachment')
    await openWindowOn(page, request, token, 1)
    await featureTab(page, 'DOCUMENTOS').click()
    await page
      .getByRole('button', { name: `Enviar ${photo.filename} para a biblioteca de documentos` })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Enviar para a biblioteca de documentos' })
    await dialog.getByRole('combobox', { name: 'Pasta' }).click()
    await page.getByRole('option', { name: 'Projetos' }).click()
    const title = unique('Foto da vistoria ')
    await dialog.getByLabel('Título').fill(title)
    await snap(page, 'documents-promote-desktop')
    await dialog.getByRole('button', { name: 'ENVIAR' }).click()
    await expect(page.getByText('Arquivo enviado para a biblioteca!')).toBeVisible()
    const linked = page.getByRole('region', { name: 'Documentos vinculados' })
    await expect(linked.getByRole('button', { name: `Abrir ${title} na biblioteca` })).toBeVisible()
  })
})
