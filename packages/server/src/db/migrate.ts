import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { serverRoot } from '../paths'
import type { Db, Queryable } from './types'

const MIGRATIONS_DIR = path.join(serverRoot, 'src', 'db', 'migrations')
// Any constant shared by every process of the product: serialises migrations across them.
const MIGRATION_LOCK_KEY = 7_240_011

interface Migration {
  version: number
  name: string
  sql: string
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.split('_')[0]),
      name: file,
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  )
}

async function applied(conn: Queryable): Promise<Set<number>> {
  const { rows } = await conn.query<{ version: number }>(
    'SELECT version FROM app.schema_migrations',
  )
  return new Set(rows.map((r) => r.version))
}

/**
 * Applies the numbered SQL migrations not applied yet, each in its own transaction. Safe to
 * run twice and from several processes at once: they queue on an advisory lock.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations())
  return db.session(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await conn.exec(`CREATE SCHEMA IF NOT EXISTS app;
        CREATE TABLE IF NOT EXISTS app.schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        );`)
      const done = await applied(conn)
      const ran: string[] = []
      for (const m of all) {
        if (done.has(m.version)) continue
        await conn.exec('BEGIN')
        try {
          await conn.exec(m.sql)
          await conn.query('INSERT INTO app.schema_migrations (version, name) VALUES ($1, $2)', [
            m.version,
            m.name,
          ])
          await conn.exec('COMMIT')
        } catch (err) {
          await conn.exec('ROLLBACK')
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err })
        }
        ran.push(m.name)
      }
      return ran
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  })
}
