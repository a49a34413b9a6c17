import type { Page } from '@playwright/test'
import { ADMIN, DESKTOP, PHONE, expect, signIn, snap, test } from '../fixtures'

async function openFromDashboard(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
  await page.getByRole('button', { name: `ABRIR ${title}` }).click()
  await expect(page).toHaveURL(/\/workspace$/)
}

test.describe('administration windows', () => {
  test('the administrator cannot deactivate or demote their own account', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN.username, ADMIN.password)
    await openFromDashboard(page, 'Usuários')
    await page.getByLabel('Procurar usuário').fill('admin')
    const ownActive = page.getByRole('switch', { name: 'Conta de admin ativa' })
    const ownAdmin = page.getByRole('switch', { name: 'admin é administrador' })
    await expect(ownActive).toBeDisabled()
    await expect(ownAdmin).toBeDisabled()
    await expect(ownActive).toHaveAccessibleDescription(
      'Não é possível desativar o próprio usuário',
    )
    await expect(ownAdmin).toHaveAccessibleDescription(
      'Não é possível remover as próprias permissões de administrador',
    )
    // The reason shows on hover.
    await page.getByTestId('admin-locked').hover()
    await expect(page.getByRole('tooltip')).toHaveText(
      'Não é possível remover as próprias permissões de administrador',
    )
    await snap(page, 'users-self-locked-desktop')

    // Another user's switches stay enabled.
    await page.getByLabel('Procurar usuário').fill('demo')
    await expect(page.getByRole('switch', { name: 'Conta de demo ativa' })).toBeEnabled()
    await expect(page.getByRole('switch', { name: 'demo é administrador' })).toBeEnabled()
  })

  test('the sign-in list shows browser and system names, not user-agent strings', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN.username, ADMIN.password)
    await openFromDashboard(page, 'Acessos ao sistema')
    const panel = page.getByRole('tabpanel')
    await expect(panel.getByRole('columnheader', { name: 'Navegador' })).toBeVisible()
    await expect(panel.getByRole('columnheader', { name: 'Sistema' })).toBeVisible()
    // The newest record is this sign-in, from Chromium on Linux.
    const newest = panel.getByRole('row').nth(1)
    await expect(newest.getByRole('cell').nth(4)).toHaveText(/Chrom/)
    await expect(newest.getByRole('cell').nth(5)).toHaveText(/Linux/)
    await expect(panel.getByText('Mozilla/5.0')).toHaveCount(0)
    await snap(page, 'logins-desktop')
    await page.setViewportSize(PHONE)
    await snap(page, 'logins-phone')
  })
})
