import { test as base, expect, type Page } from '@playwright/test'

export { expect }

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
  page: async ({ page }, use) => {
    await use(page)
    // A route handler still running when the test ends (the sign-in page asks for
    // /api/config again after a logout) must not fail the test while the context closes.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
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
