import type { Page } from '@playwright/test'
import { ADMIN, DEMO, DESKTOP, PHONE, baseUrl, expect, test } from '../fixtures'
import { snap } from '../steps/pictures'
import {
  apiToken,
  resetWorkspace,
  resetWorkspaceOf,
  saveWorkspace,
  signIn,
  signInFresh,
} from '../steps/session'
import { openTool, openTools, openToolWindow } from '../steps/tools'

const LAYER = 'oae'
const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'
/** A bridge no other browser test edits. */
const BRIDGE = 44

const rule = (page: Page, n: number) => page.getByRole('group', { name: `Regra ${n}` })

test.describe('auditor', () => {
  test('an administrator finds an edit by layer and feature, and expands it into the changed attribute', async ({
    page,
    request,
  }) => {
    const token = await resetWorkspaceOf(request, ADMIN)
    const headers = { authorization: token }
    // The edit to find: the bridge's width, to a value no earlier run left.
    const loaded = await request.get(`${baseUrl()}/api/features/${LAYER}/${BRIDGE}`, { headers })
    expect(loaded.status()).toBe(200)
    const feature = (await loaded.json()) as {
      version: string
      attributes: { largura: number | null }
    }
    // Two edits, so that the order of the results shows.
    const start = feature.attributes.largura ?? 10
    const width = Math.round((start + 1) * 10) / 10
    let version = feature.version
    for (const largura of [Math.round((start + 0.5) * 10) / 10, width]) {
      const saved = await request.put(`${baseUrl()}/api/features/${LAYER}/${BRIDGE}`, {
        headers,
        data: { version, attributes: { largura } },
      })
      expect(saved.status()).toBe(200)
      version = ((await saved.json()) as { version: string }).version
    }
    const filter = {
      type: 'group',
      operator: 'and',
      rules: [
        { type: 'rule', field: 'table', operator: 'eq', value: LAYER },
        { type: 'rule', field: 'rowId', operator: 'eq', value: BRIDGE },
      ],
    }
    const expected = await request.post(`${baseUrl()}/api/audit/search?limit=1`, {
      headers,
      data: { filter },
    })
    const { rowCount, results } = (await expected.json()) as {
      rowCount: number
      results: { id: number }[]
    }
    expect(rowCount).toBeGreaterThan(1)

    await page.setViewportSize(DESKTOP)
    await page.addInitScript(() => {
      window.localStorage.removeItem('gis.filterBuilder.mode')
      window.localStorage.removeItem('gis.filterBuilder.autoGenerate')
    })
    await signIn(page, ADMIN)
    await openToolWindow(page, 'AUDITOR')
    await expect(page.getByRole('tab', { name: 'FILTROS' })).toHaveAttribute(
      'aria-selected',
      'true',
    )

    // Two rules: the layer (picked by its title) and the feature, joined by E.
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Layer' })
    // A layer compares only by = and <>.
    await expect(rule(page, 1).getByLabel('Operação').locator('option')).toHaveCount(2)
    await rule(page, 1).getByLabel('Valor').selectOption({ label: LAYER_TITLE })
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 2).getByLabel('Campo').selectOption({ label: 'Id da feição' })
    await rule(page, 2).getByLabel('Valor').fill(String(BRIDGE))
    await page.keyboard.press('Escape')
    await page.getByLabel('Gerar automaticamente').uncheck()
    await page.getByRole('button', { name: 'E', exact: true }).first().click()
    await expect(page.getByRole('button', { name: 'E', exact: true }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await snap(page, 'audit-filters')

    // BUSCAR switches to RESULTADOS, with the server's count; newest first.
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByRole('tab', { name: `RESULTADOS (${rowCount})` })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const table = page.getByRole('table', { name: 'Auditoria de alterações' })
    const newest = table.locator(`tr[data-audit-id="${results[0]!.id}"]`)
    await expect(table.locator('tbody tr[data-audit-id]').first()).toHaveAttribute(
      'data-audit-id',
      String(results[0]!.id),
    )
    await expect(newest).toContainText('Atualização')
    await expect(newest).toContainText(LAYER_TITLE)
    await expect(newest).toContainText('admin')
    await expect(page.getByRole('combobox', { name: 'Linhas por página' })).toHaveText('20')

    // Expanding the row shows the changed attribute: before → after.
    await page.getByLabel(`Ver alterações do registro ${results[0]!.id}`).click()
    const changes = page.getByRole('list', { name: `Alterações do registro ${results[0]!.id}` })
    const change = changes.locator('[data-field="largura"]')
    await expect(change).toContainText('Largura (m):')
    await expect(change.getByLabel('Depois')).toHaveText(String(width).replace('.', ','))
    await snap(page, 'audit-results')

    // Sorting by the timestamp toggles to the oldest first.
    await page.getByRole('button', { name: 'Data e hora', exact: true }).click()
    const oldest = await request.post(`${baseUrl()}/api/audit/search?limit=1&sort=timestamp`, {
      headers,
      data: { filter },
    })
    const first = ((await oldest.json()) as { results: { id: number }[] }).results[0]!.id
    expect(first).not.toBe(results[0]!.id)
    await expect(table.locator('tbody tr[data-audit-id]').first()).toHaveAttribute(
      'data-audit-id',
      String(first),
    )

    // The window keeps its filter, results and tab through F5.
    await page.reload()
    await expect(page.getByRole('tab', { name: `RESULTADOS (${rowCount})` })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.getByRole('tab', { name: 'FILTROS' }).click()
    await expect(rule(page, 2).getByLabel('Valor')).toHaveValue(String(BRIDGE))

    // On a phone the table scrolls sideways inside the window.
    await page.setViewportSize(PHONE)
    await page.getByRole('tab', { name: `RESULTADOS (${rowCount})` }).click()
    await page.getByLabel(`Ver alterações do registro ${results[0]!.id}`).click()
    await expect(page.locator('[data-field="largura"]')).toBeVisible()
    await snap(page, 'audit-results-phone')
  })

  test('a filter matching nothing says so; a refused one shows the toast', async ({
    page,
    request,
  }) => {
    await signInFresh(page, request, ADMIN)
    await openTool(page, 'AUDITOR')
    await page.getByRole('button', { name: 'Adicionar Regra' }).click()
    await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Usuário' })
    await rule(page, 1).getByLabel('Valor').fill('ninguém-com-este-nome')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByRole('tab', { name: 'RESULTADOS (0)' })).toBeVisible()
    await expect(page.getByText('Nenhum resultado para exibir.')).toBeVisible()

    // An action rule left without a value: the server refuses it.
    await page.getByRole('tab', { name: 'FILTROS' }).click()
    await rule(page, 1).getByLabel('Campo').selectOption({ label: 'Ação' })
    await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
    await expect(page.getByText('Erro ao carregar dados da consulta!')).toBeVisible()
    await expect(
      page.getByText('Valor inválido para o campo action: use um destes valores: I, U, D'),
    ).toBeVisible()
  })

  test('an ordinary user has no AUDITOR, and a saved auditor window says it is for administrators', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    await saveWorkspace(request, token, [
      { id: 'w1', type: 'Auditor', title: 'Auditor', props: {} },
    ])
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO)
    await openTools(page)
    await expect(page.getByRole('menuitem', { name: 'BUSCAR' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'AUDITOR' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
    await expect(page.getByText('Apenas administradores podem acessar esta função!')).toBeVisible()
    await snap(page, 'audit-not-admin')
    await resetWorkspace(request, token)
  })
})
