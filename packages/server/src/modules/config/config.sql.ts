import type { Queryable } from '../../db/types'

/** The owner of `app.settings`: stored configuration, one JSON value per key. */

export async function readSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const { rows } = await db.query<{ value: T }>('SELECT value FROM app.settings WHERE key = $1', [
    key,
  ])
  return rows[0]?.value
}

export async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO app.settings (key, value) VALUES ($1, $2::text::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  )
}
