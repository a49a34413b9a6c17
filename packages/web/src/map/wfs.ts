import type { Extent } from 'ol/extent'
import type Feature from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import type { FeatureKey } from '../state/map-slice'
import { MAX_QUERY_FEATURES } from './constants'
import type { WfsFeatureCollection } from './map.api'

/** The WFS namespace and prefix of the server's feature types (`gis:<layer>`). */
export const FEATURE_NS = 'urn:x-gis-web:features'
export const FEATURE_PREFIX = 'gis'

/**
 * The GetFeature request of identify and box selection, written by `ol/format/WFS` (loaded on
 * the first query): WFS 2.0.0, the layers' types, a BBOX filter in EPSG:4326, the id and the
 * geometry only, GeoJSON answered in the map's projection, at most 100 features.
 */
export async function getFeatureXml(
  typeNames: readonly string[],
  box4326: Extent,
): Promise<string> {
  const [{ default: WFS }, { bbox }] = await Promise.all([
    import('ol/format/WFS'),
    import('ol/format/filter'),
  ])
  const node = new WFS({ version: '2.0.0' }).writeGetFeature({
    featureNS: FEATURE_NS,
    featurePrefix: FEATURE_PREFIX,
    featureTypes: [...typeNames],
    srsName: 'EPSG:3857',
    outputFormat: 'application/json',
    count: MAX_QUERY_FEATURES,
    propertyNames: ['id', 'geom'],
    filter: bbox('geom', box4326, 'EPSG:4326'),
  })
  return new XMLSerializer().serializeToString(node)
}

export interface QueriedFeature extends FeatureKey {
  feature: Feature
}

/** The answer's features with their layer and id (GeoJSON ids are `layer.id`). */
export function readFeatureCollection(collection: WfsFeatureCollection): QueriedFeature[] {
  const format = new GeoJSON()
  const out: QueriedFeature[] = []
  for (const raw of collection.features ?? []) {
    const key = featureKeyOf(raw.id, raw.properties)
    if (!key) continue
    const feature = format.readFeature(raw, {
      dataProjection: 'EPSG:3857',
      featureProjection: 'EPSG:3857',
    }) as Feature
    out.push({ ...key, feature })
  }
  return out
}

export function featureKeyOf(
  fid: string | number | undefined,
  properties: Record<string, unknown> | null,
): FeatureKey | null {
  if (typeof fid !== 'string') return null
  const dot = fid.lastIndexOf('.')
  if (dot <= 0) return null
  const id = Number(properties?.id ?? fid.slice(dot + 1))
  return Number.isSafeInteger(id) ? { layer: fid.slice(0, dot), id } : null
}

/** How many features of each layer, in the order the layers first appear. */
export function countByLayer(items: readonly FeatureKey[]): { layer: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const { layer } of items) counts.set(layer, (counts.get(layer) ?? 0) + 1)
  return [...counts].map(([layer, count]) => ({ layer, count }))
}
