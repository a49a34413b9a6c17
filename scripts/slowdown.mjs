// How much slower this machine runs than the one the tests' time limits were written on
// (docs/testing.md, "Time limits"). The test configurations (vitest.config.ts, the e2e
// playwright.config.ts) multiply their limits by it, and pass it to the tests as
// TEST_SLOWDOWN, so a limit keeps its margin on a machine three times slower or with both
// cores busy with other work. Measured once per run: a process that finds TEST_SLOWDOWN set
// (a test worker, or a run given it by hand) takes it as is.

/** Median milliseconds of the fixed work on the reference machine (2 cores, quiet). */
const REFERENCE_MS = 74
/** Never below 1 (a quick machine keeps the written limits), never above this. */
const MAX = 8

/** A fixed amount of integer work the JIT cannot skip: about 74 ms on the reference machine. */
function work() {
  let x = 2463534242
  let sum = 0
  for (let i = 0; i < 40_000_000; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    sum = (sum + (x & 0xff)) | 0
  }
  return sum
}

function measure() {
  work()
  const times = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    work()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[2]
}

/** The factor, measured on first call (or read from TEST_SLOWDOWN) and kept in the environment. */
export function slowdown() {
  const given = Number(process.env.TEST_SLOWDOWN)
  if (Number.isFinite(given) && given > 0) return given
  const factor = Math.min(MAX, Math.max(1, measure() / REFERENCE_MS))
  const rounded = Math.round(factor * 10) / 10
  process.env.TEST_SLOWDOWN = String(rounded)
  return rounded
}

/** A time limit written for the reference machine, on this one. */
export const budget = (ms) => Math.round(ms * slowdown())
