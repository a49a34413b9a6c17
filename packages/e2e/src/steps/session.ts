import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN, DESKTOP, baseUrl, expect, timed } from '../fixtures'
import { budget } from '../slowdown'

/** How long the first load of a signed-in page may take (a CI run saw 10 s pass). */
const FIRST_LOAD_MS = 30_000

/** Who signs in: one of the demo's accounts (fixtures.ts) or a user a test created. */
export interface Account {
  username: string
  password: string
}

/**
 * Signs in through the API, as the login screen would, keeps the session where the app keeps
 * it (local storage, spec section 9) and opens `path` directly: the map page is not loaded
 * first unless it is the page asked for. Waits for the top bar. Specs that test signing in
 * itself use `signInThroughScreen`.
 */
export async function signIn(page: Page, account: Account, pathname = '/'): Promise<void> {
  const { username, password } = account
  await timed('sign-in (API)', async () => {
    const res = await page.request.post(`${baseUrl()}/auth/login`, { data: { username, password } })
    expect(res.status(), `sign-in of ${username}`).toBe(200)
    const token = res.headers().authorization
    const user = await res.text()
    // Local storage belongs to the origin: a small same-origin page first, then the real one.
    await page.goto('/healthz')
    await page.evaluate(
      ([token, user]) => {
        window.localStorage.setItem('gis.token', token)
        window.localStorage.setItem('gis.user', user)
      },
      [token ?? '', user] as const,
    )
    await page.goto(pathname)
    // The first load of a page is the slowest step of a browser test on a busy two-core machine.
    if (pathname === '/' || pathname.startsWith('/?'))
      await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible({
        timeout: FIRST_LOAD_MS,
      })
    else await expect(page.getByRole('banner')).toBeVisible({ timeout: FIRST_LOAD_MS })
  })
}

/** Signs in through the login screen and waits for the map page. */
export async function signInThroughScreen(page: Page, account: Account): Promise<void> {
  const { username, password } = account
  await timed('sign-in (screen)', async () => {
    await page.goto('/login')
    await page.getByLabel('Usuário').fill(username)
    await page.getByLabel('Senha', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible({ timeout: FIRST_LOAD_MS })
  })
}

/**
 * Opens the user menu. Right after sign-in the map page may still be settling (its URL is
 * rewritten with the view), and a click in that instant has been seen to open nothing: the
 * click is repeated until the menu shows.
 */
export async function openUserMenu(page: Page): Promise<void> {
  const menu = page.getByRole('menu')
  const button = page.getByRole('button', { name: 'Menu do usuário' })
  await expect(async () => {
    // A second click while the menu opens would land on its backdrop and close it again.
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
    await expect(menu).toBeVisible({ timeout: budget(3_000) })
  }).toPass({ timeout: budget(20_000) })
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
}

/** The API token of a user (`Bearer …`), signing in through the API. */
export async function apiToken(request: APIRequestContext, account: Account): Promise<string> {
  const { username, password } = account
  const res = await request.post(`${baseUrl()}/auth/login`, { data: { username, password } })
  expect(res.status()).toBe(200)
  const token = res.headers().authorization
  if (!token) throw new Error(`no token for ${username}`)
  return token
}

/** Creates an active ordinary user through the administrator API. */
export async function createUser(
  request: APIRequestContext,
  user: { username: string; password: string; name: string },
): Promise<number> {
  const token = await apiToken(request, ADMIN)
  const res = await request.post(`${baseUrl()}/api/users`, {
    headers: { authorization: token },
    data: { ...user, email: `${user.username}@example.com`, sector: 'Testes', active: true },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/** A window as the workspace saves it (a test may save a broken one). */
export interface SavedWindow {
  id: string
  type: string
  title: string
  [field: string]: unknown
}

/**
 * Saves a user's workspace holding `windows`, as the screen would leave it: the next page load
 * opens them, `active` (the first unless said) in front.
 */
export async function saveWorkspace(
  request: APIRequestContext,
  token: string,
  windows: SavedWindow[],
  options: { active?: string | null; windowCounter?: number } = {},
): Promise<void> {
  const res = await request.post(`${baseUrl()}/api/users/workspace`, {
    headers: { authorization: token },
    data: {
      active: options.active === undefined ? (windows[0]?.id ?? null) : options.active,
      windowCounter: options.windowCounter ?? windows.length,
      windows,
    },
  })
  expect(res.ok(), 'workspace saved').toBe(true)
}

/** Empties a user's saved workspace (no windows), so a test starts from a known workspace. */
export async function resetWorkspace(request: APIRequestContext, token: string): Promise<void> {
  await saveWorkspace(request, token, [])
}

/** Empties an account's saved workspace, so a test starts from no windows; returns its API token. */
export async function resetWorkspaceOf(
  request: APIRequestContext,
  account: Account,
): Promise<string> {
  const token = await apiToken(request, account)
  await resetWorkspace(request, token)
  return token
}

/** Signs in at the desktop size from an empty saved workspace (no windows); returns the API token. */
export async function signInFresh(
  page: Page,
  request: APIRequestContext,
  account: Account,
): Promise<string> {
  const token = await resetWorkspaceOf(request, account)
  await page.setViewportSize(DESKTOP)
  await signIn(page, account)
  return token
}
