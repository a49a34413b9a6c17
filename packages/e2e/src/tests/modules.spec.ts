import type { Page } from '@playwright/test'
import { KNOWN_MODULES } from '@gis/shared'
import { ADMIN, DEMO, expect, holdRequests, test } from '../fixtures'
import { mapRendered } from '../steps/map'
import { snap } from '../steps/pictures'
import { openUserMenu, signIn } from '../steps/session'

/** Answers /api/config with these modules switched on, as a server configured so would. */
async function withModules(page: Page, modules: string[]): Promise<void> {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch()
    const config = (await response.json()) as Record<string, unknown>
    await route.fulfill({ response, json: { ...config, modules } })
  })
}

const ALL_MODULES = [...KNOWN_MODULES]

/**
 * Holds the code of the module pages and of the control panel back until released, so their
 * loading text can be seen. Each screen is its own chunk, named after its file
 * (app/screens/ModulePages.tsx, DashboardScreen.tsx), and nothing before the click imports
 * it; a shared chunk they import may already be loaded and cannot be the one held.
 */
const holdModuleCode = (page: Page) =>
  holdRequests(page, '**/assets/{ModulePages,DashboardScreen}-*.js')

test.describe('modules', () => {
  test('configured modules get their top-bar items and load on demand', async ({ page }) => {
    await withModules(page, ['documents', 'orbit', 'oaeInspections'])
    await signIn(page, DEMO)
    const nav = page.getByRole('navigation')
    await expect(nav.getByRole('link', { name: 'DOCUMENTOS' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'IMAGEM 360º' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'MONITORAMENTO' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'PAINEL DE CONTROLE' })).toHaveCount(0)

    const release = await holdModuleCode(page)
    await nav.getByRole('link', { name: 'IMAGEM 360º' }).click()
    await expect(page.getByText('Carregando módulo 360...')).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: 'Imagem 360º' })).toBeVisible()
    // The 360 page's map settled first: headless Chromium has been seen (beside stress-ng) to
    // drop a navigation started while that map's requests were in flight, as access.spec notes.
    await mapRendered(page)
    await nav.getByRole('link', { name: 'DOCUMENTOS' }).click()
    await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible()
    await nav.getByRole('link', { name: 'MONITORAMENTO' }).click()
    await expect(page.getByRole('heading', { name: 'Monitoramento' })).toBeVisible()
  })

  test('the top bar keeps one line with every module on; the control panel loads with its own text; logout says it is leaving', async ({
    page,
  }) => {
    await withModules(page, ALL_MODULES)
    await signIn(page, ADMIN)
    await snap(page, 'map-desktop')
    // 1280 px: every item on one line, the user's name left to the menu.
    const nav = page.getByRole('navigation')
    await expect(nav.getByRole('link', { name: 'MONITORAMENTO' })).toBeVisible()
    // The lines each item's label takes (a label's text rectangles at one height: one line).
    const lines = await nav.evaluate((el) =>
      Array.from(el.querySelectorAll('a, button'), (item) => {
        const tops = new Set<number>()
        const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange()
          range.selectNodeContents(node)
          for (const r of Array.from(range.getClientRects())) tops.add(Math.round(r.top))
        }
        return tops.size
      }),
    )
    expect(lines).toHaveLength(7)
    expect(lines).toEqual([1, 1, 1, 1, 1, 1, 1])
    expect((await page.getByRole('banner').boundingBox())?.height).toBe(48)
    // Narrower, the items move into the menu button instead of wrapping.
    await page.setViewportSize({ width: 1100, height: 800 })
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Menu de navegação' }).click()
    await expect(page.getByRole('menuitem', { name: 'MONITORAMENTO' })).toBeVisible()
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 1280, height: 800 })

    const release = await holdModuleCode(page)
    await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
    await expect(page.getByText('Carregando módulo painel de controle...')).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: 'Painel de controle' })).toBeVisible()
    await snap(page, 'dashboard-desktop')

    const releaseSave = await holdRequests(page, '**/api/users/workspace', 'POST')
    await openUserMenu(page)
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await expect(page.getByText('Saindo do sistema...')).toBeVisible()
    releaseSave()
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('gis.token'))).toBeNull()
  })
})
