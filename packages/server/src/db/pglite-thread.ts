import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { serverRoot } from '../paths'
import { copyChunks } from './copy'
import {
  DbError,
  type Command,
  type SerializedDbError,
  type WorkerEvent,
  type WorkerInit,
  type WorkerRequest,
  type WorkerResponse,
} from './pglite-protocol'
import type { Db, Queryable, QueryResult } from './types'

/** SQLSTATE query_canceled: what PostgreSQL answers when statement_timeout fires. */
export const QUERY_CANCELED = '57014'

/** A statement that ran past its time budget and was cancelled. */
export class DbTimeoutError extends DbError {
  constructor(readonly timeoutMs: number) {
    super({
      message: `canceling statement due to statement timeout (${timeoutMs} ms)`,
      code: QUERY_CANCELED,
    })
    this.name = 'DbTimeoutError'
  }
}

/** The worker's script: built by `npm run build` (build.mjs) next to the server's bundle. */
export const WORKER_SCRIPT = path.join(serverRoot, 'dist', 'pglite-worker.js')

export interface PgliteThreadOptions extends WorkerInit {
  /** Time budget of each statement in milliseconds; 0 for none (migrations set it per call). */
  statementTimeoutMs?: number
}

/** First come, first served: one unit of work (a statement, a transaction) at a time. */
class Turns {
  private tail: Promise<void> = Promise.resolve()

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work)
    this.tail = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }
}

interface Pending {
  resolve: (r: WorkerResponse) => void
  reject: (err: Error) => void
  timer?: NodeJS.Timeout
}

/**
 * The embedded database in a thread of its own (see pglite-worker.ts), so the server keeps
 * answering while it works. Statements run one at a time, as on PGlite's single backend; a
 * transaction or a session holds the turn until it ends.
 *
 * PGlite cannot cancel a running statement (WebAssembly has no signals, so statement_timeout
 * never fires): a statement past its budget ends the thread, which is started again on the
 * same directory. PostgreSQL's crash recovery then restores the last committed state, and the
 * interrupted transaction is rolled back, as a cancelled statement would be. (An in-memory
 * database, in tests, starts again from its template.)
 */
export async function createPgliteThreadDb(options: PgliteThreadOptions): Promise<Db> {
  if (!existsSync(WORKER_SCRIPT)) {
    throw new Error(`${WORKER_SCRIPT} não existe: execute "npm run build" antes.`)
  }
  const init: WorkerInit = { dataDir: options.dataDir, loadDataDirFile: options.loadDataDirFile }
  const timeoutMs = options.statementTimeoutMs ?? 0
  const turns = new Turns()
  const pending = new Map<number, Pending>()
  let nextId = 1
  let closed = false
  let worker: Worker
  let ready: Promise<void>

  function failAll(err: Error) {
    for (const p of pending.values()) {
      clearTimeout(p.timer)
      p.reject(err)
    }
    pending.clear()
  }

  function spawn(): Promise<void> {
    const w = new Worker(WORKER_SCRIPT, { workerData: init })
    worker = w
    return new Promise<void>((resolve, reject) => {
      w.on('message', (msg: WorkerResponse | WorkerEvent) => {
        if ('kind' in msg) {
          if (msg.kind === 'ready') resolve()
          else reject(new DbError(msg.error))
          return
        }
        const p = pending.get(msg.id)
        if (!p) return
        pending.delete(msg.id)
        clearTimeout(p.timer)
        p.resolve(msg)
      })
      w.on('error', (err) => {
        reject(err)
        if (worker === w) failAll(err)
      })
      w.on('exit', (code) => {
        const err = new Error(`o banco de dados embutido parou (código ${code})`)
        reject(err)
        if (worker !== w || closed) return
        failAll(err)
        // An unexpected end (out of memory): start again for the next statements.
        ready = spawn()
        ready.catch(() => undefined)
      })
    })
  }

  /** Ends a thread stuck in a statement and starts a new one on the same data. */
  function restart() {
    const stuck = worker
    ready = spawn()
    ready.catch(() => undefined)
    void stuck.terminate()
  }

  async function send(req: Command, budget: number): Promise<WorkerResponse> {
    if (closed) throw new Error('o banco de dados embutido foi fechado')
    await ready
    const id = nextId++
    return new Promise<WorkerResponse>((resolve, reject) => {
      const entry: Pending = { resolve, reject }
      if (budget > 0) {
        entry.timer = setTimeout(() => {
          pending.delete(id)
          reject(new DbTimeoutError(budget))
          failAll(new DbTimeoutError(budget))
          restart()
        }, budget)
      }
      pending.set(id, entry)
      worker.postMessage({ ...req, id } as WorkerRequest)
    })
  }

  function unwrap(r: WorkerResponse): WorkerResponse & { ok: true } {
    if (!r.ok) throw new DbError(r.error as SerializedDbError)
    return r
  }

  const direct: Queryable = {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = unwrap(await send({ kind: 'query', text, params }, timeoutMs))
      return { rows: (r.rows ?? []) as T[], rowCount: r.rowCount ?? 0 }
    },
    async exec(text: string) {
      // Migrations and DDL: no budget (creating PostGIS takes seconds on a slow machine).
      unwrap(await send({ kind: 'exec', text }, 0))
    },
  }

  ready = spawn()
  await ready
  // Files now hold the database: a restart opens them instead of loading the tarball again.
  if (init.dataDir) delete init.loadDataDirFile

  return {
    kind: 'pglite',
    query: (text, params) => turns.run(() => direct.query(text, params)),
    exec: (text) => turns.run(() => direct.exec(text)),
    session: (fn) => turns.run(() => fn(direct)),
    // Each blob of rows is one statement, in its own turn: the map answers between them.
    async copyIn(target, lines) {
      let total = 0
      for await (const chunk of copyChunks(lines)) {
        await turns.run(async () => {
          unwrap(await send({ kind: 'copy', target, data: chunk.text }, timeoutMs))
        })
        total += chunk.rows
      }
      return total
    },
    transaction: (fn) =>
      turns.run(async () => {
        const generation = worker
        await direct.exec('BEGIN')
        try {
          const result = await fn(direct)
          await direct.exec('COMMIT')
          return result
        } catch (err) {
          // After a timeout the thread was replaced: its transaction is gone with it.
          if (worker === generation) await direct.exec('ROLLBACK').catch(() => undefined)
          throw err
        }
      }),
    async close() {
      if (closed) return
      await turns.run(async () => {
        await send({ kind: 'close' }, 10_000).catch(() => undefined)
        closed = true
      })
      await worker.terminate()
    },
  }
}
