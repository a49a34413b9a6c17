import type Feature from 'ol/Feature'
import type BaseLayer from 'ol/layer/Base'
import VectorLayer, { type Options } from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { useEffect, useState } from 'react'
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

type VectorOptions = Omit<Options<VectorSource<Feature>>, 'source'>

/**
 * A vector layer of the component's own (made once, from the options `make` gives), kept on
 * the map while it is mounted; its features go in `source`.
 */
export function useVectorLayer(make: () => VectorOptions) {
  const [made] = useState(() => {
    const source = new VectorSource<Feature>()
    return { source, layer: new VectorLayer({ ...make(), source }) }
  })
  useMapLayer(made.layer)
  return made
}
