import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN, DEMO, DESKTOP, PHONE, baseUrl, expect, test, unique } from '../fixtures'
import { snap } from '../steps/pictures'
import { apiToken, resetWorkspace, resetWorkspaceOf, saveWorkspace, signIn } from '../steps/session'
import { openTool, openTools, openToolWindow } from '../steps/tools'
import { budget } from '../slowdown'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'
/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** The demo's sample folder (decision 65), as a user downloads it from the window. */
const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/src/demo/fotos-vistoria-oae',
)

test.describe('file association (ASSOCIAR ARQUIVOS)', () => {
  test('an administrator attaches the files of a folder to the records whose field names them', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, ADMIN)
    const headers = { authorization: token }
    // Two bridges whose 'Código ARTESP' names a file of the folder (one in other letter case),
    // and one naming a file the folder lacks.
    const tag = unique('f')
    const names = { a: `${tag}_a.png`, b: `${tag}_b.png`, missing: `${tag}_x.png` }
    const ids: number[] = []
    for (const file of [names.a, names.b.toUpperCase(), names.missing]) {
      const made = await request.post(`${baseUrl()}/api/features/${LAYER}`, {
        headers,
        data: { attributes: { codigo: tag, codigo_artesp: file }, geom: 'POINT(-46.6 -23.5)' },
      })
      expect(made.status()).toBe(201)
      ids.push(((await made.json()) as { id: number }).id)
    }
    const root = mkdtempSync(path.join(os.tmpdir(), 'gis-assoc-'))
    const folder = path.join(root, `fotos_${tag}`)
    mkdirSync(folder)
    writeFileSync(path.join(folder, names.a), PNG)
    writeFileSync(path.join(folder, names.b), PNG)
    writeFileSync(path.join(folder, 'sem_registro.txt'), 'nada')

    try {
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await openToolWindow(page, 'ASSOCIAR ARQUIVOS')
      await expect(page.getByText('Importar', { exact: true })).toBeVisible()
      await snap(page, 'file-association-folder')

      // Step 0 → 1: the folder read, its job made.
      await page.getByTestId('syncfiles-folder-input').setInputFiles(folder)
      await expect(page.getByRole('tab', { name: 'CONFIGURAÇÃO' })).toBeVisible()
      await expect(page.getByText('Pendentes: 3')).toBeVisible()

      // EXECUTAR without a destination, then without a column, says why.
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('Selecione uma layer para começar.')).toBeVisible()
      await page.getByRole('button', { name: 'LAYER EXISTENTE' }).click()
      await expect(page.getByText('Escolha o destino para a importação')).toBeVisible()
      await page.getByRole('combobox', { name: 'Layer de destino' }).click()
      await page.getByRole('option', { name: LAYER_TITLE }).click()
      await expect(page.getByTestId('syncfiles-folder')).toHaveText(`fotos_${tag}`)
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('Selecione pelo menos uma coluna para começar.')).toBeVisible()
      await expect(page.getByLabel('Campo da imagem: id', { exact: true })).toBeDisabled()
      await page.getByRole('button', { name: 'AUTO MAPEAR' }).click()
      await expect(page.getByLabel('Campo da imagem: foto', { exact: true })).toBeChecked()
      await expect(page.getByLabel('Campo da imagem: codigo', { exact: true })).not.toBeChecked()
      await page.getByRole('button', { name: 'LIMPAR' }).click()
      await expect(page.getByLabel('Campo da imagem: foto', { exact: true })).not.toBeChecked()
      await expect(page.getByLabel('Campo da imagem: sentido', { exact: true })).toBeDisabled()
      await page.getByLabel('Identifica o arquivo: codigo_artesp', { exact: true }).check()
      await snap(page, 'file-association-config')
      await page.getByRole('tab', { name: 'DADOS' }).click()
      await expect(page.getByRole('cell', { name: names.a })).toBeVisible()
      await page.getByRole('tab', { name: 'FILTROS' }).click()
      await expect(page.getByRole('button', { name: 'Adicionar Regra' })).toBeVisible()
      await snap(page, 'file-association-filters')
      await page.getByRole('tab', { name: 'CONFIGURAÇÃO' }).click()

      // Step 2 → 3: the scan lists the value naming a file the folder lacks.
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('Arquivos ausentes na ppasta de origem')).toBeVisible({
        timeout: budget(30_000),
      })
      await expect(page.getByText('2 arquivos a enviar para 2 registros.')).toBeVisible()
      // The file no record names says why it waits.
      await expect(page.getByRole('row').filter({ hasText: 'sem_registro.txt' })).toContainText(
        'Nenhum registro tem o valor "sem_registro" nos campos marcados',
      )
      // Every record whose value no file answers to is listed (the new ones come last).
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Relatório de Arquivos Ausentes' }).click()
      const csv = await download
      expect(csv.suggestedFilename()).toBe('relatorio_arquivos_ausentes.csv')
      const missingLine = readFileSync((await csv.path())!, 'utf8')
        .split('\r\n')
        .find((l) => l.includes(names.missing))
      expect(missingLine).toBe(`oae;${ids[2]};codigo_artesp;${names.missing}`)
      await snap(page, 'file-association-missing')

      // Step 4 → 5: uploads, then the summary.
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(
        page.getByText('Relatorio das operações realizadas nos arquivos selecionados'),
      ).toBeVisible({ timeout: budget(30_000) })
      await expect(page.getByText('Criados: 2')).toBeVisible()
      await expect(page.getByText('Pendentes: 1')).toBeVisible()
      await expect(page.getByRole('row').filter({ hasText: names.a })).toContainText(
        `${LAYER}:${ids[0]}`,
      )
      await snap(page, 'file-association-summary')

      for (const [id, name] of [
        [ids[0]!, names.a],
        [ids[1]!, names.b],
      ] as const) {
        const listed = await request.get(`${baseUrl()}/api/features/${LAYER}/${id}/attachments`, {
          headers,
        })
        expect(listed.status()).toBe(200)
        const files = ((await listed.json()) as { filename: string }[]).map((a) => a.filename)
        expect(files).toContain(name)
      }

      // VOLTAR, then EXCLUIR: the job deleted, back to the folder.
      await page.getByRole('button', { name: 'VOLTAR' }).click()
      await page.getByRole('button', { name: 'EXCLUIR' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'EXCLUIR' }).click()
      await expect(page.getByText('Trabalho de importação excluído com sucesso!')).toBeVisible()
      await expect(
        page.getByRole('button', {
          name: 'Clique ou arraste aqui a pasta com os arquivos a associar',
        }),
      ).toBeVisible()
    } finally {
      rmSync(root, { recursive: true, force: true })
      for (const id of ids) {
        await request.delete(`${baseUrl()}/api/features/${LAYER}/${id}`, { headers })
      }
      await resetWorkspace(request, headers.authorization)
    }
  })

  test("the demo's sample folder associates its photos by Código, says why the others wait, and a reload keeps what was sent", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const headers = { authorization: token }
    await resetWorkspace(request, token)
    const attachmentIds = async (id: number): Promise<number[]> =>
      (
        (await (
          await request.get(`${baseUrl()}/api/features/${LAYER}/${id}/attachments`, { headers })
        ).json()) as { id: number }[]
      ).map((a) => a.id)
    // The demo bridges the sample photos name: OAE-SP280-180+387, OAE-SP280-172+976 (two
    // photos), OAE-SP270-098+871, OAE-SP075-034+055. Their photos and Foto are put back after.
    const touched = [1, 2, 30, 50]
    const ponte = 2
    const before = new Map<number, number[]>()
    for (const id of touched) before.set(id, await attachmentIds(id))

    try {
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await openTool(page, 'ASSOCIAR ARQUIVOS')
      // The window offers the sample folder for download.
      await expect(page.getByText('Fotos de exemplo da demonstração')).toBeVisible()
      await expect(page.getByRole('link', { name: 'BAIXAR' })).toHaveAttribute(
        'href',
        /\/api\/syncfiles\/sample\.zip\?token=/,
      )
      await snap(page, 'file-association-sample')

      await page.getByTestId('syncfiles-folder-input').setInputFiles(SAMPLE)
      const count = readdirSync(SAMPLE).length
      await expect(page.getByText(`Pendentes: ${count}`)).toBeVisible()
      await page.getByRole('button', { name: 'LAYER EXISTENTE' }).click()
      await page.getByRole('combobox', { name: 'Layer de destino' }).click()
      await page.getByRole('option', { name: LAYER_TITLE }).click()
      // AUTO MAPEAR proposes the photo field only, never a text field such as Sentido.
      await page.getByRole('button', { name: 'AUTO MAPEAR' }).click()
      await expect(page.getByLabel('Campo da imagem: foto', { exact: true })).toBeChecked()
      await expect(page.getByLabel('Campo da imagem: sentido', { exact: true })).not.toBeChecked()
      await expect(page.getByLabel('Campo da imagem: sentido', { exact: true })).toBeDisabled()
      await page.getByLabel('Identifica o arquivo: codigo', { exact: true }).check()
      await snap(page, 'file-association-config')
      await page.setViewportSize(PHONE)
      await snap(page, 'file-association-config-phone')
      await page.setViewportSize(DESKTOP)

      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      // Five photos for four bridges: the exact name, _2, (2), and lower case with spaces.
      await expect(page.getByText('5 arquivos a enviar para 4 registros.')).toBeVisible({
        timeout: budget(30_000),
      })
      await expect(page.getByText('Arquivos que não serão enviados: 3')).toBeVisible()
      const reason = (file: string) => page.getByRole('row').filter({ hasText: file })
      await expect(reason('OAE-SP280-999+999.jpg')).toContainText(
        'Nenhum registro tem o valor "OAE-SP280-999+999" nos campos marcados',
      )
      // The demolished bridge (deleted) is no destination.
      await expect(reason('OAE-SP280-039+580.jpg')).toContainText('Nenhum registro tem o valor')
      await expect(reason('OAE-SP075-036+685.pdf')).toContainText(
        'Não é uma imagem, e o campo foto só guarda fotos',
      )
      await snap(page, 'file-association-pending')
      await page.setViewportSize(PHONE)
      await snap(page, 'file-association-pending-phone')
      await page.setViewportSize(DESKTOP)

      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('Criados: 5')).toBeVisible({ timeout: budget(30_000) })
      await expect(page.getByText('Pendentes: 3')).toBeVisible()
      const after = await attachmentIds(ponte)
      expect(after.filter((id) => !before.get(ponte)!.includes(id))).toHaveLength(2)

      // A reload: what was sent stays sent, the window says what remains and why.
      await page.reload()
      await expect(page.getByText(/escolha de novo a pasta "fotos-vistoria-oae"/)).toBeVisible()
      await expect(page.getByText('Criados: 5')).toBeVisible()
      await expect(page.getByText('Pendentes: 3')).toBeVisible()
      await expect(reason('OAE-SP280-172+976_2.jpg')).toContainText(`${LAYER}:${ponte}`)
      await expect(reason('OAE-SP075-036+685.pdf')).toContainText('Não é uma imagem')
      await snap(page, 'file-association-reloaded')
      await page.setViewportSize(PHONE)
      await snap(page, 'file-association-reloaded-phone')
      await page.setViewportSize(DESKTOP)

      // The folder picked again goes on: nothing is sent twice.
      await page.getByTestId('syncfiles-folder-input').setInputFiles(SAMPLE)
      await expect(page.getByRole('tab', { name: 'CONFIGURAÇÃO' })).toBeVisible()
      await expect(page.getByText('Criados: 5')).toBeVisible()
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('0 arquivos a enviar para 0 registros.')).toBeVisible({
        timeout: budget(30_000),
      })
      expect(await attachmentIds(ponte)).toEqual(after)
    } finally {
      for (const id of touched) {
        const feature = (await (
          await request.get(`${baseUrl()}/api/features/${LAYER}/${id}`, { headers })
        ).json()) as { version: string; attributes: { foto: string | null } }
        if (feature.attributes.foto !== null) {
          await request.put(`${baseUrl()}/api/features/${LAYER}/${id}`, {
            headers,
            data: { version: feature.version, attributes: { foto: null } },
          })
        }
        for (const a of await attachmentIds(id)) {
          if (!before.get(id)!.includes(a)) {
            await request.delete(`${baseUrl()}/api/attachments/${a}`, { headers })
          }
        }
      }
      await resetWorkspace(request, token)
    }
  })

  test('a non-administrator is not offered ASSOCIAR ARQUIVOS; a browser without folder access lists the supported ones', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO)
    await openTools(page)
    await expect(page.getByRole('menuitem', { name: 'BUSCAR' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'ASSOCIAR ARQUIVOS' })).toHaveCount(0)

    // An administrator in a browser without folder access (Firefox's user agent, no picker).
    const token = await apiToken(request, ADMIN)
    const headers = { authorization: token }
    const window = { id: 'w1', type: 'FileAssociation', title: 'Associar arquivos', props: {} }
    await saveWorkspace(request, token, [window])
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
    })
    try {
      await context.addInitScript(() => {
        delete (Window.prototype as unknown as Record<string, unknown>).showDirectoryPicker
        delete (window as unknown as Record<string, unknown>).showDirectoryPicker
      })
      const other = await context.newPage()
      await signIn(other, ADMIN)
      await other.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
      await expect(other.getByText('Navegador não suportado')).toBeVisible()
      await expect(other.getByRole('link', { name: 'Baixar' })).toHaveCount(3)
      await expect(other.getByText('Opera 72+')).toBeVisible()
      await snap(other, 'file-association-unsupported')
    } finally {
      await context.close()
      await resetWorkspace(request, headers.authorization)
    }
  })
})
