/** The lists the values of a test layer's rows come from. */
export interface RowValueLists {
  strings: readonly string[]
  numbers: readonly number[]
  ints: readonly number[]
  dates: readonly string[]
  datetimes: readonly string[]
  times: readonly string[]
}

function pick<T>(list: readonly T[], i: number, nullEvery: number): T | null {
  return i % nullEvery === 0 ? null : list[i % list.length]!
}

/**
 * The values of row `i` of a test layer's fields s, n, i, k, b, d, dt and tm, in that order:
 * taken from the lists in turn, with NULLs spread out so that every field has some.
 */
export function rowValues(i: number, v: RowValueLists): (string | number | boolean | null)[] {
  return [
    pick(v.strings, i, 11),
    pick(v.numbers, i, 7),
    pick(v.ints, i + 1, 6),
    pick(v.numbers, i + 3, 8),
    i % 9 === 0 ? null : i % 2 === 0,
    pick(v.dates, i, 10),
    pick(v.datetimes, i + 1, 4),
    pick(v.times, i + 2, 5),
  ]
}
