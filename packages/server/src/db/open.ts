import { existsSync } from 'node:fs'
import path from 'node:path'
import { lockDataDir } from './data-dir-lock'
import { createPgliteThreadDb } from './pglite-thread'
import { createPostgresDb } from './postgres'
import type { Db } from './types'

export interface OpenedDb {
  db: Db
  /** True when the embedded database was created by this call (first start). */
  created: boolean
  release: () => Promise<void>
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir: string
  /** Time budget of every statement in milliseconds (0: none). */
  statementTimeoutMs?: number
  /** Told about errors of idle PostgreSQL connections. */
  onPoolError?: (err: Error) => void
}

/**
 * PostgreSQL when `databaseUrl` is set, else the embedded database in `dataDir/pgdata`, run
 * in a thread of its own (pglite-thread.ts).
 */
export async function openDatabase(opts: OpenOptions): Promise<OpenedDb> {
  if (opts.databaseUrl) {
    const db = createPostgresDb(opts.databaseUrl, {
      statementTimeoutMs: opts.statementTimeoutMs,
      onPoolError: opts.onPoolError,
    })
    return { db, created: false, release: () => db.close() }
  }
  const unlock = lockDataDir(opts.dataDir)
  try {
    const dir = path.join(opts.dataDir, 'pgdata')
    const created = !existsSync(path.join(dir, 'PG_VERSION'))
    const db = await createPgliteThreadDb({
      dataDir: dir,
      statementTimeoutMs: opts.statementTimeoutMs,
    })
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
