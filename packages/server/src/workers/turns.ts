/**
 * Turns: at most `size` holders at once, the others waiting in order of arrival. `take()`
 * answers the function that gives the turn back (calling it twice gives it back once).
 */
export interface Turns {
  take(): Promise<() => void>
  /** Holding a turn now, and waiting for one. */
  running(): number
  waiting(): number
}

export function createTurns(size: number): Turns {
  const limit = Math.max(1, size)
  const queue: (() => void)[] = []
  let running = 0
  return {
    async take() {
      if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve))
      else running++
      let given = false
      return () => {
        if (given) return
        given = true
        const next = queue.shift()
        // The turn passes straight to the next in line (running stays the same).
        if (next) next()
        else running--
      }
    },
    running: () => running,
    waiting: () => queue.length,
  }
}
