import { readdirSync, readFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

export { expect }

const here = path.dirname(fileURLToPath(import.meta.url))
export const SCREENSHOT_DIR = path.resolve(here, '../screenshots')

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

export const ADMIN = { username: 'admin', password: 'admin123', name: 'Administrador' }
export const DEMO = { username: 'demo', password: 'demo1234' }
export const INACTIVE = { username: 'maria.souza', password: 'maria1234' }

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global setup)')
  return url
}

/** Every test talks to the server global setup started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseUrl())
  },
})

/** A unique suffix for names created by a test. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
}

/** Signs in through the login screen and waits for the map page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Usuário').fill(username)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'ENTRAR' }).click()
  await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()
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
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
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

/** Saves a screenshot under packages/e2e/screenshots/. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) })
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
