import 'ol/ol.css'
import './map.css'
import Box from '@mui/material/Box'
import type OlMap from 'ol/Map'
import { t } from '@gis/shared/i18n'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createMap } from './create-map'
import { MapContext } from './map-context'

/**
 * Mounts the one OpenLayers map into its region and gives it to its children (layers and
 * tools as hooks that clean up after themselves). The map is disposed when the page goes.
 */
export function MapCanvas({
  onReady,
  children,
}: {
  onReady?: (map: OlMap) => void
  children?: ReactNode
}) {
  const target = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<OlMap | null>(null)
  const ready = useRef(onReady)
  ready.current = onReady

  useEffect(() => {
    const created = createMap(target.current!)
    setMap(created)
    ready.current?.(created)
    return () => {
      created.setTarget(undefined)
      created.dispose()
      setMap(null)
    }
  }, [])

  return (
    <MapContext.Provider value={map}>
      <Box
        ref={target}
        role="region"
        aria-label={t('map.region')}
        data-testid="map"
        data-render="loading"
        className="gis-map"
        // Focused, the map pans with the arrow keys and zooms with + and -.
        tabIndex={0}
        sx={{ position: 'absolute', inset: 0, bgcolor: '#e8eef1' }}
      />
      {map && children}
    </MapContext.Provider>
  )
}
