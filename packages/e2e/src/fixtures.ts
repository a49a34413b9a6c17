import { readdirSync, readFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test'

export { expect }

const here = path.dirname(fileURLToPath(import.meta.url))
export const SCREENSHOT_DIR = path.resolve(here, '../screenshots')

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

export const ADMIN = { username: 'admin', password: 'admin123', name: 'Administrador' }
export const DEMO = { username: 'demo', password: 'demo1234' }
export const INACTIVE = { username: 'maria.souza', password: 'maria1234' }

/** This worker's item of a list global setup made, one per worker (global-setup.ts). */
function ownItem(variable: 'E2E_BASE_URLS' | 'E2E_DATA_DIRS'): string {
  const list = process.env[variable]?.split(' ')
  if (!list) throw new Error(`${variable} is not set: run through playwright (global setup)`)
  const item = list[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]
  if (!item)
    throw new Error(`${variable} has no item for worker ${process.env.TEST_PARALLEL_INDEX}`)
  return item
}

/** The server of this worker: every worker has its own server and database. */
export function baseUrl(): string {
  return ownItem('E2E_BASE_URLS')
}

/** The DATA_DIR of this worker's server (its mail outbox, its files). */
export function dataDir(): string {
  return ownItem('E2E_DATA_DIRS')
}

/** Every test talks to the server global setup started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseUrl())
  },
})

/**
 * Runs one of the suite's costs (a sign-in, a wait for the map, a screenshot) as a named step:
 * the JSON report then holds its time, which `npm run test:times` adds up per kind.
 */
export function timed<T>(kind: string, run: () => Promise<T>): Promise<T> {
  return test.step(kind, run, { box: true })
}

/** A unique suffix for names created by a test. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
}

/**
 * Signs in through the API, as the login screen would, keeps the session where the app keeps
 * it (local storage, spec section 9) and opens `path` directly: the map page is not loaded
 * first unless it is the page asked for. Waits for the top bar. Specs that test signing in
 * itself use `signInThroughScreen`.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  pathname = '/',
): Promise<void> {
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
    if (pathname === '/' || pathname.startsWith('/?'))
      await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()
    else await expect(page.getByRole('banner')).toBeVisible()
  })
}

/** Signs in through the login screen and waits for the map page. */
export async function signInThroughScreen(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  await timed('sign-in (screen)', async () => {
    await page.goto('/login')
    await page.getByLabel('Usuário').fill(username)
    await page.getByLabel('Senha', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()
  })
}

/**
 * Opens the user menu. Right after sign-in the map page may still be settling (its URL is
 * rewritten with the view), and a click in that instant has been seen to open nothing: the
 * click is repeated until the menu shows.
 */
export async function openUserMenu(page: Page): Promise<void> {
  const menu = page.getByRole('menu')
  await expect(async () => {
    if (!(await menu.isVisible()))
      await page.getByRole('button', { name: 'Menu do usuário' }).click()
    await expect(menu).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
}

/** The API token of a user (`Bearer …`), signing in through the API. */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
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
  const token = await apiToken(request, ADMIN.username, ADMIN.password)
  const res = await request.post(`${baseUrl()}/api/users`, {
    headers: { authorization: token },
    data: { ...user, email: `${user.username}@example.com`, sector: 'Testes', active: true },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/** The password-reset link of the newest e-mail sent to `email` (DATA_DIR/outbox/*.eml). */
export function resetLinkFor(email: string): string | undefined {
  const outbox = path.join(dataDir(), 'outbox')
  let files: string[]
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return undefined
  }
  const mails = files
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((text) => text.includes(email))
  const last = mails.at(-1)
  if (!last) return undefined
  // Quoted-printable soft line breaks and escapes would cut the link: undo them first.
  const plain = last.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
  return plain.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0]
}

/**
 * Saves a screenshot under packages/e2e/screenshots/ for a person to look at, when
 * E2E_SCREENSHOTS=1 (otherwise nothing: a picture no one opens only costs time). A picture
 * that guards a rendering is compared instead: `expectPicture`.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  await timed('screenshot', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) })
  })
}

/** Runs axe-core on the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP forbids injected script tags.
  const axePath = path.join(
    path.dirname(createRequire(import.meta.url).resolve('axe-core')),
    'axe.min.js',
  )
  await page.evaluate(readFileSync(axePath, 'utf8'))
  // A toast or dialog still fading in has a blended colour: judge the page at rest.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResult> } }).axe
    return axe.run(document)
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
}

/** Empties a user's saved workspace (no windows), so a test starts from a known workspace. */
export async function resetWorkspace(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post(`${baseUrl()}/api/users/workspace`, {
    headers: { authorization: token },
    data: { active: null, windowCounter: 0, windows: [] },
  })
  expect(res.ok()).toBe(true)
}

/**
 * Holds the requests that match `url` (and `method`) until `release()` is called, so a test
 * sees what the screen shows while a call is in flight (a spinner, a loading text, a disabled
 * button) without guessing how long to wait.
 */
export async function holdRequests(page: Page, url: string, method?: string): Promise<() => void> {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await released
    await route.continue()
  })
  return release
}

/** The database the run's servers use: some pictures differ by it (docs/testing.md). */
export const DATABASE = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'

/**
 * Compares what `target` shows with the expected picture in `tests/__pictures__/<spec>/`, as
 * OpenLayers' rendering tests do: a rendering that changes by more than a few pixels fails,
 * and the report shows expected, actual and their difference. `perDatabase`: a picture per
 * database, where the server's encoders differ in the last pixel (tiles: PostGIS's ST_AsMVT
 * and the embedded encoder). After an intended change of rendering, write the pictures again
 * with `npm run test:e2e -- --update-snapshots <spec>` and look at them before committing.
 */
export async function expectPicture(
  target: Page | Locator,
  name: string,
  options: { mask?: Locator[]; perDatabase?: boolean; stylePath?: string } = {},
): Promise<void> {
  await timed('picture', async () => {
    const file = options.perDatabase ? `${name}-${DATABASE}.png` : `${name}.png`
    await expect(target).toHaveScreenshot(file, {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: options.mask,
      stylePath: options.stylePath,
      maxDiffPixelRatio: 0.0005,
    })
  })
}
