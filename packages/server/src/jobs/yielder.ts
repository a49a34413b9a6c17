import { setImmediate as nextTurn } from 'node:timers/promises'

/** The longest a long loop (reading an upload, writing an export) holds the event loop. */
const SLICE_MS = 10

/**
 * A pause to call often inside CPU-bound loops: once SLICE_MS have passed it gives the event
 * loop a turn, so requests (`/healthz` included) are answered meanwhile; else it costs nothing.
 */
export function yielder(): () => Promise<void> {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < SLICE_MS) return
    await nextTurn()
    since = performance.now()
  }
}
