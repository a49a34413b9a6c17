import { existsSync } from 'node:fs'
import path from 'node:path'
import { lockDataDir } from './data-dir-lock'
import { createPgliteDb } from './pglite'
import { createPostgresDb } from './postgres'
import type { Db } from './types'

export interface OpenedDb {
  db: Db
  /** True when the embedded database was created by this call (first start). */
  created: boolean
  release: () => Promise<void>
}

/** PostgreSQL when `databaseUrl` is set, else the embedded database in `dataDir/pgdata`. */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
}): Promise<OpenedDb> {
  if (opts.databaseUrl) {
    const db = createPostgresDb(opts.databaseUrl)
    return { db, created: false, release: () => db.close() }
  }
  const unlock = lockDataDir(opts.dataDir)
  try {
    const dir = path.join(opts.dataDir, 'pgdata')
    const created = !existsSync(path.join(dir, 'PG_VERSION'))
    const db = await createPgliteDb({ dataDir: dir })
    return {
      db,
      created,
      release: async () => {
        await db.close()
        unlock()
      },
    }
  } catch (err) {
    unlock()
    throw err
  }
}
