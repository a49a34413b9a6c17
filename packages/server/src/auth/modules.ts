import { t } from '@gis/shared'
import type { ServerConfig } from '../config'
import type { Queryable } from '../db/types'
import { HttpError } from '../http/errors'
import type { AuthHook } from '../http/scopes'
import { storedModules } from './modules.sql'

/**
 * The optional modules switched on: MODULES when set, else those stored by the administrators
 * (as GET /api/config says them).
 */
export async function enabledModules(db: Queryable, config: ServerConfig): Promise<string[]> {
  return config.modules ?? (await storedModules(db)) ?? []
}

/** The 404 of a call whose module is off (its routes do not exist for the caller). */
export const moduleOff = () => new HttpError(404, t('imageryApi.moduleOff'))

/**
 * A hook that lets a request through only while one of `modules` is switched on; otherwise a
 * Portuguese 404. Add it as an `onRequest` hook inside a scope's routes: it runs after the
 * scope's authentication (an anonymous caller still gets 401) and before validation.
 */
export function requireModule(
  deps: { db: Queryable; config: ServerConfig },
  ...modules: string[]
): AuthHook {
  return async () => {
    const on = await enabledModules(deps.db, deps.config)
    if (!modules.some((m) => on.includes(m))) throw moduleOff()
  }
}
