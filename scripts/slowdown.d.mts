/** How much slower this machine runs than the reference one (scripts/slowdown.mjs). */
export function slowdown(): number
/** A time limit written for the reference machine, on this one. */
export function budget(ms: number): number
