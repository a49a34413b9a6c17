import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { ADMIN, DESKTOP, PHONE, baseUrl, expect, test } from '../fixtures'
import { featureCount } from '../steps/map'
import { snap } from '../steps/pictures'
import { apiToken, resetWorkspace, resetWorkspaceOf, signIn, signInFresh } from '../steps/session'
import { moduleSettings } from '../steps/settings'
import { openReports, openSearch } from '../steps/tools'
import { budget } from '../slowdown'

const LAYER = 'marcos_km'
const LAYER_TITLE = 'Marcos quilométricos'

/** The server's own count for a filter, to check what the window shows. */
async function apiSearch(
  request: APIRequestContext,
  token: string,
  filter: unknown,
  query = 'limit=1',
  layer = LAYER,
): Promise<{ rowCount: number; results: Record<string, unknown>[] }> {
  const res = await request.post(`${baseUrl()}/api/features/${layer}/search?${query}`, {
    headers: { authorization: token },
    data: filter ? { filter } : {},
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as { rowCount: number; results: Record<string, unknown>[] }
}

/** The rows of an xlsx export's first sheet, as texts (the header row first). */
async function xlsxRows(file: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  const rows: string[][] = []
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')))
  })
  return rows
}

/** Rows GDAL reads from an exported file (ogrinfo's "Feature Count"). */
function ogrCount(file: string): number {
  const out = execFileSync('ogrinfo', ['-so', '-al', '-ro', file], { encoding: 'utf8' })
  const counts = [...out.matchAll(/Feature Count: (\d+)/g)].map((m) => Number(m[1]))
  return counts.reduce((a, b) => a + b, 0)
}

async function saved(download: Download): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gis-export-'))
  const file = path.join(dir, download.suggestedFilename())
  await download.saveAs(file)
  return file
}

const rule = (page: Page, n: number) => page.getByRole('group', { name: `Regra ${n}` })

const OAE = 'oae'
const OAE_TITLE = 'Obras de arte especiais (pontes e viadutos)'
const PONTE = {
  type: 'group',
  operator: 'and',
  rules: [{ type: 'rule', field: 'tipo', operator: 'eq', value: 'ponte' }],
}

/** Every row the server finds on the demo's bridges for a filter, deleted ones included. */
async function oaeSearch(
  request: APIRequestContext,
  token: string,
  filter: unknown,
): Promise<{ rowCount: number; results: Record<string, unknown>[] }> {
  const res = await request.post(`${baseUrl()}/api/features/${OAE}/search?limit=1000&sort=id`, {
    headers: { authorization: token },
    data: { filter },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as { rowCount: number; results: Record<string, unknown>[] }
}

/** On the search window: OAE, Tipo = ponte, BUSCAR; the results tab with the count. */
async function searchPontes(page: Page, count: number): Promise<void> {
  await page.getByLabel('Layer').selectOption({ label: OAE_TITLE })
  await page.getByRole('button', { name: 'Adicionar Regra' }).click()
  await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Tipo' })
  await rule(page, 1).getByLabel('Valor').fill('ponte')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
  await expect(page.getByRole('tab', { name: `RESULTADOS (${count})` })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.getByRole('combobox', { name: 'Linhas por página' }).click()
  await page.getByRole('option', { name: '100', exact: true }).click()
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(count)
}

async function exportAs(
  page: Page,
  format: string,
  arrange?: (dialog: Locator) => Promise<void>,
): Promise<string> {
  await page.getByRole('button', { name: 'EXPORTAR', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Exportar relatório' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Formato').selectOption(format)
  await arrange?.(dialog)
  const downloading = page.waitForEvent('download', { timeout: budget(30_000) })
  await dialog.getByRole('button', { name: 'EXPORTAR' }).click()
  const download = await downloading
  await expect(page.getByText(/^Exportação concluída: /)).toBeVisible()
  const file = await saved(download)
  await page.getByRole('button', { name: 'Fechar' }).click()
  return file
}

/** Signs the administrator in with the filter builder as a new user finds it, on BUSCAR. */
async function openSearchAsNew(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP)
  await page.addInitScript(() => {
    window.localStorage.removeItem('gis.filterBuilder.mode')
    window.localStorage.removeItem('gis.filterBuilder.autoGenerate')
  })
  await signIn(page, ADMIN)
  await openSearch(page)
}

test.describe('search', () => {
  test('two basic rules say how they combine; E is one click away; the export states its logic and count', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, ADMIN)
    await openSearchAsNew(page)
    await page.getByLabel('Layer').selectOption({ label: OAE_TITLE })
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Comprimento (m)' })
    await rule(page, 1).getByLabel('Operação').selectOption('gt')
    await rule(page, 1).getByLabel('Valor').fill('30,5')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 2).getByLabel('Campo').selectOption({ label: 'Tipo' })
    await rule(page, 2).getByLabel('Valor').fill('ponte')
    await page.keyboard.press('Escape')
    const says = page.getByTestId('logic-says')
    await expect(says).toHaveText(
      'A busca traz os registros que atendem a qualquer uma das regras (R1 OU R2).',
    )
    const rules = [
      { type: 'rule', field: 'comprimento', operator: 'gt', value: 30.5 },
      { type: 'rule', field: 'tipo', operator: 'eq', value: 'ponte' },
    ]
    const any = await oaeSearch(request, token, { type: 'group', operator: 'or', rules })
    const all = await oaeSearch(request, token, { type: 'group', operator: 'and', rules })
    expect(all.rowCount).toBeLessThan(any.rowCount)
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByRole('tab', { name: `RESULTADOS (${any.rowCount})` })).toBeVisible()

    // One click: every rule, joined by E (the logic now by hand, the rules kept).
    await page.getByRole('tab', { name: 'FILTROS' }).click()
    await page.getByRole('button', { name: 'Exigir todas as regras (E)' }).click()
    await expect(says).toHaveText(
      'A busca traz os registros que atendem a todas as regras (R1 E R2).',
    )
    await expect(page.getByLabel('Gerar automaticamente')).not.toBeChecked()
    await snap(page, 'search-logic-words')
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByRole('tab', { name: `RESULTADOS (${all.rowCount})` })).toBeVisible()

    // The export says what goes out: the live rows of the search, with its logic in words.
    const live = all.results.filter((r) => r.d_e_l_e_t_ !== true).length
    await page.getByRole('button', { name: 'EXPORTAR', exact: true }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Exportar relatório' })
    await expect(dialog.getByTestId('export-scope')).toHaveText(
      `Serão exportados ${live} registros, que atendem a todas as regras: Comprimento (m) maior que 30,5 E Tipo igual a ponte.`,
    )
    await snap(page, 'search-export-logic')
    await dialog.getByRole('button', { name: 'CANCELAR' }).click()

    // The advanced mode, one click away, keeps the rules and says the same.
    await page.getByRole('tab', { name: 'FILTROS' }).click()
    await page.getByRole('button', { name: 'Alterar Modo' }).click()
    await expect(page.getByRole('heading', { name: 'Filtragem Avançada' })).toBeVisible()
    await expect(rule(page, 1).getByLabel('Valor')).toHaveValue('30,5')
    await expect(rule(page, 2).getByLabel('Valor')).toHaveValue('ponte')
    await expect(says).toHaveText(
      'A busca traz os registros que atendem a todas as regras (R1 E R2).',
    )
  })

  test(
    'builds a basic and an advanced filter, searches, pages, sorts, selects and exports',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await resetWorkspaceOf(request, ADMIN)
      await openSearchAsNew(page)

      // Nothing to filter before a layer is chosen.
      await expect(page.getByText("Selecione uma 'Layer' antes de filtrar")).toBeVisible()
      await expect(page.getByRole('button', { name: 'BUSCAR', exact: true })).toBeDisabled()
      await page.getByLabel('Layer').selectOption({ label: LAYER_TITLE })
      await expect(page.getByRole('heading', { name: 'Filtragem Básica' })).toBeVisible()

      // Basic mode: two rules, generated logic R1 OU R2.
      await page.getByRole('button', { name: 'Adicionar Regra' }).click()
      await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Km' })
      await expect(rule(page, 1).getByLabel('Operação')).toHaveValue('eq')
      // Numbers offer every ordered operator; isnull takes no value.
      await rule(page, 1).getByLabel('Operação').selectOption('isnull')
      await expect(rule(page, 1).getByLabel('Valor')).toHaveCount(0)
      await rule(page, 1).getByLabel('Operação').selectOption('le')
      await rule(page, 1).getByLabel('Valor').fill('100')
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Adicionar Regra' }).click()
      await rule(page, 2).getByLabel('Campo').selectOption({ label: 'Sentido' })
      // Text fields offer eq, ne, like, isnull, isnotnull only.
      await expect(rule(page, 2).getByLabel('Operação').locator('option')).toHaveCount(5)
      await rule(page, 2).getByLabel('Valor').fill('Norte')
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('logic-says')).toHaveText(
        'A busca traz os registros que atendem a qualquer uma das regras (R1 OU R2).',
      )

      // By hand: R2 out of the logic is flagged, and dropped at BUSCAR.
      await page.getByLabel('Gerar automaticamente').uncheck()
      await page.getByLabel('Retirar a regra 2 da lógica').click()
      await expect(
        page.getByText(
          'Algumas regras não estão inclusas na logica. Estas regras serão excluidas assim que efetuar a Busca.',
        ),
      ).toBeVisible()
      await expect(rule(page, 2).getByText('Esta regra não está associada à lógica.')).toBeVisible()
      await snap(page, 'search-filter-basic')

      const basic = {
        type: 'group',
        operator: 'or',
        rules: [{ type: 'rule', field: 'km', operator: 'le', value: 100 }],
      }
      const expected = await apiSearch(request, token, basic)
      expect(expected.rowCount).toBeGreaterThan(20)
      await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
      await expect(
        page.getByRole('tab', { name: `RESULTADOS (${expected.rowCount})` }),
      ).toHaveAttribute('aria-selected', 'true')
      const table = page.getByRole('table')
      await expect(table.locator('tbody tr')).toHaveCount(20)
      await expect(page.getByText(`1-20 de ${expected.rowCount}`)).toBeVisible()

      // Paging: 10 a page, then the second page.
      await page.getByRole('combobox', { name: 'Linhas por página' }).click()
      await page.getByRole('option', { name: '10', exact: true }).click()
      await expect(table.locator('tbody tr')).toHaveCount(10)
      await page.getByRole('button', { name: 'Próxima página' }).click()
      await expect(page.getByText(`11-20 de ${expected.rowCount}`)).toBeVisible()

      // Sorting: Km ascending, then descending; the first row is the server's.
      await page.getByRole('button', { name: 'Km', exact: true }).click()
      await expect(page.getByText(`1-10 de ${expected.rowCount}`)).toBeVisible()
      const lowest = await apiSearch(request, token, basic, 'limit=1&sort=km&order=asc')
      await expect(table.locator('tbody tr').first().getByRole('button')).toHaveText(
        String(lowest.results[0]!.id),
      )
      await page.getByRole('button', { name: 'Km', exact: true }).click()
      const highest = await apiSearch(request, token, basic, 'limit=1&sort=-km')
      await expect(table.locator('tbody tr').first().getByRole('button')).toHaveText(
        String(highest.results[0]!.id),
      )

      // Selection: two rows, then the export carries exactly those.
      const first = String(highest.results[0]!.id)
      await page.getByLabel(`Selecionar o registro ${first}`).check()
      await table.locator('tbody tr').nth(1).getByRole('checkbox').check()
      await expect(page.getByRole('button', { name: '2 selecionado(s)' })).toBeEnabled()
      await snap(page, 'search-results')

      const second = await table.locator('tbody tr').nth(1).getByRole('button').first().innerText()
      // Km moved to the first column with the dialog's arrows.
      const xlsx = await exportAs(page, 'xlsx', async (dialog) => {
        const up = dialog.getByRole('button', { name: 'Mover Km para cima' })
        while (await up.isEnabled()) await up.click()
        await expect(dialog.getByText('As colunas saem na ordem da lista.')).toBeVisible()
        await snap(page, 'search-export-dialog')
      })
      expect(path.extname(xlsx)).toBe('.xlsx')
      expect(statSync(xlsx).size).toBeGreaterThan(0)
      expect(ogrCount(xlsx)).toBe(2)
      // The sheet: the fields' titles, then exactly the two selected rows in the table's order.
      const sheet = await xlsxRows(xlsx)
      expect(sheet).toHaveLength(3)
      expect(sheet[0]).toEqual(expect.arrayContaining(['Id', 'Km', 'Sentido']))
      expect(sheet[0]![0]).toBe('Km')
      const idColumn = sheet[0]!.indexOf('Id')
      expect(sheet.slice(1).map((r) => r[idColumn])).toEqual([first, second])

      // Without a selection the export is the whole filtered search, as a zipped shapefile.
      await page.getByRole('button', { name: '2 selecionado(s)' }).click()
      await expect(page.getByRole('button', { name: '0 selecionado(s)' })).toBeDisabled()
      const shp = await exportAs(page, 'ogr/shapefile')
      expect(path.extname(shp)).toBe('.zip')
      expect(ogrCount(`/vsizip/${shp}`)).toBe(expected.rowCount)
      const shpInfo = execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${shp}`], {
        encoding: 'utf8',
      })
      expect(shpInfo).toContain("using driver `ESRI Shapefile'")
      expect(shpInfo).toMatch(/^km: Real/m)

      // Advanced mode: Km <= 100 AND (Sentido = Norte OR Sentido = Sul).
      await page.getByRole('tab', { name: 'FILTROS' }).click()
      await page.getByRole('button', { name: 'Alterar Modo' }).click()
      await expect(page.getByRole('heading', { name: 'Filtragem Avançada' })).toBeVisible()
      const root = page.locator('[data-depth="0"]')
      await root.getByRole('button', { name: 'E', exact: true }).first().click()
      await root.getByRole('button', { name: 'Adicionar Grupo' }).first().click()
      const inner = page.locator('[data-depth="1"]')
      await inner.getByRole('button', { name: 'OU', exact: true }).click()
      await inner.getByRole('button', { name: 'Adicionar Regra' }).click()
      await inner.getByRole('button', { name: 'Adicionar Regra' }).click()
      await rule(page, 2).getByLabel('Campo').selectOption({ label: 'Sentido' })
      await rule(page, 2).getByLabel('Valor').fill('Norte')
      await page.keyboard.press('Escape')
      await rule(page, 3).getByLabel('Campo').selectOption({ label: 'Sentido' })
      await rule(page, 3).getByLabel('Valor').fill('Sul')
      await page.keyboard.press('Escape')
      await snap(page, 'search-filter-advanced')
      const advanced = {
        type: 'group',
        operator: 'and',
        rules: [
          { type: 'rule', field: 'km', operator: 'le', value: 100 },
          {
            type: 'group',
            operator: 'or',
            rules: [
              { type: 'rule', field: 'sentido', operator: 'eq', value: 'Norte' },
              { type: 'rule', field: 'sentido', operator: 'eq', value: 'Sul' },
            ],
          },
        ],
      }
      const narrowed = await apiSearch(request, token, advanced)
      expect(narrowed.rowCount).toBeGreaterThan(0)
      expect(narrowed.rowCount).toBeLessThanOrEqual(expected.rowCount)
      await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
      await expect(
        page.getByRole('tab', { name: `RESULTADOS (${narrowed.rowCount})` }),
      ).toBeVisible()

      // The mode is kept in local storage.
      expect(await page.evaluate(() => localStorage.getItem('gis.filterBuilder.mode'))).toBe(
        'advanced',
      )

      // VER NO MAPA without a selection: every match of the search, not only the page shown.
      const matches = await request.post(`${baseUrl()}/api/features/${LAYER}/geometries/search`, {
        headers: { authorization: token },
        data: { query: advanced },
      })
      const matched = ((await matches.json()) as unknown[]).length
      expect(matched).toBeGreaterThan(10)
      await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(10)
      await page.getByRole('button', { name: 'VER NO MAPA' }).click()
      await expect(page).toHaveURL(/\/\?.*l=[^&]*marcos_km/)
      // Every match selected (the badge) and listed in the drawer, which opens by itself.
      await expect(page.getByTestId('tool-selection')).toContainText(String(matched))
      const drawer = page.getByRole('complementary', { name: 'Feições selecionadas' })
      await expect(drawer.getByText(featureCount(matched), { exact: true })).toBeVisible()
      await snap(page, 'search-map-all-matches')
      await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
      await expect(
        page.getByRole('tab', { name: `RESULTADOS (${narrowed.rowCount})` }),
      ).toBeVisible()

      // VER NO MAPA: the selected feature on the map page, highlighted and fitted.
      await page.getByRole('table').locator('tbody tr').first().getByRole('checkbox').check()
      await page.getByRole('button', { name: 'VER NO MAPA' }).click()
      // The map fits the feature and shows its layer.
      await expect(page).toHaveURL(/\/\?.*l=[^&]*marcos_km/)
      await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()

      // The window and its results come back in the workspace.
      await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
      await expect(
        page.getByRole('tab', { name: `RESULTADOS (${narrowed.rowCount})` }),
      ).toBeVisible()
      await expect(page.getByRole('button', { name: '1 selecionado(s)' })).toBeVisible()
      await snap(page, 'search-results-restored')

      // INFORMAÇÕES: the feature window on the selection (one feature opens on DADOS).
      await page.getByRole('button', { name: 'INFORMAÇÕES', exact: true }).click()
      await expect(page.getByRole('tab', { name: 'DADOS', exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      await page.getByRole('tab', { name: /^BUSCAR/ }).click()
      await page.setViewportSize(PHONE)
      await snap(page, 'search-results-phone')
    },
  )

  test('an export and a report of the same search hold the same rows; deleted ones only when asked, flagged', async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(120_000))
    const token = await resetWorkspaceOf(request, ADMIN)
    // The server's rows of the search, deleted ones included (marked), and the live ones.
    const all = await oaeSearch(request, token, PONTE)
    const live = await oaeSearch(request, token, {
      ...PONTE,
      rules: [...PONTE.rules, { type: 'rule', field: 'd_e_l_e_t_', operator: 'eq', value: false }],
    })
    const deleted = all.results.filter((r) => r.d_e_l_e_t_).map((r) => String(r.codigo))
    expect(deleted.length).toBeGreaterThan(0)
    expect(live.rowCount).toBe(all.rowCount - deleted.length)

    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openSearch(page)
    await searchPontes(page, all.rowCount)
    await expect(page.getByText('(Excluído)').first()).toBeVisible()

    // By default the deleted features stay out, and the dialog counts what goes out.
    const xlsx = await exportAs(page, 'xlsx', async (dialog) => {
      await expect(dialog.getByTestId('export-scope')).toHaveText(
        `Serão exportados ${live.rowCount} registros, que atendem à regra Tipo igual a ponte.`,
      )
      await expect(dialog.getByLabel('Incluir feições excluídas')).not.toBeChecked()
      await snap(page, 'search-export-dialog-deleted')
      await page.setViewportSize(PHONE)
      await snap(page, 'search-export-dialog-phone')
      await page.setViewportSize(DESKTOP)
    })
    const sheet = await xlsxRows(xlsx)
    expect(sheet[0]).not.toContain('Excluído?')
    const code = sheet[0]!.indexOf('Código')
    const exported = sheet.slice(1).map((r) => r[code]!)
    expect(exported.sort()).toEqual(live.results.map((r) => String(r.codigo)).sort())

    // Asked for: every row, the deleted ones marked 'Sim' in 'Excluído?'.
    const withDeleted = await exportAs(page, 'csv', async (dialog) => {
      await dialog.getByLabel('Incluir feições excluídas').check()
      await expect(dialog.getByTestId('export-scope')).toHaveText(
        `Serão exportados ${all.rowCount} registros, que atendem à regra Tipo igual a ponte.`,
      )
    })
    const lines = readFileSync(withDeleted, 'utf8').replace('\ufeff', '').trim().split('\r\n')
    const header = lines[0]!.split(';')
    expect(header.at(-1)).toBe('d_e_l_e_t_')
    const rows = lines.slice(1).map((l) => l.split(';'))
    expect(rows).toHaveLength(all.rowCount)
    const codeAt = header.indexOf('codigo')
    expect(rows.filter((r) => r.at(-1) === 'Sim').map((r) => r[codeAt])).toEqual(deleted)

    // A report of the same search, from the reports window: the same bridges.
    await openReports(page)
    const main = page.getByRole('region', { name: 'Modelos de relatório' })
    await main.getByRole('button', { name: 'Obras de Arte', exact: true }).click()
    await main.getByRole('button', { name: 'Lista de Obras de Arte' }).click()
    const dialog = page.getByRole('dialog', { name: 'Gerando Relatório' })
    await dialog.getByLabel('Layer').selectOption({ label: OAE_TITLE })
    await dialog.getByRole('button', { name: 'Adicionar Regra' }).click()
    const tipo = dialog.getByRole('group', { name: 'Regra 1' })
    await tipo.getByLabel('Campo').selectOption({ label: 'Tipo' })
    await tipo.getByLabel('Valor').fill('ponte')
    await page.keyboard.press('Escape')
    const downloading = page.waitForEvent('download', { timeout: budget(60_000) })
    await dialog.getByRole('button', { name: 'Iniciar' }).click()
    const report = await saved(await downloading)
    const reported = (await xlsxRows(report)).flat().filter((v) => /^OAE-/.test(v))
    expect(reported.sort()).toEqual(exported)
  })

  test("the regulator's KMZ of 2 selected rows holds 2 placemarks with the chosen fields", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const settings = await moduleSettings(request, token)
    await settings.set([...settings.modules, 'artespKmz'])
    try {
      await resetWorkspace(request, token)
      const all = await oaeSearch(request, token, PONTE)
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await openSearch(page)
      await searchPontes(page, all.rowCount)
      // Two live bridges ticked.
      const ids = all.results
        .filter((r) => !r.d_e_l_e_t_)
        .slice(0, 2)
        .map((r) => String(r.id))
      for (const id of ids) {
        await page.getByLabel(`Selecionar o registro ${id}`, { exact: true }).check()
      }
      await expect(page.getByRole('button', { name: '2 selecionado(s)' })).toBeEnabled()

      await page.getByRole('button', { name: 'EXPORTAR', exact: true }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Exportar relatório' })
      await expect(dialog.getByText('Serão exportados os 2 registros selecionados.')).toBeVisible()
      await dialog.getByLabel('Formato').selectOption('kmz')
      // Only Código and Tipo.
      await dialog.getByRole('button', { name: 'Desmarcar todos' }).click()
      await dialog.getByLabel('Código', { exact: true }).check()
      await dialog.getByLabel('Tipo', { exact: true }).check()
      await expect(dialog.getByLabel('Incluir feições excluídas')).toHaveCount(0)
      await dialog.getByRole('button', { name: 'EXPORTAR' }).click()
      const kmz = page.getByRole('dialog', { name: 'Exportar itens para KMZ Padrão ARTESP' })
      await expect(kmz.getByLabel(OAE_TITLE)).toBeChecked()
      await expect(kmz.getByText(/saem os registros e os atributos escolhidos/)).toBeVisible()
      await snap(page, 'search-kmz-dialog')
      await page.setViewportSize(PHONE)
      await snap(page, 'search-kmz-dialog-phone')
      await page.setViewportSize(DESKTOP)
      const downloading = page.waitForEvent('download')
      await kmz.getByRole('button', { name: 'EXPORTAR' }).click()
      const file = await saved(await downloading)
      expect(path.extname(file)).toBe('.kmz')
      // One doc.kml: one folder, the 2 placemarks, each with only the chosen fields.
      expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim()).toBe('doc.kml')
      const doc = execFileSync('unzip', ['-p', file, 'doc.kml'], { encoding: 'utf8' })
      expect(doc.match(/<Folder>/g)).toHaveLength(1)
      const placemarks = doc.match(/<Placemark>.*?<\/Placemark>/g) ?? []
      expect(placemarks).toHaveLength(2)
      const codes = all.results
        .filter((r) => ids.includes(String(r.id)))
        .map((r) => String(r.codigo))
        .sort()
      expect(codes).toHaveLength(2)
      const data = placemarks.map((p) =>
        [...p.matchAll(/<SimpleData name="([^"]+)">([^<]*)<\/SimpleData>/g)].map((m) => [
          m[1],
          m[2],
        ]),
      )
      expect(data.map((d) => d.map(([name]) => name))).toEqual([
        ['codigo', 'tipo'],
        ['codigo', 'tipo'],
      ])
      expect(data.map((d) => d[0]![1]).sort()).toEqual(codes)
      expect(data.every((d) => d[1]![1] === 'ponte')).toBe(true)
    } finally {
      await settings.restore()
    }
  })

  test(
    'a filter the server refuses says why in Portuguese',
    { tag: '@db' },
    async ({ page, request }) => {
      await signInFresh(page, request, ADMIN)
      await openSearch(page)
      await page.getByLabel('Layer').selectOption({ label: LAYER_TITLE })
      await page.getByRole('button', { name: 'Adicionar Regra' }).click()
      await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Km' })
      // The browser refuses a value that is no number before asking the server…
      await rule(page, 1).getByLabel('Valor').fill('doze')
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
      await expect(rule(page, 1).getByText(/^Número inválido/)).toBeVisible()
      // …so the server's refusal is met with a request changed on its way (as a client
      // of the API, or an older saved window, would send it): the server says why.
      await page.route('**/api/features/*/search?**', (route) =>
        route.continue({
          postData: route.request().postData()?.replace('"value":12', '"value":"doze"'),
        }),
      )
      await rule(page, 1).getByLabel('Valor').fill('12')
      await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
      await expect(page.getByRole('alert').filter({ hasText: /km/i })).toBeVisible()
      await snap(page, 'search-refused')
      await expect(page.getByText('Nenhum resultado para exibir.')).toBeVisible()
    },
  )

  test("developer mode: 'Validar' shows the filter's SQL", async ({ page, request }) => {
    await signInFresh(page, request, ADMIN)
    await openSearch(page)
    await page.getByLabel('Layer').selectOption({ label: LAYER_TITLE })
    await expect(page.getByRole('button', { name: 'Validar' })).toHaveCount(0)
    await page.evaluate(() => localStorage.setItem('gis.developer', 'true'))
    await page.reload()
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Sentido' })
    await rule(page, 1).getByLabel('Operação').selectOption('like')
    await rule(page, 1).getByLabel('Valor').fill("N'o%")
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Validar' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cláusula SQL da consulta' })
    await expect(dialog.getByTestId('filter-sql')).toContainText('ILIKE')
    await expect(dialog.getByTestId('filter-sql')).toContainText("'N''o%'")
    await page.evaluate(() => localStorage.removeItem('gis.developer'))
  })
})

test.describe('search in an English-language browser', () => {
  test.use({ locale: 'en-US' })

  test('numbers typed 11,5 and 1.234,56 and a date dd/mm/aaaa filter as 11.5, 1234.56 and ISO; 11.5 is refused', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, ADMIN)
    await openSearchAsNew(page)
    await page
      .getByLabel('Layer')
      .selectOption({ label: 'Obras de arte especiais (pontes e viadutos)' })
    const searches: unknown[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/features\/oae\/search\?/.test(r.url()))
        searches.push(r.postDataJSON())
    })

    // Largura (m) >= 11.5: a dot is not a decimal point; the rule says so, nothing is asked.
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Largura (m)' })
    await rule(page, 1).getByLabel('Operação').selectOption('ge')
    const width = rule(page, 1).getByLabel('Valor')
    await width.fill('11.5')
    await page.keyboard.press('Escape')
    const badNumber = 'Número inválido: use vírgula para os decimais (ex.: 1.234,5)'
    await expect(rule(page, 1).getByText(badNumber)).toBeVisible()
    await expect(width).toHaveValue('11.5')
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(
      page.getByText('Corrija os valores marcados nas regras: a consulta não foi feita'),
    ).toBeVisible()
    await expect(page.getByRole('tab', { name: 'FILTROS' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await snap(page, 'search-filter-br-error')
    await page.setViewportSize(PHONE)
    await snap(page, 'search-filter-br-error-phone')
    await page.setViewportSize(DESKTOP)
    await width.fill('11,5')
    await page.keyboard.press('Escape')
    await expect(rule(page, 1).getByText(badNumber)).toHaveCount(0)

    // OR Km < 1.234,56 (every bridge: the road's km are below it) ... and a date typed
    // dd/mm/aaaa: Última inspeção >= 01/06/2024.
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 2).getByLabel('Campo').selectOption({ label: 'Km' })
    await rule(page, 2).getByLabel('Operação').selectOption('lt')
    await rule(page, 2).getByLabel('Valor').fill('1.234,56')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 3).getByLabel('Campo').selectOption({ label: 'Última inspeção' })
    await rule(page, 3).getByLabel('Operação').selectOption('ge')
    const since = rule(page, 3).getByLabel('Valor')
    await expect(since).toHaveAttribute('placeholder', 'dd/mm/aaaa')
    await since.fill('2024-06-01')
    await expect(rule(page, 3).getByText('Data inválida (use dd/mm/aaaa)')).toBeVisible()
    await since.fill('01/06/2024')
    await expect(rule(page, 3).getByText('Data inválida (use dd/mm/aaaa)')).toHaveCount(0)
    await snap(page, 'search-filter-br-values')
    expect(searches).toHaveLength(0)

    // Each rule alone, as the window sends it: the count is the server's for those values.
    const count = async (rules: unknown[]) => {
      const filter = { type: 'group', operator: 'or', rules }
      return (await apiSearch(request, token, filter, 'limit=1', 'oae')).rowCount
    }
    const wide = { type: 'rule', field: 'largura', operator: 'ge', value: 11.5 }
    const near = { type: 'rule', field: 'km', operator: 'lt', value: 1234.56 }
    const recent = { type: 'rule', field: 'ultima_inspecao', operator: 'ge', value: '2024-06-01' }
    const total = await count([wide, near, recent])
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByRole('tab', { name: `RESULTADOS (${total})` })).toBeVisible()
    expect(searches).toHaveLength(1)
    const sent = (searches[0] as { filter: { rules: { value: unknown }[] } }).filter
    expect(sent.rules.map((r) => r.value)).toEqual([11.5, 1234.56, '2024-06-01'])

    // The width rule alone narrows the rows (so 11,5 was not read as 115).
    await page.getByRole('tab', { name: 'FILTROS' }).click()
    await page.getByLabel('Remover a regra 3').click()
    await page.getByLabel('Remover a regra 2').click()
    const wideOnly = await count([wide])
    expect(wideOnly).toBeGreaterThan(0)
    expect(wideOnly).toBeLessThan(await count([{ ...wide, value: 0 }]))
    expect(await count([{ ...wide, value: 115 }])).toBe(0)
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByRole('tab', { name: `RESULTADOS (${wideOnly})` })).toBeVisible()
    // Shown the Brazilian way too: the table's widths have a decimal comma.
    await expect(page.getByRole('table').locator('tbody')).toContainText(/\d,\d/)
  })
})
