import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Db, Queryable } from '../db/types'

/**
 * GDAL for the exports and the imports: the native `ogr2ogr` when it is on PATH, else gdal3.js (GDAL compiled
 * to WebAssembly, run in a worker thread so that a long conversion never holds the event
 * loop). `GIS_GDAL=native|wasm` forces one (`auto`, the default, prefers the native one).
 */
export type GdalMode = 'native' | 'wasm'

/** A conversion that did not finish; `detail` is GDAL's own message, for the log only. */
export class GdalFailure extends Error {
  constructor(readonly detail: string) {
    super(`ogr2ogr failed: ${detail}`)
  }
}

let nativeAvailable: Promise<boolean> | undefined

function hasNativeOgr2ogr(): Promise<boolean> {
  nativeAvailable ??= new Promise((resolve) => {
    const child = spawn('ogr2ogr', ['--version'], { stdio: 'ignore' })
    child.on('error', () => resolve(false))
    child.on('close', (code) => resolve(code === 0))
  })
  return nativeAvailable
}

/** Which GDAL the exports use now. */
export async function gdalMode(): Promise<GdalMode> {
  const wanted = process.env.GIS_GDAL ?? 'auto'
  if (wanted === 'wasm') return 'wasm'
  if (wanted === 'native') return 'native'
  return (await hasNativeOgr2ogr()) ? 'native' : 'wasm'
}

export interface Ogr2ogrOptions {
  /** Progress from 0 to 1 (native only: GDAL's -progress). */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  env?: Record<string, string>
  /** The child's whole environment, instead of the server's with `env` added (a user's file). */
  isolatedEnv?: Record<string, string>
  /** A run that printed an error fails even when it exits with 0 (ogrinfo -sql does). */
  failOnError?: boolean
}

/** Runs the native ogr2ogr with these arguments (output and input among them). */
export function runNativeOgr2ogr(
  args: readonly string[],
  opts: Ogr2ogrOptions = {},
): Promise<void> {
  return runNative('ogr2ogr', ['-progress', ...args], opts)
}

/** Runs the native ogrinfo with these arguments (its listing is dropped). */
export function runNativeOgrinfo(
  args: readonly string[],
  opts: Ogr2ogrOptions = {},
): Promise<void> {
  return runNative('ogrinfo', args, opts)
}

/** Runs a native GDAL program and answers what it printed (ogrinfo's listing), at most 1 MB. */
export function captureNative(
  program: 'ogrinfo',
  args: readonly string[],
  opts: Ogr2ogrOptions = {},
): Promise<string> {
  let out = ''
  return runNative(program, args, {
    ...opts,
    onStdout: (chunk) => {
      if (out.length < 1024 * 1024) out += chunk
    },
  }).then(() => out)
}

function runNative(
  program: string,
  args: readonly string[],
  opts: Ogr2ogrOptions & { onStdout?: (chunk: string) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...(opts.isolatedEnv ?? process.env), ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let done = 0
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      opts.onStdout?.(chunk)
      // "0...10...20...": each number is a tenth.
      for (const m of chunk.matchAll(/(\d+)(?=\.)/g)) {
        const n = Number(m[1])
        if (n > done) {
          done = n
          opts.onProgress?.(n / 100)
        }
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 8000) stderr += chunk
    })
    const abort = () => child.kill('SIGTERM')
    opts.signal?.addEventListener('abort', abort, { once: true })
    child.on('error', (err) => reject(new GdalFailure(err.message)))
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', abort)
      if (opts.signal?.aborted) return reject(opts.signal.reason)
      if (code === 0 && !(opts.failOnError && /^ERROR /m.test(stderr))) resolve()
      else reject(new GdalFailure(stderr.trim() || `exit code ${code}`))
    })
  })
}

// ---- gdal3.js in a worker thread -------------------------------------------------------------

const require = createRequire(import.meta.url)

// The worker's code travels as text (no extra file to build or locate): it loads gdal3.js,
// opens the inputs, runs ogr2ogr and answers the files written.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const path = require('node:path')
const initGdalJs = require(workerData.gdalNode)
let gdal
parentPort.on('message', async (msg) => {
  try {
    gdal ??= initGdalJs({
      // gdal3.js reads its data file relative to the working directory.
      path: path.relative(process.cwd(), workerData.packageDir) || '.',
      dest: workerData.dest,
      logHandler: () => {},
      errorHandler: () => {},
    })
    const Gdal = await gdal
    const opened = await Gdal.open(msg.inputs, msg.openOptions)
    if (!opened.datasets.length) throw new Error(JSON.stringify(opened.errors))
    try {
      const out = await Gdal.ogr2ogr(opened.datasets[0], msg.options, msg.outputName)
      parentPort.postMessage({ id: msg.id, files: out.all.map((f) => f.real) })
    } finally {
      await Gdal.close(opened.datasets[0]).catch(() => {})
    }
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String((err && err.message) || err) })
  }
})
`

let worker: Worker | undefined
let workerDest = ''
let queue: Promise<unknown> = Promise.resolve()
const pending = new Map<
  string,
  { resolve: (files: string[]) => void; reject: (e: Error) => void }
>()

function wasmWorker(): Worker {
  if (worker) return worker
  const gdalNode = require.resolve('gdal3.js/node.js')
  const packageDir = path.join(path.dirname(gdalNode), 'dist', 'package')
  workerDest = path.join(os.tmpdir(), `gis-gdal3-${process.pid}-${randomUUID().slice(0, 8)}`)
  mkdirSync(workerDest, { recursive: true })
  const w = new Worker(WORKER, {
    eval: true,
    workerData: { gdalNode, packageDir, dest: workerDest },
  })
  w.unref()
  w.on('message', (msg: { id: string; files?: string[]; error?: string }) => {
    const p = pending.get(msg.id)
    if (!p) return
    pending.delete(msg.id)
    if (msg.error !== undefined) p.reject(new GdalFailure(msg.error))
    else p.resolve(msg.files ?? [])
  })
  w.on('error', (err) => {
    for (const p of pending.values()) p.reject(new GdalFailure(err.message))
    pending.clear()
    worker = undefined
  })
  worker = w
  return w
}

/**
 * Converts `inputs` (a dataset and its side files) with gdal3.js: the files written land in
 * `outDir` as `<outputName>.<ext>`. Conversions take turns (one GDAL per process).
 */
export function runWasmOgr2ogr(job: {
  inputs: string[]
  openOptions: string[]
  options: string[]
  outputName: string
  outDir: string
}): Promise<string[]> {
  const run = async () => {
    const w = wasmWorker()
    const id = randomUUID()
    // A unique name in the worker's output folder, renamed on arrival.
    const unique = `${job.outputName}-${id.slice(0, 8)}`
    const files = await new Promise<string[]>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      w.postMessage({
        id,
        inputs: job.inputs,
        openOptions: job.openOptions,
        options: job.options,
        outputName: unique,
      })
    })
    return files.map((file) => {
      const target = path.join(job.outDir, path.basename(file).replace(unique, job.outputName))
      try {
        renameSync(file, target)
      } catch {
        // Another file system: copy, then remove.
        copyFileSync(file, target)
        rmSync(file, { force: true })
      }
      return target
    })
  }
  const result = queue.then(run, run)
  queue = result.catch(() => undefined)
  return result
}

/**
 * Runs `fn` in a read-only transaction whose snapshot GDAL's own connections share: the
 * `-oo` options make an ogr2ogr read exactly the rows this transaction sees.
 */
export async function inExportedSnapshot<T>(
  db: Db,
  fn: (conn: Queryable, snapshotOptions: string[]) => Promise<T>,
): Promise<T> {
  return db.session(async (conn) => {
    await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    try {
      const { rows } = await conn.query<{ id: string }>('SELECT pg_export_snapshot() AS id')
      const snapshot = rows[0]!.id.replaceAll("'", "''")
      const result = await fn(conn, [
        '-oo',
        `PRELUDE_STATEMENTS=BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET TRANSACTION SNAPSHOT '${snapshot}'`,
        '-oo',
        'CLOSING_STATEMENTS=COMMIT',
      ])
      await conn.query('COMMIT')
      return result
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => undefined)
      throw err
    }
  })
}

/**
 * A libpq connection string for GDAL from DATABASE_URL, without the password, which travels
 * in the child's environment (PGPASSWORD) instead of its command line.
 */
export function pgConnection(databaseUrl: string): { conninfo: string; password?: string } {
  const url = new URL(databaseUrl)
  const password = url.password ? decodeURIComponent(url.password) : undefined
  url.password = ''
  return { conninfo: url.toString(), password }
}
