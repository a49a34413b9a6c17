import type { Page } from '@playwright/test'
import { expect } from '../fixtures'

/** Opens the top bar's FERRAMENTAS menu. */
export async function openTools(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'FERRAMENTAS' }).click()
}

/** Chooses an item of the FERRAMENTAS menu (CRIAR FEIÇÃO, AUDITOR, …). */
export async function openTool(page: Page, item: string): Promise<void> {
  await openTools(page)
  await page.getByRole('menuitem', { name: item }).click()
}

/** Opens a window from the FERRAMENTAS menu (BUSCAR, RELATÓRIO, …): it opens in the workspace. */
export async function openToolWindow(page: Page, item: string): Promise<void> {
  await openTool(page, item)
  await expect(page).toHaveURL(/\/workspace$/)
}

/** Opens a window from the control panel's ABRIR button: it opens in the workspace. */
export async function openFromDashboard(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
  await page.getByRole('button', { name: `ABRIR ${title}` }).click()
  await expect(page).toHaveURL(/\/workspace$/)
}

/** Opens the search window (BUSCAR) and waits for it in front. */
export async function openSearch(page: Page): Promise<void> {
  await openToolWindow(page, 'BUSCAR')
  await expect(page.getByRole('tab', { name: /^BUSCAR/ })).toHaveAttribute('aria-selected', 'true')
}

/** Opens the reports window (RELATÓRIO) and waits for its list. */
export async function openReports(page: Page): Promise<void> {
  await openToolWindow(page, 'RELATÓRIO')
  await expect(page.getByRole('heading', { name: 'Relatórios' })).toBeVisible()
}
