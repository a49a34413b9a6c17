import type { Extent } from 'ol/extent'
import Feature from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import { useCallback } from 'react'
import type { FeatureKey } from '../state/map-slice'
import { cacheFeature, cachedFeature } from './feature-cache'
import { useFeatureGeometriesMutation, useWfsGetFeatureMutation } from './map.api'
import { getFeatureXml, readFeatureCollection, type QueriedFeature } from './wfs'

/**
 * Identify and box selection: a WFS GetFeature over the given layers and box (at most 100
 * features), whose geometries go to the feature cache for the highlight.
 */
export function useFeatureQuery() {
  const [getFeature] = useWfsGetFeatureMutation()
  return useCallback(
    async (typeNames: readonly string[], box4326: Extent): Promise<QueriedFeature[]> => {
      if (typeNames.length === 0) return []
      const xml = await getFeatureXml(typeNames, box4326)
      const items = readFeatureCollection(await getFeature({ xml }).unwrap())
      for (const item of items) cacheFeature(item, item.feature)
      return items
    },
    [getFeature],
  )
}

/** Ids per request to POST /api/features/{layer}/geometries. */
const GEOMETRY_BATCH = 1000

/**
 * The geometries of features to show on the map (showOnMap): those not cached yet are asked
 * per layer (EPSG:4326) and cached in the map's projection; null for a feature without one.
 */
export function useFeatureGeometries() {
  const [fetchGeometries] = useFeatureGeometriesMutation()
  return useCallback(
    async (items: readonly FeatureKey[]): Promise<(Feature | null)[]> => {
      const missing = new Map<string, number[]>()
      for (const item of items) {
        if (cachedFeature(item) !== undefined) continue
        missing.set(item.layer, [...(missing.get(item.layer) ?? []), item.id])
      }
      const format = new GeoJSON()
      for (const [layer, ids] of missing) {
        for (let i = 0; i < ids.length; i += GEOMETRY_BATCH) {
          const batch = ids.slice(i, i + GEOMETRY_BATCH)
          const rows = await fetchGeometries({ layer, ids: batch }).unwrap()
          const byId = new Map(rows.map((r) => [r.id, r.geometry]))
          for (const id of batch) {
            const geometry = byId.get(id)
            cacheFeature(
              { layer, id },
              geometry
                ? new Feature(
                    format.readGeometry(geometry, {
                      dataProjection: 'EPSG:4326',
                      featureProjection: 'EPSG:3857',
                    }) ?? undefined,
                  )
                : null,
            )
          }
        }
      }
      return items.map((item) => cachedFeature(item) ?? null)
    },
    [fetchGeometries],
  )
}
