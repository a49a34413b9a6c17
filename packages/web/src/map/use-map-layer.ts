import type BaseLayer from 'ol/layer/Base'
import { useEffect } from 'react'
import { useMap } from './map-context'

/** Keeps `layer` on the map while the component is mounted. */
export function useMapLayer(layer: BaseLayer) {
  const map = useMap()
  useEffect(() => {
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
    }
  }, [map, layer])
}
