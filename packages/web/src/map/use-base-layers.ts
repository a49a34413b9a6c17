import type { BaseLayer } from '@gis/shared'
import type Layer from 'ol/layer/Layer'
import type TileSource from 'ol/source/Tile'
import type VectorSource from 'ol/source/Vector'
import { useEffect, useRef } from 'react'
import { createBaseLayer } from './base-layers'
import { dropUnwanted } from './held-layers'
import { useMap } from './map-context'

export interface BaseLayerEntry {
  name: string
  record: BaseLayer
  visible: boolean
  /** 0–255. */
  opacity: number
  zIndex: number
}

/** A base layer that failed this many tiles before any loaded is taken as unreachable. */
const FAILED_TILES = 3

interface Held {
  layer: Layer
  signature: string
  failed: boolean
}

/**
 * Keeps the map's base layers in step with the records and the user's choices. Reports once
 * a shown base layer that cannot load at all (no internet for OpenStreetMap), so the page can
 * switch to one that works offline.
 */
export function useBaseLayers(
  entries: readonly BaseLayerEntry[],
  onFailed: (name: string) => void,
) {
  const map = useMap()
  const held = useRef(new Map<string, Held>())
  const failed = useRef(onFailed)
  failed.current = onFailed

  useEffect(() => {
    const current = held.current
    dropUnwanted(current, entries, (h) => map.removeLayer(h.layer))
    for (const entry of entries) {
      const signature = JSON.stringify(entry.record)
      let h = current.get(entry.name)
      if (h && h.signature !== signature) {
        map.removeLayer(h.layer)
        h = undefined
      }
      if (!h) {
        const layer = createBaseLayer(entry.record)
        const made: Held = { layer, signature, failed: false }
        watchFailure(layer, () => {
          if (made.failed) return
          made.failed = true
          failed.current(entry.name)
        })
        map.addLayer(layer)
        current.set(entry.name, made)
        h = made
      }
      h.layer.setVisible(entry.visible)
      h.layer.setOpacity(entry.opacity / 255)
      h.layer.setZIndex(entry.zIndex)
    }
  }, [map, entries])

  useEffect(() => {
    const current = held.current
    return () => {
      for (const h of current.values()) map.removeLayer(h.layer)
      current.clear()
    }
  }, [map])
}

function watchFailure(layer: Layer, report: () => void) {
  const source = layer.getSource() as (TileSource & VectorSource) | null
  if (!source) return
  let loaded = 0
  let errors = 0
  source.on('tileloadend' as never, () => {
    loaded++
  })
  source.on('tileloaderror' as never, () => {
    errors++
    if (loaded === 0 && errors >= FAILED_TILES) report()
  })
  source.on('featuresloaderror' as never, () => report())
}
