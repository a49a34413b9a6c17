import type OlMap from 'ol/Map'
import { createContext, useContext } from 'react'

export const MapContext = createContext<OlMap | null>(null)

/** The one OpenLayers map, inside `MapCanvas`'s children. */
export function useMap(): OlMap {
  const map = useContext(MapContext)
  if (!map) throw new Error('useMap outside MapCanvas')
  return map
}
