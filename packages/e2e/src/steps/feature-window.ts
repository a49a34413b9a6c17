import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, baseUrl, expect } from '../fixtures'
import { saveWorkspace, signIn } from './session'

// What the feature window's browser tests share: the demo bridges, a window opened on them.
export const LAYER = 'oae'
export const LAYER_TITLE = 'Obras de arte especiais (pontes e viadutos)'

export interface Feature {
  id: number
  attributes: Record<string, unknown>
  version: string
}

export async function api(request: APIRequestContext, token: string, path: string) {
  const res = await request.get(`${baseUrl()}${path}`, { headers: { authorization: token } })
  expect(res.status(), path).toBe(200)
  return res
}

/**
 * A bridge of the demo without photos (the demo gives photos to one bridge in three), live,
 * that no other test edits: the test owns it for its run.
 */
export async function freeBridge(request: APIRequestContext, token: string): Promise<Feature> {
  for (const id of [12, 15, 18, 21, 24, 27]) {
    const res = await request.get(`${baseUrl()}/api/features/${LAYER}/${id}`, {
      headers: { authorization: token },
    })
    if (res.status() !== 200) continue
    const feature = (await res.json()) as Feature
    if (feature.attributes.d_e_l_e_t_ === true) continue
    const files = (await (
      await api(request, token, `/api/features/${LAYER}/${id}/attachments`)
    ).json()) as unknown[]
    if (files.length === 0) return feature
  }
  throw new Error('no free bridge in the demo data')
}

/** One of the demo's bridge photos, as a user would have it on disk. */
export async function demoPhoto(request: APIRequestContext, token: string): Promise<Buffer> {
  const list = (await (
    await api(request, token, `/api/features/${LAYER}/1/attachments`)
  ).json()) as { id: number; contentType: string }[]
  const photo = list.find((a) => a.contentType === 'image/jpeg')
  if (!photo) throw new Error('the demo bridge 1 has no photo')
  return (await api(request, token, `/api/attachments/${photo.id}`)).body()
}

/** Saves a workspace holding the feature window on `items`, as the map's Expandir leaves it. */
export async function saveFeatureWindow(
  request: APIRequestContext,
  token: string,
  items: { layer: string; id: number }[],
): Promise<void> {
  await saveWorkspace(request, token, [
    { id: 'w1', type: 'FeatureInfo', title: 'Feição', props: { items } },
  ])
}

/** Opens the feature window as the map's Expandir does, through the saved workspace. */
export async function openWindowOn(
  page: Page,
  request: APIRequestContext,
  token: string,
  id: number | { layer: string; id: number }[],
): Promise<void> {
  await saveFeatureWindow(request, token, typeof id === 'number' ? [{ layer: LAYER, id }] : id)
  await signIn(page, DEMO, '/workspace')
}

export const featureTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })
