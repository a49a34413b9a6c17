import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  ADMIN,
  DEMO,
  DESKTOP,
  apiToken,
  baseUrl,
  expect,
  signIn,
  snap,
  test,
  unique,
  resetWorkspace,
} from '../fixtures'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'
/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

async function openTools(page: import('@playwright/test').Page): Promise<void> {
  await page.getByRole('button', { name: 'FERRAMENTAS' }).click()
}

test.describe('file association (ASSOCIAR ARQUIVOS)', () => {
  test('an administrator attaches the files of a folder to the records whose field names them', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN.username, ADMIN.password)
    const headers = { authorization: token }
    await resetWorkspace(request, headers.authorization)
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
      await signIn(page, ADMIN.username, ADMIN.password)
      await openTools(page)
      await page.getByRole('menuitem', { name: 'ASSOCIAR ARQUIVOS' }).click()
      await expect(page).toHaveURL(/\/workspace$/)
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
      await page.getByLabel('Campo da imagem: codigo_artesp', { exact: true }).check()
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
        timeout: 30_000,
      })
      const missingRow = page.getByRole('row').filter({ hasText: names.missing })
      await expect(missingRow).toContainText(String(ids[2]))
      await expect(missingRow).toContainText('codigo_artesp')
      await expect(page.getByText('2 arquivo(s) a enviar para 2 registro(s).')).toBeVisible()
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Relatório de Arquivos Ausentes' }).click()
      expect((await download).suggestedFilename()).toBe('relatorio_arquivos_ausentes.csv')
      await snap(page, 'file-association-missing')

      // Step 4 → 5: uploads, then the summary.
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(
        page.getByText('Relatorio das operações realizadas nos arquivos selecionados'),
      ).toBeVisible({ timeout: 30_000 })
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

  test('a non-administrator is not offered ASSOCIAR ARQUIVOS; a browser without folder access lists the supported ones', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO.username, DEMO.password)
    await openTools(page)
    await expect(page.getByRole('menuitem', { name: 'BUSCAR' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'ASSOCIAR ARQUIVOS' })).toHaveCount(0)

    // An administrator in a browser without folder access (Firefox's user agent, no picker).
    const token = await apiToken(request, ADMIN.username, ADMIN.password)
    const headers = { authorization: token }
    const window = { id: 'w1', type: 'FileAssociation', title: 'Associar arquivos', props: {} }
    await request.post(`${baseUrl()}/api/users/workspace`, {
      headers,
      data: { active: 'w1', windowCounter: 1, windows: [window] },
    })
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
      await signIn(other, ADMIN.username, ADMIN.password)
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
