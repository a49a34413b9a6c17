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
  await page.getByRole('tab', { name: tab, exact }).click()
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
