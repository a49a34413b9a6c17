import { PGlite, types, type Transaction } from '@electric-sql/pglite'
import { copyChunks } from './copy'
import { postgisExtension } from './postgis-extension'
import type { Db, Queryable, QueryResult } from './types'

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
}

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = await target.query<T>(text, params as unknown[] | undefined)
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }
    },
    async exec(text: string) {
      await target.exec(text)
    },
  }
}

export interface PgliteOptions {
  /** Directory of the database files; omitted for an in-memory database. */
  dataDir?: string
  /** A tarball from `dumpDataDir` to start from (tests start from a prepared template). */
  loadDataDir?: Uint8Array
}

/**
 * The tarball's bytes as the Blob PGlite reads them from: it only calls `arrayBuffer()`, and
 * Node 20's own Blob hands a 100 MB tarball over in small chunks (seconds per database).
 */
function tarball(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  const buffer = whole ? bytes.buffer : bytes.slice().buffer
  return { type: '', size: bytes.byteLength, arrayBuffer: async () => buffer } as unknown as Blob
}

/**
 * Embedded Postgres (WebAssembly) with PostGIS. One backend: statements run one at a time,
 * and a transaction holds the whole database until it ends, so keep transactions short.
 */
export async function createPgliteDb(options: PgliteOptions): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir && tarball(options.loadDataDir),
    extensions: { postgis: postgisExtension() },
    parsers,
  })
  const base = wrap(pglite)
  // One backend serves every caller, so a "session" (advisory locks, settings) is lent to one
  // caller at a time, as a dedicated connection would be.
  let sessionQueue: Promise<unknown> = Promise.resolve()
  return {
    kind: 'pglite',
    pglite,
    query: base.query,
    exec: base.exec,
    async copyIn(target, lines) {
      let total = 0
      for await (const chunk of copyChunks(lines)) {
        await pglite.query(`COPY ${target} FROM '/dev/blob'`, [], {
          blob: new Blob([chunk.text]),
        })
        total += chunk.rows
      }
      return total
    },
    session(fn) {
      const run = sessionQueue.then(() => fn(base))
      sessionQueue = run.catch(() => {})
      return run
    },
    async transaction(fn) {
      return pglite.transaction((tx) => fn(wrap(tx)))
    },
    async close() {
      await pglite.close()
    },
  }
}
