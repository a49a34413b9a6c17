/**
 * A time limit of a test, written for the reference machine, on this one: multiplied by how
 * much slower this machine runs (TEST_SLOWDOWN, measured once per run by scripts/slowdown.mjs
 * and passed by vitest.config.ts; 1 when a file runs outside it).
 */
export const SLOWDOWN = Math.max(1, Number(process.env.TEST_SLOWDOWN) || 1)

export const budget = (ms: number) => Math.round(ms * SLOWDOWN)
