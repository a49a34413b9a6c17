import type Feature from 'ol/Feature'
import type { FeatureKey } from '../state/map-slice'

/**
 * Geometries of features the map has queried or been asked to show, in the map's projection,
 * by `layer.id` (null: the feature has no geometry). The selection and the highlight read
 * them here instead of asking the server again; the oldest go past 5,000 entries.
 */
const MAX_ENTRIES = 5000
const cache = new Map<string, Feature | null>()

export const featureKey = (k: FeatureKey) => `${k.layer}.${k.id}`

export function cachedFeature(k: FeatureKey): Feature | null | undefined {
  return cache.get(featureKey(k))
}

export function cacheFeature(k: FeatureKey, feature: Feature | null): void {
  const key = featureKey(k)
  cache.delete(key)
  cache.set(key, feature)
  if (cache.size > MAX_ENTRIES) {
    for (const old of cache.keys()) {
      cache.delete(old)
      if (cache.size <= MAX_ENTRIES) break
    }
  }
}

export function clearFeatureCache(): void {
  cache.clear()
}
