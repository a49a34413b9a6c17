import type { Page } from '@playwright/test'
import { expect, timed } from '../fixtures'
import { signIn, type Account } from './session'
import { budget } from '../slowdown'

export interface View {
  lat: number
  lon: number
  z: number
}

/** The map page's address for a view (and shown layers). */
export function mapUrl(view: View, layers?: string[]): string {
  const q = new URLSearchParams({ lat: String(view.lat), lon: String(view.lon), z: String(view.z) })
  if (layers) q.set('l', layers.join(','))
  return `/?${q.toString()}`
}

/** Opens the map on a view (and shown layers) and waits for its first complete render. */
export async function openMap(page: Page, view: View, layers?: string[]): Promise<void> {
  await page.goto(mapUrl(view, layers))
  await mapRendered(page)
}

/** Signs in (through the API) straight onto the map at a view, and waits for its render. */
export async function signInToMap(
  page: Page,
  account: Account,
  view: View,
  layers?: string[],
): Promise<void> {
  await signIn(page, account, mapUrl(view, layers))
  await mapRendered(page)
}

/** Waits until every visible layer's tiles have loaded and been drawn. */
export async function mapRendered(page: Page): Promise<void> {
  await timed('wait: map render', async () => {
    // The first render may complete before the catalogue's layers were added: let them ask.
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await expect(page.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
      timeout: budget(20_000),
    })
  })
}

/** The view the URL holds now. */
export function urlView(page: Page): View & { l: string[] } {
  const q = new URL(page.url()).searchParams
  return {
    lat: Number(q.get('lat')),
    lon: Number(q.get('lon')),
    z: Number(q.get('z')),
    l: (q.get('l') ?? '').split(',').filter(Boolean),
  }
}

/** The selection drawer's count as it reads: '1 feição', '3 feições'. */
export function featureCount(n: number): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'feição' : 'feições'}`
}
