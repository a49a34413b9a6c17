import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { t } from '@gis/shared'
import { serverRoot } from '../paths'
import { unwrap, type FromWorker, type ToWorker } from './cpu-protocol'

export { ownBytes, Transfer } from './cpu-protocol'

/** The worker threads' script: built by `npm run build` (build.mjs) next to the server's bundle. */
export const CPU_WORKER_SCRIPT = path.join(serverRoot, 'dist', 'cpu-worker.js')

/** Worker threads by default: one core stays for the server's own thread (and the database). */
export function defaultCpuWorkers(cores = availableParallelism()): number {
  return Math.min(2, Math.max(1, cores - 1))
}

/** What the main thread answers a task's calls with (by name): bytes from the database, … */
export type CallHandlers = Record<string, (input: never) => Promise<unknown>>

export interface CpuRunOptions {
  /** Buffers of the input moved to the worker instead of copied. */
  transfer?: ArrayBuffer[]
  /** What the task may ask the main thread while it runs (a Transfer answer moves buffers). */
  calls?: CallHandlers
  /** Aborted: a waiting task leaves the queue, a running one ends with its worker thread. */
  signal?: AbortSignal
  /** Short work a person waits for (a preview): ahead of the queued tasks. */
  urgent?: boolean
}

/** Why a task failed without an answer of its own: its thread ran out of memory or ended. */
export class CpuTaskError extends Error {
  constructor(
    readonly kind: 'memory' | 'crashed' | 'closed',
    message: string,
  ) {
    super(message)
    this.name = 'CpuTaskError'
  }
}

export interface CpuPool {
  /** Runs a task of the worker entry (src/cpu-worker.ts) on a worker thread; queued when all are busy. */
  run<T>(task: string, input: unknown, options?: CpuRunOptions): Promise<T>
  /** Ends the threads; waiting and running tasks fail. */
  close(): Promise<void>
  /** Threads running and tasks waiting (tests, logs). */
  readonly stats: { threads: number; busy: number; queued: number }
}

export interface CpuPoolOptions {
  /** Threads at most: this many tasks run at once, the others wait their turn. */
  size: number
  /** Heap limit of each thread (resourceLimits.maxOldGenerationSizeMb), in MiB. */
  memoryMb: number
  script?: string
  /** A thread idle this long ends, giving its memory back (the next task starts one); 30 s. */
  idleMs?: number
  log?: { error(obj: object, msg: string): void }
}

interface Task {
  id: number
  name: string
  input: unknown
  transfer: ArrayBuffer[]
  calls: CallHandlers
  resolve: (value: never) => void
  reject: (err: Error) => void
  signal?: AbortSignal
  onAbort?: () => void
}

interface Slot {
  worker: Worker
  task?: Task
  error?: Error
  /** Being ended on purpose (abort, close, idle): its task has failed already; no new one. */
  ending?: boolean
  idle?: NodeJS.Timeout
}

/**
 * A bounded pool of worker threads for CPU-heavy work (report rendering and xlsx writing), so
 * that the server's own thread keeps answering. A thread that runs out of its memory, or ends
 * for any other reason, fails its task with a Portuguese message and is replaced by a new one
 * for the next task; the server goes on. Threads start when work arrives and end after
 * `idleMs` without any (a big report may leave its heap grown until then).
 */
export function createCpuPool(options: CpuPoolOptions): CpuPool {
  const script = options.script ?? CPU_WORKER_SCRIPT
  const size = Math.max(1, options.size)
  const idleMs = options.idleMs ?? 30_000
  const queue: Task[] = []
  const slots = new Set<Slot>()
  let nextId = 1
  let closed = false

  const closedError = () => new CpuTaskError('closed', t('workers.closed'))
  const abortError = (signal: AbortSignal) =>
    signal.reason instanceof Error ? signal.reason : new Error('aborted')

  function settle(task: Task) {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort)
  }

  function spawn(): Slot {
    const worker = new Worker(script, {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    })
    const slot: Slot = { worker }
    worker.on('message', (message: FromWorker) => onMessage(slot, message))
    worker.on('error', (err) => (slot.error = err))
    worker.on('exit', (code) => onExit(slot, code))
    slots.add(slot)
    return slot
  }

  function onExit(slot: Slot, code: number) {
    slots.delete(slot)
    clearTimeout(slot.idle)
    const task = slot.task
    slot.task = undefined
    if (task) {
      settle(task)
      const outOfMemory =
        (slot.error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
      options.log?.error(
        { err: slot.error, code, task: task.name },
        outOfMemory ? 'CPU worker out of memory' : 'CPU worker ended',
      )
      task.reject(
        outOfMemory
          ? new CpuTaskError('memory', t('workers.outOfMemory', { max: options.memoryMb }))
          : new CpuTaskError('crashed', t('workers.crashed')),
      )
    }
    // A new thread for the tasks waiting.
    dispatch()
  }

  /** A thread without a task: it does not keep the process alive, and ends if it stays idle. */
  function rest(slot: Slot) {
    slot.worker.unref()
    clearTimeout(slot.idle)
    slot.idle = setTimeout(() => {
      if (!slot.task && !slot.ending) void end(slot, closedError())
    }, idleMs)
    slot.idle.unref()
  }

  /** Fails a slot's task now and ends its thread (abort, close, idle). */
  function end(slot: Slot, err: Error) {
    const task = slot.task
    slot.task = undefined
    slot.ending = true
    clearTimeout(slot.idle)
    if (task) {
      settle(task)
      task.reject(err)
    }
    return slot.worker.terminate()
  }

  function post(slot: Slot, message: ToWorker, list: ArrayBuffer[] = []) {
    try {
      slot.worker.postMessage(message, list)
    } catch (err) {
      // A value that cannot be cloned: the task fails, the thread stays.
      const task = slot.task
      if (!task) return
      slot.task = undefined
      settle(task)
      task.reject(err instanceof Error ? err : new Error(String(err)))
      rest(slot)
      dispatch()
    }
  }

  function onMessage(slot: Slot, message: FromWorker) {
    const task = slot.task
    if (!task || message.id !== task.id) return
    if (message.type === 'call') {
      const { call } = message
      const handler = task.calls[message.name]
      Promise.resolve()
        .then(() => {
          if (!handler) throw new Error(`unknown call ${message.name}`)
          return handler(message.input as never)
        })
        .then(
          (answer) => {
            if (slot.task !== task) return
            const { value, list } = unwrap(answer)
            post(slot, { type: 'answer', id: task.id, call, ok: true, value }, list)
          },
          (err: unknown) => {
            if (slot.task !== task) return
            const text = err instanceof Error ? err.message : String(err)
            post(slot, { type: 'answer', id: task.id, call, ok: false, message: text })
          },
        )
      return
    }
    slot.task = undefined
    rest(slot)
    settle(task)
    if (message.ok) task.resolve(message.value as never)
    else {
      const err = new Error(message.message)
      err.name = message.name
      task.reject(err)
    }
    dispatch()
  }

  function dispatch() {
    while (!closed && queue.length) {
      let slot = [...slots].find((s) => !s.task && !s.ending)
      if (!slot) {
        if (slots.size >= size) return
        slot = spawn()
      }
      const task = queue.shift()!
      clearTimeout(slot.idle)
      slot.task = task
      slot.worker.ref()
      post(slot, { type: 'run', id: task.id, task: task.name, input: task.input }, task.transfer)
    }
  }

  return {
    run<T>(name: string, input: unknown, run: CpuRunOptions = {}): Promise<T> {
      if (closed) return Promise.reject(closedError())
      if (!existsSync(script)) {
        return Promise.reject(new Error(`${script} não existe: execute "npm run build" antes.`))
      }
      if (run.signal?.aborted) return Promise.reject(abortError(run.signal))
      return new Promise<T>((resolve, reject) => {
        const task: Task = {
          id: nextId++,
          name,
          input,
          transfer: run.transfer ?? [],
          calls: run.calls ?? {},
          resolve: resolve as (value: never) => void,
          reject,
          signal: run.signal,
        }
        if (run.signal) {
          const signal = run.signal
          task.onAbort = () => {
            const waiting = queue.indexOf(task)
            if (waiting >= 0) {
              queue.splice(waiting, 1)
              settle(task)
              reject(abortError(signal))
              return
            }
            const slot = [...slots].find((s) => s.task === task)
            if (slot) void end(slot, abortError(signal))
          }
          signal.addEventListener('abort', task.onAbort, { once: true })
        }
        if (run.urgent) queue.unshift(task)
        else queue.push(task)
        dispatch()
      })
    },
    async close() {
      if (closed) return
      closed = true
      for (const task of queue.splice(0)) {
        settle(task)
        task.reject(closedError())
      }
      await Promise.all([...slots].map((slot) => end(slot, closedError())))
    },
    get stats() {
      const all = [...slots]
      return {
        threads: all.length,
        busy: all.filter((s) => s.task).length,
        queued: queue.length,
      }
    },
  }
}
