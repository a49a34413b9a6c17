import { existsSync } from 'node:fs'
import path from 'node:path'
import {
  DEFAULT_PROJECT_NAME,
  KNOWN_MODULES,
  type AppConfig,
  type AppSettings,
  type AppSettingsView,
} from '@gis/shared'
import type { ServerConfig } from '../../config'
import type { Db, Queryable } from '../../db/types'
import { serverRoot } from '../../paths'
import { readSetting, writeSetting } from './config.sql'

// Settings are read by other modules (the map's start position) and by the demo seed.
export { readSetting, writeSetting }

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

const BUNDLED_LOGO = path.join(serverRoot, 'assets', 'logo.png')

/** The organisation's own logo when DATA_DIR holds a logo.png, else the product's. */
export function logoFile(config: ServerConfig): string {
  const own = path.join(config.dataDir, 'logo.png')
  return existsSync(own) ? own : BUNDLED_LOGO
}

/** GET /api/config/settings: the stored project name and modules, and what the environment sets. */
export async function readSettings(db: Queryable, config: ServerConfig): Promise<AppSettingsView> {
  const [projectName, modules] = await Promise.all([
    readSetting<string>(db, 'projectName'),
    readSetting<string[]>(db, 'modules'),
  ])
  return {
    projectName: projectName ?? DEFAULT_PROJECT_NAME,
    modules: modules ?? [],
    knownModules: [...KNOWN_MODULES],
    env: { projectName: config.projectName ?? null, modules: config.modules ?? null },
  }
}

/**
 * PUT /api/config/settings: the project name and modules, stored. PROJECT_NAME and MODULES,
 * when set, still win (GET /api/config), as the README says.
 */
export async function writeSettings(
  db: Db,
  config: ServerConfig,
  s: AppSettings,
): Promise<AppSettingsView> {
  await db.transaction(async (tx) => {
    await writeSetting(tx, 'projectName', s.projectName)
    await writeSetting(tx, 'modules', s.modules)
  })
  return readSettings(db, config)
}
