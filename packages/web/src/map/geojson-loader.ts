import type { FeatureLoader } from 'ol/featureloader'
import type RenderFeature from 'ol/render/Feature'
import type VectorSource from 'ol/source/Vector'
import { toRenderFeatures, type TransferredFeature } from './geojson-transfer'
import type { GeoJsonRequest } from './geojson.worker'

/** Projections the worker's OpenLayers knows by itself (no proj4 definitions there). */
const WORKER_PROJECTIONS = new Set(['EPSG:3857', 'EPSG:4326'])

type Answer = { features: TransferredFeature[] } | { error: string }

/**
 * A vector source's loader that fetches and reads its GeoJSON in a worker
 * (geojson-transfer.ts); `fallback` (OpenLayers' own loader) serves a projection the worker
 * does not know, or a browser without module workers.
 */
export function workerGeoJsonLoader(
  url: string,
  fallback: FeatureLoader<RenderFeature>,
): FeatureLoader<RenderFeature> {
  return function (
    this: VectorSource<RenderFeature>,
    extent,
    resolution,
    projection,
    success,
    failure,
  ) {
    const code = projection.getCode()
    if (!WORKER_PROJECTIONS.has(code) || typeof Worker === 'undefined') {
      fallback.call(this, extent, resolution, projection, success, failure)
      return
    }
    const worker = new Worker(new URL('./geojson.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<Answer>) => {
      worker.terminate()
      if ('error' in event.data) {
        failure?.()
        return
      }
      const features = toRenderFeatures(event.data.features)
      this.addFeatures(features)
      success?.(features)
    }
    worker.onerror = () => {
      worker.terminate()
      failure?.()
    }
    worker.postMessage({ url, projection: code } satisfies GeoJsonRequest)
  }
}
