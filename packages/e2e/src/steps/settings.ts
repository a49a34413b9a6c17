import type { APIRequestContext } from '@playwright/test'
import { baseUrl, expect } from '../fixtures'

/**
 * The server's switched-on modules, read through the administrator API: `set` switches another
 * list on (as PAINEL DE CONTROLE would), `restore` puts the stored list back.
 */
export async function moduleSettings(request: APIRequestContext, token: string) {
  const url = `${baseUrl()}/api/config/settings`
  const headers = { authorization: token }
  const stored = (await (await request.get(url, { headers })).json()) as {
    projectName: string
    modules: string[]
  }
  const put = (modules: string[]) =>
    request.put(url, { headers, data: { projectName: stored.projectName, modules } })
  return {
    modules: stored.modules,
    set: async (modules: string[]) => expect((await put(modules)).status()).toBe(200),
    restore: async () => void (await put(stored.modules)),
  }
}
