import type { LayerGeometryType, LayerStyle } from '@gis/shared'
import MVT from 'ol/format/MVT'
import VectorTileLayer from 'ol/layer/VectorTile'
import VectorTileSource from 'ol/source/VectorTile'
import { useEffect, useRef } from 'react'
import { TILE_MAX_ZOOM, TILE_SIZE } from './constants'
import { dropUnwanted } from './held-layers'
import { useMap } from './map-context'
import { layerStyleFunction } from './style'

export interface DataLayerEntry {
  /** The tree node's name. */
  name: string
  /** The catalogue layer (its tiles' path). */
  layer: string
  geometryType: LayerGeometryType
  style: LayerStyle
  dataVersion: number
  visible: boolean
  /** 0–255. */
  opacity: number
  zIndex: number
}

/**
 * The URL of a layer's vector tiles. The session token travels as `?token=` (decision 30 lets
 * the map services take it there): OpenLayers' own tile loader can then fetch, abort and retry
 * tiles, and the URL, which carries the data version, is what the browser caches.
 */
export function tileUrl(layer: string, dataVersion: number, token: string | null): string {
  const query = new URLSearchParams({ v: String(dataVersion) })
  if (token) query.set('token', token)
  return `/api/tiles/${encodeURIComponent(layer)}/{z}/{x}/{y}.pbf?${query.toString()}`
}

interface Held {
  layer: VectorTileLayer
  signature: string
  url: string
}

/**
 * The catalogue's layers as vector-tile layers styled from their catalogue style. An edit
 * changes the layer's data version, hence its tile URL: the layer then reloads its tiles.
 */
export function useDataLayers(entries: readonly DataLayerEntry[], token: string | null) {
  const map = useMap()
  const held = useRef(new Map<string, Held>())

  useEffect(() => {
    const current = held.current
    const drop = (h: Held) => {
      map.removeLayer(h.layer)
      h.layer.dispose()
    }
    dropUnwanted(current, entries, drop)
    for (const entry of entries) {
      const signature = JSON.stringify([entry.layer, entry.geometryType, entry.style])
      const url = tileUrl(entry.layer, entry.dataVersion, token)
      let h = current.get(entry.name)
      if (h && h.signature !== signature) {
        drop(h)
        h = undefined
      }
      if (!h) {
        const source = new VectorTileSource({
          format: new MVT(),
          url,
          tileSize: TILE_SIZE,
          maxZoom: TILE_MAX_ZOOM,
        })
        const grid = source.getTileGrid()!
        // A tile's width in map units at the zoom its tiles are drawn from.
        const tileSpan = (resolution: number) =>
          grid.getResolution(grid.getZForResolution(resolution)) * TILE_SIZE
        const layer = new VectorTileLayer({
          source,
          style: layerStyleFunction(entry.geometryType, entry.style, tileSpan),
          declutter: Boolean(entry.style.label),
          properties: { gisLayer: entry.layer },
        })
        map.addLayer(layer)
        h = { layer, signature, url }
        current.set(entry.name, h)
      } else if (h.url !== url) {
        h.layer.getSource()?.setUrl(url)
        h.url = url
      }
      h.layer.setVisible(entry.visible)
      h.layer.setOpacity(entry.opacity / 255)
      h.layer.setZIndex(entry.zIndex)
    }
  }, [map, entries, token])

  useEffect(() => {
    const current = held.current
    return () => {
      for (const h of current.values()) {
        map.removeLayer(h.layer)
        h.layer.dispose()
      }
      current.clear()
    }
  }, [map])
}
