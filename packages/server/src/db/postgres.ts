import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db, Queryable, QueryOptions, QueryResult } from './types'

// Same JavaScript types on both databases: bigint and numeric as numbers (ids and measures
// fit in a double), timestamps as Date. (Binary results are not used: pg decodes every field
// of a text-mode connection as UTF-8, which corrupts binary bytea.)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

/**
 * Prepared statements are named after their text, so one name never means two texts. Each
 * connection keeps every statement it prepared: past MAX_PREPARED texts (a WFS client that
 * asks for ever new property lists) new texts run unprepared.
 */
const MAX_PREPARED = 500
const statementNames = new Map<string, string>()
function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (!name && statementNames.size < MAX_PREPARED) {
    name = `gis_${createHash('sha1').update(text).digest('hex')}`
    statementNames.set(text, name)
  }
  return name
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(
      text: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ): Promise<QueryResult<T>> {
      const r = await client.query({
        text,
        values: params as unknown[] | undefined,
        name: options?.prepare ? statementName(text) : undefined,
      })
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 }
    },
    async exec(text: string) {
      await client.query(text)
    },
  }
}

export interface PostgresOptions {
  max?: number
  /** PostgreSQL's statement_timeout for every connection, in milliseconds (0: none). */
  statementTimeoutMs?: number
  /** Told about errors of idle connections (a database restart), which end those connections. */
  onPoolError?: (err: Error) => void
}

/** PostgreSQL + PostGIS through a connection pool. */
export function createPostgresDb(connectionString: string, options: PostgresOptions = {}): Db {
  const max = options.max ?? 10
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'gis-server',
    statement_timeout: options.statementTimeoutMs || undefined,
  })
  // An idle client that errors (server restart) must not crash the process: it is dropped
  // from the pool, and the error is reported.
  pool.on('error', (err) => options.onPoolError?.(err))
  const base = wrap(pool)
  return {
    kind: 'postgres',
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    query: base.query,
    exec: base.exec,
    async copyIn(target, lines) {
      const client = await pool.connect()
      try {
        const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`))
        await pipeline(Readable.from(lines), stream)
        return stream.rowCount ?? 0
      } finally {
        client.release()
      }
    },
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
