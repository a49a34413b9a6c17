import type { Page } from '@playwright/test'
import { ADMIN, DEMO, PHONE, expect, test } from '../fixtures'
import { apiToken, signIn, signOut } from '../steps/session'
import { mapRendered } from '../steps/map'
import { moduleSettings } from '../steps/settings'

test.describe('access rules', () => {
  test('an ordinary user sees no administrator item and is refused their routes', async ({
    page,
    request,
  }) => {
    // The demo switches the imagery modules on: off here, so that no module is on.
    const settings = await moduleSettings(request, await apiToken(request, ADMIN))
    await settings.set([])
    try {
      await refusedRoutes(page)
    } finally {
      await settings.restore()
    }
  })

  async function refusedRoutes(page: Page): Promise<void> {
    await signIn(page, DEMO)
    const nav = page.getByRole('navigation')
    await expect(nav.getByRole('link', { name: 'MAPA' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'ÁREA DE TRABALHO' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'PAINEL DE CONTROLE' })).toHaveCount(0)
    // Modules that the configuration does not list have no item and no route.
    await expect(nav.getByRole('link', { name: 'IMAGEM 360º' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'DOCUMENTOS' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'MONITORAMENTO' })).toHaveCount(0)

    for (const route of ['/dashboard', '/dashboard/syncqueue', '/dashboard/sync/7']) {
      await page.goto(route)
      await expect(page.getByTestId('error-code')).toHaveText('403')
      await expect(page.getByText('OPS... Algo de errado aconteceu aqui')).toBeVisible()
    }
    for (const route of ['/orbit', '/documents', '/inspection']) {
      await page.goto(route)
      await expect(page.getByTestId('error-code')).toHaveText('404')
    }
    // The server refuses the administrator API as well.
    const token = await page.evaluate(() => localStorage.getItem('gis.token'))
    const res = await page.request.get('/api/users', { headers: { authorization: token ?? '' } })
    expect(res.status()).toBe(403)
    await page.goto('/')
    await signOut(page)
    // After logout the session is gone: signed-in routes go back to /login.
    await page.goto('/workspace')
    await expect(page).toHaveURL(/\/login$/)
  }

  test('an administrator sees PAINEL DE CONTROLE and its page', async ({ page }) => {
    await signIn(page, ADMIN)
    await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
    await expect(page.getByRole('heading', { name: 'Painel de controle' })).toBeVisible()
    await page.goto('/dashboard/syncqueue')
    await expect(page.getByRole('heading', { name: 'Fila de sincronização' })).toBeVisible()
  })

  test('on a phone the top bar items collapse into a dropdown', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await signIn(page, ADMIN)
    await expect(page.getByRole('navigation').getByRole('link', { name: 'MAPA' })).toBeHidden()
    await page.getByRole('button', { name: 'Menu de navegação' }).click()
    await expect(page.getByRole('menuitem', { name: 'MAPA' })).toBeVisible()
    await page.getByRole('menuitem', { name: 'ÁREA DE TRABALHO' }).click()
    await expect(page).toHaveURL(/\/workspace$/)
    await page.getByRole('button', { name: 'Menu de navegação' }).click()
    await page.getByRole('menuitem', { name: 'PAINEL DE CONTROLE' }).click()
    await expect(page.getByRole('heading', { name: 'Painel de controle' })).toBeVisible()
    const bar = await page.getByRole('banner').boundingBox()
    expect(bar?.height).toBe(48)
  })

  test('a session revoked elsewhere sends the user back to /login', async ({ page }) => {
    await signIn(page, DEMO)
    // The map settled first: headless Chromium has been seen (here and on main before issue 44)
    // to hang a navigation started while the map's tile and base-layer requests were aborting.
    await mapRendered(page)
    const token = await page.evaluate(() => localStorage.getItem('gis.token'))
    const res = await page.request.post('/auth/logout', { headers: { authorization: token ?? '' } })
    expect(res.status()).toBe(200)
    // The next page the user opens finds the session gone. (Through the user menu this has
    // been seen to hang: after the revocation its clicks sometimes open nothing; see the note
    // of issue 28.) The navigation is not held for the page's load event, which a busy
    // machine was seen to delay past the navigation limit: the redirect is what is checked.
    await page.goto('/profile', { waitUntil: 'commit' })
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('gis.token'))).toBeNull()
  })
})
