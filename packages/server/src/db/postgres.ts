import pg from 'pg'
import type { Db, Queryable, QueryResult } from './types'

// Same JavaScript types on both databases: bigint and numeric as numbers (ids and measures
// fit in a double), timestamps as Date.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = await client.query(text, params as unknown[] | undefined)
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 }
    },
    async exec(text: string) {
      await client.query(text)
    },
  }
}

/** PostgreSQL + PostGIS through a connection pool. */
export function createPostgresDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: 'gis-server',
  })
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {})
  const base = wrap(pool)
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async session(fn) {
      const client = await pool.connect()
      try {
        return await fn(wrap(client))
      } finally {
        client.release()
      }
    },
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {})
        throw err
      } finally {
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}
