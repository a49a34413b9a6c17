import GeoJSON from 'ol/format/GeoJSON'
import RenderFeature, { type Type } from 'ol/render/Feature'

/**
 * A GeoJSON base layer read off the main thread (geojson.worker.ts): OpenLayers' own GeoJSON
 * reader runs in the worker into render features (flat coordinates, as vector tiles are),
 * whose coordinates cross back as transferable arrays; the map page only wraps them. The
 * offline base layer (Natural Earth's countries, several MB) took the main thread for about
 * 130 ms on a desktop and over half a second on a phone when parsed there (docs/web.md).
 */
export interface TransferredFeature {
  type: Type
  flat: Float64Array
  ends: number[]
  stride: number
  properties: Record<string, unknown>
  id: string | number | undefined
}

/** Reads GeoJSON text into features in `projection` (known to OpenLayers without proj4). */
export function readForTransfer(text: string, projection: string): TransferredFeature[] {
  const format = new GeoJSON<RenderFeature>({ featureClass: RenderFeature })
  const features = format.readFeatures(text, {
    dataProjection: 'EPSG:4326',
    featureProjection: projection,
  })
  return features.map((f) => ({
    type: f.getType(),
    flat: Float64Array.from(f.getFlatCoordinates()),
    ends: [...(f.getEnds() ?? [])],
    stride: f.getStride(),
    properties: { ...f.getProperties() },
    id: f.getId(),
  }))
}

/** The arrays a message of features hands over instead of copying. */
export function transferables(features: readonly TransferredFeature[]): ArrayBuffer[] {
  return features.map((f) => f.flat.buffer as ArrayBuffer)
}

/** The features of a worker's answer, ready for a vector source. */
export function toRenderFeatures(features: readonly TransferredFeature[]): RenderFeature[] {
  return features.map(
    (f) => new RenderFeature(f.type, Array.from(f.flat), f.ends, f.stride, f.properties, f.id),
  )
}
