import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import ExcelJS from 'exceljs'
import { DEFAULT_PRINTABLE, DEFAULT_STYLE } from '@gis/shared'
import { ADMIN, DEMO, DESKTOP, PHONE, baseUrl, expect, test, unique } from '../fixtures'
import { expectPicture, snap } from '../steps/pictures'
import { apiToken, resetWorkspaceOf, signIn, signInFresh } from '../steps/session'
import { openReports } from '../steps/tools'
import { budget } from '../slowdown'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'
const FICHA = 'Ficha da Obra de Arte'

interface Node {
  name: string
  type: 'directory' | 'report'
  reportId?: number
  children: Node[]
}

function findNode(nodes: Node[], name: string): Node | undefined {
  for (const n of nodes) {
    if (n.name === name) return n
    const inner = findNode(n.children, name)
    if (inner) return inner
  }
  return undefined
}

/** A small record template on the bridges layer (when the demo seed has none yet). */
function fichaBody(name: string, folder: string, visible = true) {
  const cell = (value: string, style = 'Padrão') => ({ colSpan: 1, rowSpan: 1, value, style })
  return {
    folder,
    reportType: 'record',
    visible,
    mine: false,
    parameters: [{ name: 'layer', type: 'LAYER_NAME', value: LAYER }],
    template: {
      name,
      layer: LAYER,
      variables: [],
      printable: DEFAULT_PRINTABLE,
      styles: [
        {
          ...DEFAULT_STYLE,
          name: 'Padrão',
          fontSize: 11,
          borderTop: 'small',
          borderLeft: 'small',
          borderRight: 'small',
          borderBottom: 'small',
        },
      ],
      grid: [
        {
          type: 'NONE',
          title: 'Ficha',
          rows: [
            { cells: [{ ...cell('FICHA DA OBRA DE ARTE'), colSpan: 2 }] },
            { cells: [cell('Código'), cell('${codigo}')] },
            { cells: [cell('Rodovia'), cell('${rodovia}')] },
          ],
        },
      ],
    },
  }
}

async function tree(request: APIRequestContext, token: string, all = false): Promise<Node[]> {
  const res = await request.get(`${baseUrl()}/api/reports${all ? '?all=true' : ''}`, {
    headers: { authorization: token },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as Node[]
}

async function saveTemplate(request: APIRequestContext, token: string, body: unknown) {
  const res = await request.post(`${baseUrl()}/api/reports/templates`, {
    headers: { authorization: token },
    data: body,
  })
  expect(res.status()).toBe(201)
  return (await res.json()) as { id: number }
}

/** The bridges the server finds for `codigo = value`. */
async function bridge(request: APIRequestContext, token: string) {
  const res = await request.post(`${baseUrl()}/api/features/${LAYER}/search?limit=1&sort=id`, {
    headers: { authorization: token },
    data: {},
  })
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { results: { id: number; codigo: string; rodovia: string }[] }
  return body.results[0]!
}

async function xlsxTexts(file: string): Promise<string[]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  const out: string[] = []
  for (const sheet of book.worksheets) {
    sheet.eachRow((row) => {
      for (const v of (row.values as unknown[]).slice(1)) if (v != null) out.push(String(v))
    })
  }
  return out
}

test.describe('reports', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request, ADMIN)
    if (!findNode(await tree(request, token), FICHA)) {
      await saveTemplate(request, token, fichaBody(FICHA, 'Obras de Arte'))
    }
  })

  test(
    'a user browses folders, fills the generation dialog, previews, runs and finds the job',
    { tag: '@db' },
    async ({ page, request }) => {
      test.setTimeout(budget(120_000))
      const token = await resetWorkspaceOf(request, DEMO)
      // A template of their own without parameters: 'Meus Relatórios', and disabled.
      const own = unique('Sem parâmetros')
      const ownBody = { ...fichaBody(own, ''), parameters: [], mine: true }
      await saveTemplate(request, token, ownBody)
      const first = await bridge(request, token)

      await page.setViewportSize(DESKTOP)
      await signIn(page, DEMO)
      await openReports(page)
      const main = page.getByRole('region', { name: 'Modelos de relatório' })
      // A plain user has neither 'Paineis' nor Novo.
      await expect(page.getByRole('button', { name: 'Repositório' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Paineis' })).toHaveCount(0)
      await page.getByRole('button', { name: 'Opções' }).click()
      await expect(page.getByRole('menuitem', { name: 'Abrir' })).toBeVisible()
      await expect(page.getByRole('menuitem', { name: 'Novo' })).toHaveCount(0)
      await page.keyboard.press('Escape')

      // Folders open as cards, 'Voltar' goes up.
      await main.getByRole('button', { name: 'Obras de Arte', exact: true }).click()
      await expect(main.getByRole('button', { name: FICHA })).toBeVisible()
      await expect(main.getByRole('button', { name: 'Voltar' })).toBeVisible()
      await snap(page, 'reports-window')
      await main.getByRole('button', { name: 'Voltar' }).click()
      await expect(main.getByRole('button', { name: 'Voltar' })).toHaveCount(0)
      await expect(main.getByRole('button', { name: 'Meus Relatórios' })).toBeVisible()

      // 'Buscar relatório' finds a report in any folder.
      await page.getByLabel('Buscar relatório').fill('sem parâm')
      await expect(main.getByRole('button', { name: own })).toBeVisible()
      await expect(main.getByRole('button', { name: FICHA })).toHaveCount(0)
      await main.getByRole('button', { name: own }).click()
      let dialog = page.getByRole('dialog', { name: 'Gerando Relatório' })
      await expect(
        dialog.getByText('RELATORIO DESATIVADO, CONSULTE O ADMINISTRADOR PARA MAIS INFORMAÇÕES'),
      ).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Iniciar' })).toHaveCount(0)
      await dialog.getByRole('button', { name: 'Voltar' }).click()
      await page.getByLabel('Buscar relatório').fill('')

      // The generation dialog of 'Ficha da Obra de Arte'.
      await main.getByRole('button', { name: 'Obras de Arte', exact: true }).click()
      await main.getByRole('button', { name: FICHA }).click()
      dialog = page.getByRole('dialog', { name: 'Gerando Relatório' })
      await expect(dialog.getByLabel('Template')).toHaveValue(FICHA)
      await expect(dialog.getByText('Parâmetros')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Iniciar' })).toBeDisabled()
      await expect(dialog.getByRole('button', { name: 'Visualizar' })).toBeDisabled()
      await dialog.getByLabel('Layer').selectOption({ label: LAYER_TITLE })
      await expect(dialog.getByRole('button', { name: 'Iniciar' })).toBeEnabled()
      // One rule: codigo = the first bridge's.
      await dialog.getByRole('button', { name: 'Adicionar Regra' }).click()
      const rule = dialog.getByRole('group', { name: 'Regra 1' })
      await rule.getByLabel('Campo').selectOption({ label: 'Código' })
      await rule.getByLabel('Valor').fill(first.codigo)
      await page.keyboard.press('Escape')
      await snap(page, 'reports-generate-dialog')

      // Visualizar: the page drawn with the bridge's values.
      await dialog.getByRole('button', { name: 'Visualizar' }).click()
      const preview = page.getByRole('dialog', { name: `Visualizando ${FICHA}` })
      await expect(preview).toBeVisible()
      await expect(preview.getByRole('tab').first()).toBeVisible()
      await expect(preview.getByRole('table').first()).toContainText(first.codigo)
      await expect(preview.getByRole('slider')).toHaveAttribute('aria-valuemax', '400')
      // The bridge's photo (an ATTACHMENT image cell) loads with the token.
      const photo = preview.locator('table img').first()
      await expect(photo).toHaveAttribute('src', /^\/api\/attachments\/\d+\?token=/)
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      // The page as the template draws it (cells, merges, styles); masked: the photo (other
      // specs may attach files to this bridge), the line with the time it was made, and the
      // notes and date the demo's inspections set (dated from the day the demo was seeded).
      const inspected = preview
        .locator('tr')
        .filter({ hasText: /Nota estrutural|Nota de durabilidade/ })
        .locator('td:nth-child(2), td:nth-child(4)')
      await expectPicture(preview.getByRole('table').first(), 'ficha-preview', {
        mask: [photo, preview.getByText(/^Emitido por/), inspected],
      })
      await preview.getByRole('button', { name: 'Voltar' }).click()
      await expect(preview).toHaveCount(0)

      // Iniciar: the job's first polls answer 'in progress' (held back here), then the real
      // ones: 'Completo', the info dialog and the xlsx.
      let held = 0
      const jobUrl = /\/api\/reports\/jobs\/\d+$/
      await page.route(jobUrl, async (route) => {
        const real = await route.fetch()
        const job = (await real.json()) as Record<string, unknown>
        if (held++ < 5) {
          await route.fulfill({
            json: { ...job, status: 'IN_PROGRESS', progress: { value: 1, max: 4 }, elapsed: 3000 },
          })
        } else await route.fulfill({ response: real })
      })
      await dialog.getByRole('button', { name: 'Iniciar' }).click()
      const progress = page.getByRole('dialog', { name: `Gerando ${FICHA}` })
      await expect(progress.getByText('Processando 25%')).toBeVisible()
      await expect(progress.getByText('Tempo restante: Alguns segundos')).toBeVisible()
      await snap(page, 'reports-progress')
      const downloading = page.waitForEvent('download', { timeout: budget(60_000) })
      // Minimizar: the dialog goes, the job goes on.
      await progress.getByRole('button', { name: 'Minimizar' }).click()
      await expect(progress).toHaveCount(0)
      const download = await downloading
      const info = page.getByRole('dialog', { name: FICHA })
      await expect(info.getByText('Completo')).toBeVisible()
      await page.unroute(jobUrl)
      await snap(page, 'reports-job-info')
      await expect(info.getByText('Responsável')).toBeVisible()
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'gis-report-')), 'r.xlsx')
      await download.saveAs(file)
      expect(await xlsxTexts(file)).toContain(first.codigo)
      await info.getByRole('button', { name: 'Fechar' }).click()

      // The repository lists it as Completo; its details.
      await page.getByRole('button', { name: 'Repositório' }).click()
      const table = page.getByRole('table', { name: 'Repositório' })
      const row = table.locator('tbody tr').filter({ hasText: FICHA }).first()
      await expect(row).toContainText('Completo')
      await expect(row).toContainText('Relatório')
      await expect(page.getByText('Linhas por página')).toBeVisible()
      await expect(row.getByRole('link', { name: 'Baixar' })).toBeVisible()
      await snap(page, 'reports-repository')
      await row.getByRole('button', { name: 'Detalhes' }).click()
      await expect(page.getByRole('dialog', { name: FICHA }).getByText('Responsável')).toBeVisible()
      await page
        .getByRole('dialog', { name: FICHA })
        .getByRole('button', { name: 'Fechar' })
        .click()

      // The tab is kept: after a reload the repository is still shown.
      await page.reload()
      await expect(page.getByRole('table', { name: 'Repositório' })).toBeVisible()
    },
  )

  test("the demo 'Lista de Obras de Arte' previews with a title, a header row and Km with 3 decimals", async ({
    page,
    request,
  }) => {
    await signInFresh(page, request, DEMO)
    await openReports(page)
    const main = page.getByRole('region', { name: 'Modelos de relatório' })
    await page.getByRole('button', { name: 'Relatório Simples' }).click()
    await main.getByRole('button', { name: 'Lista de Obras de Arte' }).click()
    const dialog = page.getByRole('dialog', { name: 'Gerando Relatório' })
    await dialog.getByLabel('Layer').selectOption({ label: LAYER_TITLE })
    await dialog.getByRole('button', { name: 'Visualizar' }).click()
    const preview = page.getByRole('dialog', { name: 'Visualizando Lista de Obras de Arte' })
    const table = preview.getByRole('table').first()
    await expect(table).toContainText('LISTA DE OBRAS DE ARTE ESPECIAIS')
    await expect(table).toContainText('Comprimento (m)')
    await expect(table).toContainText('Última inspeção')
    await expect(table.getByText(/^\d{1,3},\d{3}$/).first()).toBeVisible()
    await expect(table.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible()
    await snap(page, 'reports-list-preview-desktop')
    await page.setViewportSize(PHONE)
    await snap(page, 'reports-list-preview-phone')
  })

  test('an administrator in developer mode sees Paineis with the hidden templates', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, ADMIN)
    const hidden = unique('Escondido')
    await saveTemplate(request, token, fichaBody(hidden, '', false))
    expect(findNode(await tree(request, token), hidden)).toBeUndefined()

    // A template with parameters of every type (the debug one shown in developer mode only).
    const withParams = unique('Parâmetros')
    await saveTemplate(request, token, {
      ...fichaBody(withParams, ''),
      parameters: [
        { name: 'layer', type: 'LAYER_NAME', value: LAYER },
        { name: 'fotos', type: 'BOOL', description: 'Incluir fotos' },
        { name: 'limite', type: 'NUMBER', description: 'Limite' },
        {
          name: 'modelo',
          type: 'TEXT_PICKER',
          description: 'Modelo',
          value: ['Completo', 'Resumido'],
        },
        { name: 'vazio', type: 'TEXT_PICKER', description: 'Sem opções', value: [] },
        { name: 'sentidos', type: 'MULTIPICKER', description: 'Sentidos', value: ['Norte', 'Sul'] },
        { name: 'sql', type: 'TEXT', description: 'Depuração', debug: true },
      ],
    })
    await page.addInitScript(() => window.localStorage.setItem('gis.developer', 'true'))
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openReports(page)
    const main = page.getByRole('region', { name: 'Modelos de relatório' })
    await expect(main.getByRole('button', { name: hidden })).toHaveCount(0)
    await page.getByRole('button', { name: 'Paineis' }).click()
    const card = main.getByRole('button', { name: hidden })
    await expect(card).toBeVisible()
    await expect(card.getByText('Oculto', { exact: true })).toBeVisible()
    await snap(page, 'reports-panels')
    await page.getByRole('button', { name: 'Opções' }).click()
    await expect(page.getByRole('menuitem', { name: 'Novo' })).toBeVisible()
    await page.keyboard.press('Escape')

    // Baixar saves the chosen template as .json, and Importar takes it back into 'Meus Relatórios'.
    await main.getByRole('button', { name: hidden }).click()
    await page
      .getByRole('dialog', { name: 'Gerando Relatório' })
      .getByRole('button', { name: 'Voltar' })
      .click()
    const saving = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Opções' }).click()
    await page.getByRole('menuitem', { name: 'Baixar' }).click()
    const json = await saving
    expect(json.suggestedFilename()).toBe(`${hidden}.json`)
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gis-template-')), `${hidden}.json`)
    await json.saveAs(file)
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { template: { name: string } }
    expect(saved.template.name).toBe(hidden)
    await page.getByTestId('report-import').setInputFiles(file)
    await expect(page.getByText(`Template importada: ${hidden}`)).toBeVisible()
    await page.getByRole('button', { name: 'Meus Relatórios' }).first().click()
    await expect(main.getByRole('button', { name: hidden })).toBeVisible()

    // Importar refuses a file that is not .json.
    await page.getByTestId('report-import').setInputFiles({
      name: 'template.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('{}'),
    })
    await expect(page.getByText('Formato de arquivo não suportado!')).toBeVisible()
    await snap(page, 'reports-import')

    // Parameters by type; the debug one only in developer mode.
    await page.setViewportSize(DESKTOP)
    await page.getByRole('button', { name: 'Relatórios', exact: true }).click()
    await page.getByLabel('Buscar relatório').fill(withParams)
    await main.getByRole('button', { name: withParams }).click()
    const generate = page.getByRole('dialog', { name: 'Gerando Relatório' })
    await expect(generate.getByLabel('Incluir fotos: Não')).not.toBeChecked()
    await generate.getByLabel('Incluir fotos: Não').check()
    await expect(generate.getByLabel('Incluir fotos: Sim')).toBeChecked()
    await expect(generate.getByLabel('Limite')).toHaveValue('0')
    // A number typed the Brazilian way: 1.5 is refused in the field and nothing is asked;
    // 1.234,5 goes as 1234.5 (the preview's request, answered by nobody).
    const previews: unknown[] = []
    await page.route(/\/api\/reports\/.*preview/, (route) => {
      previews.push(route.request().postDataJSON())
      return route.abort()
    })
    await generate.getByLabel('Layer', { exact: true }).selectOption(LAYER)
    await generate.getByLabel('Limite').fill('1.5')
    await expect(
      generate.getByText('Número inválido: use vírgula para os decimais (ex.: 1.234,5)'),
    ).toBeVisible()
    await generate.getByRole('button', { name: 'Visualizar' }).click()
    await expect(
      page.getByText('Corrija os valores marcados: o relatório não foi gerado'),
    ).toBeVisible()
    expect(previews).toHaveLength(0)
    await generate.getByLabel('Limite').fill('1.234,5')
    await generate.getByRole('button', { name: 'Visualizar' }).click()
    await expect.poll(() => previews.length).toBe(1)
    expect(previews[0]).toMatchObject({ parameters: { limite: 1234.5 } })
    await page.unroute(/\/api\/reports\/.*preview/)
    await expect(generate.getByRole('combobox', { name: 'Modelo' })).toHaveText('Completo')
    await expect(generate.getByText('Selecione uma das opções')).toBeVisible()
    const sentidos = generate.getByRole('combobox', { name: 'Sentidos' })
    await expect(sentidos).toHaveText('Nenhum')
    await sentidos.click()
    await page.getByRole('option', { name: 'Norte' }).click()
    await page.getByRole('option', { name: 'Sul' }).click()
    await page.keyboard.press('Escape')
    await expect(sentidos).toHaveText('Todos')
    await expect(generate.getByLabel('Depuração')).toBeVisible()
    await snap(page, 'reports-parameters')
    await generate.getByRole('button', { name: 'Voltar' }).click()
    await page.evaluate(() => window.localStorage.removeItem('gis.developer'))
    await main.getByRole('button', { name: withParams }).click()
    await expect(generate.getByLabel('Limite')).toBeVisible()
    await expect(generate.getByLabel('Depuração')).toHaveCount(0)
    await generate.getByRole('button', { name: 'Voltar' }).click()
    // Abrir: the chosen template in the template designer, a window of its own.
    await page.getByRole('button', { name: 'Opções' }).click()
    await page.getByRole('menuitem', { name: 'Abrir' }).click()
    await expect(page.getByRole('tab', { name: new RegExp(withParams) })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.getByRole('tab', { name: /^RELATÓRIO/ }).click()
    await page.getByLabel('Buscar relatório').fill('')

    // On a phone the sidebar sits above the cards.
    await page.setViewportSize(PHONE)
    await expect(main.getByRole('button', { name: 'Obras de Arte', exact: true })).toBeVisible()
    await snap(page, 'reports-phone')
  })
})
