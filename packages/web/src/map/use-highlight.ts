import { useEffect } from 'react'
import type { FeatureKey } from '../state/map-slice'
import { cachedFeature, featureKey } from './feature-cache'
import { highlightStyles } from './style'
import { useVectorLayer } from './use-map-layer'

/** Above every layer of the map. */
const HIGHLIGHT_Z = 10_000

/**
 * Draws the selected features above every layer (the located one stronger). Geometries come
 * from the feature cache; `revision` tells when it gained some.
 */
export function useHighlight(
  selection: readonly FeatureKey[],
  focused: FeatureKey | null,
  revision: number,
) {
  const { source } = useVectorLayer(() => {
    const styles = highlightStyles()
    return {
      zIndex: HIGHLIGHT_Z,
      style: (feature) => (feature.get('gisFocused') ? styles.focused : styles.selected),
      updateWhileAnimating: true,
      updateWhileInteracting: true,
    }
  })

  useEffect(() => {
    source.clear(true)
    const focusKey = focused ? featureKey(focused) : null
    const features = []
    for (const item of selection) {
      const feature = cachedFeature(item)
      if (!feature) continue
      feature.set('gisFocused', featureKey(item) === focusKey, true)
      features.push(feature)
    }
    source.addFeatures(features)
  }, [source, selection, focused, revision])
}
