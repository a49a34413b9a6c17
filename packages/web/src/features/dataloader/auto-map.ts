import { AUTO_MAP_THRESHOLD, bigramSimilarity as similarity } from '@gis/shared'
import type { ColumnMapping } from './dataloader-types'

/**
 * Auto-mapping (spec 2 §5), with the bigram rating the file importer shares: each unmapped
 * column takes the most similar unused destination whose rating is at least 0.4; a
 * destination named id becomes the key.
 */
export function autoMap(
  mappings: ColumnMapping[],
  destinations: { name: string; title: string }[],
): ColumnMapping[] {
  const used = new Set(mappings.map((m) => m.destiny).filter(Boolean))
  return mappings.map((m) => {
    if (m.destiny) return m
    let best: { name: string; title: string } | undefined
    let rating = 0
    for (const d of destinations) {
      if (used.has(d.name)) continue
      const r = Math.max(similarity(m.source, d.name), similarity(m.source, d.title))
      if (r > rating) {
        rating = r
        best = d
      }
    }
    if (!best || rating < AUTO_MAP_THRESHOLD) return m
    used.add(best.name)
    const key = best.name === 'id'
    return { ...m, destiny: best.name, destinyTitle: best.title, primaryKey: key || m.primaryKey }
  })
}
