/**
 * The worker thread's side of the CPU pool: runs the tasks the main thread sends, one at a
 * time, and answers their results. The worker entry (`src/cpu-worker.ts`) names the tasks.
 */
import { parentPort } from 'node:worker_threads'
import { unwrap, type FromWorker, type ToWorker } from './cpu-protocol'

/** What a task may do besides computing: ask the main thread (the database, the files). */
export interface TaskScope {
  call(name: string, input: unknown, transfer?: ArrayBuffer[]): Promise<unknown>
}

/** A task: its input as sent (structured clone), its result (a Transfer to move buffers). */
export type CpuTask = (input: never, scope: TaskScope) => unknown

/** Serves the tasks on this worker thread's port. */
export function serveTasks(tasks: Record<string, CpuTask>): void {
  const port = parentPort
  if (!port) throw new Error('the CPU worker must run as a worker thread')
  const post = (message: FromWorker, list: ArrayBuffer[] = []) => port.postMessage(message, list)
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let nextCall = 1

  async function run(id: number, name: string, input: unknown) {
    const task = tasks[name]
    const scope: TaskScope = {
      call(callName, callInput, transfer = []) {
        const call = nextCall++
        return new Promise((resolve, reject) => {
          calls.set(call, { resolve, reject })
          post({ type: 'call', id, call, name: callName, input: callInput }, transfer)
        })
      },
    }
    try {
      if (!task) throw new Error(`unknown CPU task ${name}`)
      const result = unwrap(await task(input as never, scope))
      post({ type: 'done', id, ok: true, value: result.value }, result.list)
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err))
      post({ type: 'done', id, ok: false, message: error.message, name: error.name })
    }
  }

  port.on('message', (message: ToWorker) => {
    if (message.type === 'run') {
      void run(message.id, message.task, message.input)
      return
    }
    const pending = calls.get(message.call)
    if (!pending) return
    calls.delete(message.call)
    if (message.ok) pending.resolve(message.value)
    else pending.reject(new Error(message.message))
  })
}
