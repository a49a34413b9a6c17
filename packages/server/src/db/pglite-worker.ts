/**
 * The embedded database's own thread (worker_threads): PGlite runs its queries synchronously
 * in WebAssembly, so on the server's main thread a long query would stop every request,
 * /healthz included. Here it only stops this thread. The server talks to it through
 * `pglite-thread.ts`; one message is one statement.
 */
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { createPgliteDb } from './pglite'
import {
  serializeError,
  type WorkerEvent,
  type WorkerInit,
  type WorkerRequest,
  type WorkerResponse,
} from './pglite-protocol'

const port = parentPort
if (!port) throw new Error('pglite-worker must run as a worker thread')

async function start(init: WorkerInit) {
  const db = await createPgliteDb({
    dataDir: init.dataDir,
    loadDataDir: init.loadDataDirFile ? readFileSync(init.loadDataDirFile) : undefined,
  })
  port!.on('message', (msg: WorkerRequest) => {
    void handle(msg).then((response) => port!.postMessage(response))
  })
  async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
    try {
      switch (msg.kind) {
        case 'query': {
          const r = await db.query(msg.text, msg.params)
          return { id: msg.id, ok: true, rows: r.rows, rowCount: r.rowCount }
        }
        case 'exec':
          await db.exec(msg.text)
          return { id: msg.id, ok: true }
        case 'copy': {
          const r = await db.pglite.query(`COPY ${msg.target} FROM '/dev/blob'`, [], {
            blob: new Blob([msg.data]),
          })
          return { id: msg.id, ok: true, rowCount: r.affectedRows ?? 0 }
        }
        case 'close':
          await db.close()
          return { id: msg.id, ok: true }
      }
    } catch (err) {
      return { id: msg.id, ok: false, error: serializeError(err) }
    }
  }
  port!.postMessage({ kind: 'ready' } satisfies WorkerEvent)
}

start(workerData as WorkerInit).catch((err: unknown) => {
  port.postMessage({ kind: 'failed', error: serializeError(err) } satisfies WorkerEvent)
})
