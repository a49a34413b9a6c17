import { Worker } from 'node:worker_threads'

/**
 * Asks /healthz every 50 ms from a thread of its own (the test's thread is the server's) and
 * answers how long each answer took, as a client sees it. The thread's first request (its
 * HTTP client loading, a new connection) is a warm-up, not counted: `ready` waits for it.
 */
export function healthProbe(baseUrl: string) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads')
    const times = []
    let running = true
    parentPort.on('message', () => (running = false))
    ;(async () => {
      await (await fetch(workerData + '/healthz')).text()
      parentPort.postMessage('ready')
      while (running) {
        const start = performance.now()
        const res = await fetch(workerData + '/healthz')
        await res.text()
        times.push(res.status === 200 ? performance.now() - start : Infinity)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      parentPort.postMessage(times)
    })()
  `
  const worker = new Worker(code, { eval: true, workerData: baseUrl })
  let warmed: () => void
  const ready = new Promise<void>((resolve) => (warmed = resolve))
  const times = new Promise<number[]>((resolve, reject) => {
    worker.on('message', (msg: 'ready' | number[]) => (msg === 'ready' ? warmed() : resolve(msg)))
    worker.once('error', reject)
  })
  return {
    ready: () => ready,
    async stop() {
      worker.postMessage('stop')
      const all = await times
      await worker.terminate()
      return all
    },
  }
}

/** The q-th percentile (0–100) of some times, in their unit. */
export function percentile(times: readonly number[], q: number): number {
  if (!times.length) return NaN
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]!
}
