import type { BaseLayer } from '@gis/shared'
import { xhr } from 'ol/featureloader'
import GeoJSON from 'ol/format/GeoJSON'
import type Layer from 'ol/layer/Layer'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import RenderFeature from 'ol/render/Feature'
import OSM from 'ol/source/OSM'
import TileWMS from 'ol/source/TileWMS'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import type { ServerType } from 'ol/source/wms'
import Fill from 'ol/style/Fill'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { createXYZ } from 'ol/tilegrid'
import { workerGeoJsonLoader } from './geojson-loader'

/**
 * A base layer record (GET /api/base-layers/active) as an OpenLayers layer, for each source
 * type of the spec (spec 3 section 3): osm, wms (512-pixel tiles, QGIS server type,
 * transparency, version), xyz (projection, zoom range) and geojson (a vector layer with its
 * fill, stroke and background colours, shown in its zoom range). Tiled sources stop at
 * `zmax` and are over-zoomed past it; a GeoJSON layer is shown from `zmin` to `zmax`.
 */
export function createBaseLayer(record: BaseLayer): Layer {
  const options = record.options as Record<string, unknown>
  const str = (key: string) =>
    typeof options[key] === 'string' ? (options[key] as string) : undefined
  const bool = (key: string, fallback: boolean) =>
    typeof options[key] === 'boolean' ? (options[key] as boolean) : fallback
  const url = record.url ?? undefined
  const attributions = str('attribution')
  switch (record.type) {
    case 'osm':
      return new TileLayer({
        source: new OSM({ url, maxZoom: record.zmax ?? 19, crossOrigin: 'anonymous' }),
      })
    case 'xyz':
      return new TileLayer({
        source: new XYZ({
          url,
          projection: str('projection') ?? 'EPSG:3857',
          minZoom: record.zmin ?? 0,
          maxZoom: record.zmax ?? 19,
          crossOrigin: 'anonymous',
          attributions,
        }),
      })
    case 'wms':
      return new TileLayer({
        source: new TileWMS({
          url,
          params: {
            LAYERS: str('layers') ?? record.name,
            TILED: bool('tiled', true),
            TRANSPARENT: bool('transparent', false),
            VERSION: str('version') ?? '1.3.0',
            FORMAT: str('format') ?? 'image/png',
          },
          serverType: str('serverType') as ServerType | undefined,
          tileGrid: createXYZ({ tileSize: 512, maxZoom: record.zmax ?? 22 }),
          crossOrigin: 'anonymous',
          attributions,
        }),
      })
    case 'geojson':
      return new VectorLayer({
        source: new VectorSource<RenderFeature>({
          // Read in a worker: the offline base layer is several megabytes of GeoJSON.
          loader: url
            ? workerGeoJsonLoader(
                url,
                xhr(url, new GeoJSON<RenderFeature>({ featureClass: RenderFeature })),
              )
            : undefined,
          attributions,
        }),
        style: new Style({
          fill: new Fill({ color: str('fill') ?? '#f5f3ea' }),
          stroke: new Stroke({ color: str('stroke') ?? '#8d8d8d', width: 1 }),
        }),
        background: str('background'),
        // OpenLayers' minZoom is exclusive, maxZoom inclusive.
        minZoom: record.zmin ? record.zmin - 1 : undefined,
        maxZoom: record.zmax ?? undefined,
        updateWhileInteracting: true,
      })
  }
}

/** A base layer served by this server (a relative URL): it works without internet. */
export function isOffline(record: BaseLayer): boolean {
  return record.type === 'geojson' && !!record.url && record.url.startsWith('/')
}
