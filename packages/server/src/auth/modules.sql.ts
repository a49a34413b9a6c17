import type { Queryable } from '../db/types'

/**
 * The optional modules switched on, as stored in `app.settings` (owned by
 * modules/config/config.sql.ts, which writes it): read here, below the modules, so that every
 * module can guard its routes with it.
 */
export async function storedModules(db: Queryable): Promise<string[] | undefined> {
  const { rows } = await db.query<{ value: unknown }>(
    `SELECT value FROM app.settings WHERE key = 'modules'`,
    [],
    { prepare: true },
  )
  const value = rows[0]?.value
  return Array.isArray(value) ? value.map(String) : undefined
}
