import type { Page } from '@playwright/test'
import { ADMIN, DEMO, expect, signIn, snap, test, openUserMenu } from '../fixtures'

/** Answers /api/config with these modules switched on, as a server configured so would. */
async function withModules(page: Page, modules: string[]): Promise<void> {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch()
    const config = (await response.json()) as Record<string, unknown>
    await route.fulfill({ response, json: { ...config, modules } })
  })
}

/**
 * Holds the code of the module pages and of the control panel back a moment, so their loading
 * text can be seen (each is its own chunk; which shared chunks they import changes with the code).
 */
async function slowModuleCode(page: Page): Promise<void> {
  await page.route('**/assets/{modules,admin}-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1200))
    await route.continue()
  })
}

test.describe('modules', () => {
  test('configured modules get their top-bar items and load on demand', async ({ page }) => {
    await withModules(page, ['documents', 'orbit', 'oaeInspections'])
    await signIn(page, DEMO.username, DEMO.password)
    const nav = page.getByRole('navigation')
    await expect(nav.getByRole('link', { name: 'DOCUMENTOS' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'IMAGEM 360º' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'MONITORAMENTO' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'PAINEL DE CONTROLE' })).toHaveCount(0)

    await slowModuleCode(page)
    await nav.getByRole('link', { name: 'IMAGEM 360º' }).click()
    await expect(page.getByText('Carregando módulo 360...')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Imagem 360º' })).toBeVisible()
    await nav.getByRole('link', { name: 'DOCUMENTOS' }).click()
    await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible()
    await nav.getByRole('link', { name: 'MONITORAMENTO' }).click()
    await expect(page.getByRole('heading', { name: 'Monitoramento' })).toBeVisible()
  })

  test('the control panel loads with its own text; logout says it is leaving', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password)
    await snap(page, 'map-desktop')
    await slowModuleCode(page)
    await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
    await expect(page.getByText('Carregando módulo painel de controle...')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Painel de controle' })).toBeVisible()
    await snap(page, 'dashboard-desktop')

    await page.route('**/api/users/workspace', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1000))
      await route.continue()
    })
    await openUserMenu(page)
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await expect(page.getByText('Saindo do sistema...')).toBeVisible()
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('gis.token'))).toBeNull()
  })
})
