import { DEFAULT_PROJECT_NAME, type AppConfig } from '@gis/shared'
import type { ServerConfig } from '../../config'
import type { Queryable } from '../../db/types'

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

/**
 * The application configuration: project name and modules stored in the database,
 * overridden by PROJECT_NAME and MODULES when those are set; service URLs on this origin.
 */
export async function readAppConfig(db: Queryable, config: ServerConfig): Promise<AppConfig> {
  const [projectName, modules] = await Promise.all([
    readSetting<string>(db, 'projectName'),
    readSetting<string[]>(db, 'modules'),
  ])
  const base = config.publicUrl ?? ''
  return {
    projectName: config.projectName ?? projectName ?? DEFAULT_PROJECT_NAME,
    modules: config.modules ?? modules ?? [],
    workspace: null,
    eventsServerUrl: `${base}/api/events`,
    tilesServerUrl: `${base}/api/tiles`,
    imageServerUrl: `${base}/api/images`,
    ogcServerUrl: `${base}/ows`,
    initialEvent: null,
  }
}
