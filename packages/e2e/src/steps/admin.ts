import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures'
import { budget } from '../slowdown'

/** Opens a tab of PAINEL DE CONTROLE (Usuários, Tabelas e campos, …). */
export async function openSection(page: Page, tab: string, exact = false): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
  // The control panel's code loads on demand: its first load waits for a busy machine.
  await expect(page.getByRole('heading', { name: 'Painel de controle' })).toBeVisible({
    timeout: budget(30_000),
  })
  await selectTab(page, tab, exact)
}

/**
 * Selects a tab of the control panel. Its tab row scrolls: a tab past the row's arrow has been
 * seen to take a click while the row scrolled and stay unselected, so the click is repeated
 * until the tab is the selected one.
 */
export async function selectTab(page: Page, tab: string, exact = false): Promise<void> {
  const button = page.getByRole('tab', { name: tab, exact })
  await expect(async () => {
    if ((await button.getAttribute('aria-selected')) !== 'true') await button.click()
    await expect(button).toHaveAttribute('aria-selected', 'true', { timeout: budget(3_000) })
  }).toPass({ timeout: budget(20_000) })
}

/**
 * In the Nova tabela dialog: NOVO CAMPO, its name and type (the default type if none). Returns
 * the Novo campo dialog, for the test to confirm or to check what it refuses.
 */
export async function newField(
  page: Page,
  tableDialog: Locator,
  name: string,
  type?: string,
): Promise<Locator> {
  await tableDialog.getByRole('button', { name: 'NOVO CAMPO' }).click()
  const nested = page.getByRole('dialog', { name: 'Novo campo' })
  await nested.getByLabel('Nome').fill(name)
  if (type) {
    await nested.getByLabel('Tipo').click()
    await page.getByRole('option', { name: type, exact: true }).click()
  }
  return nested
}
