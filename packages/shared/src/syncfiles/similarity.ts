/**
 * Name similarity of the importers' AUTO MAPEAR (spec 2 §5 'Auto-mapping (both importers)'):
 * the Dice coefficient of the two names' letter pairs (bigrams), spaces removed and case
 * ignored. 1 is the same name, 0 nothing in common. Pure, so the data-import wizard reuses it.
 */
export function bigramSimilarity(a: string, b: string): number {
  const x = a.replace(/\s+/g, '').toLowerCase()
  const y = b.replace(/\s+/g, '').toLowerCase()
  if (x === y) return 1
  if (x.length < 2 || y.length < 2) return 0
  const pairs = new Map<string, number>()
  for (let i = 0; i < x.length - 1; i++) {
    const pair = x.slice(i, i + 2)
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1)
  }
  let shared = 0
  for (let i = 0; i < y.length - 1; i++) {
    const pair = y.slice(i, i + 2)
    const left = pairs.get(pair) ?? 0
    if (left > 0) {
      pairs.set(pair, left - 1)
      shared++
    }
  }
  return (2 * shared) / (x.length + y.length - 2)
}

/** Auto-mapping uses a match only when its rating is at least this (spec 2 §5, §9). */
export const AUTO_MAP_THRESHOLD = 0.4

/** The best of the candidates for a name: its index and rating, or undefined below the threshold. */
export function bestMatch(
  name: string,
  candidates: readonly string[],
  threshold = AUTO_MAP_THRESHOLD,
): { index: number; rating: number } | undefined {
  let best: { index: number; rating: number } | undefined
  candidates.forEach((candidate, index) => {
    const rating = bigramSimilarity(name, candidate)
    if (rating >= threshold && (!best || rating > best.rating)) best = { index, rating }
  })
  return best
}
