import type { BaseLayer } from '@gis/shared'
import Box from '@mui/material/Box'
import type OlMap from 'ol/Map'
import { useMemo, useState, type ReactNode } from 'react'
import { isOffline } from '../../../map/base-layers'
import { MapCanvas } from '../../../map/MapCanvas'
import { useBaseLayers, type BaseLayerEntry } from '../../../map/use-base-layers'
import { useGetActiveBaseLayersQuery } from '../../../api/layers.api'

/**
 * The small maps of the control panel (the start box, the base layer preview): the one
 * OpenLayers map of src/map in a framed box of the given height, with its layers as children.
 */
export function AdminMap({
  height,
  label,
  onReady,
  children,
}: {
  height: number | Record<string, number>
  label: string
  onReady?: (map: OlMap) => void
  children?: ReactNode
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        position: 'relative',
        height,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <MapCanvas onReady={onReady}>{children}</MapCanvas>
    </Box>
  )
}

const entryOf = (record: BaseLayer, prefix: string): BaseLayerEntry => ({
  name: `${prefix}-${record.id}`,
  record,
  visible: true,
  opacity: 255,
  zIndex: 0,
})

/**
 * The background users see first (the visible base layer); when it cannot load at all
 * (OpenStreetMap without internet), the one this server serves, as on the map page.
 */
export function DefaultBaseLayer() {
  const records = useGetActiveBaseLayersQuery().data
  const [failed, setFailed] = useState(false)
  const entries = useMemo(() => {
    const list = records ?? []
    const preferred = list.find((r) => r.visible) ?? list[0]
    const record = failed ? (list.find(isOffline) ?? preferred) : preferred
    return record ? [entryOf(record, 'admin-base')] : []
  }, [records, failed])
  useBaseLayers(entries, () => setFailed(true))
  return null
}

/** One base layer record on the map, as users will see it; `onFailed` when nothing loads. */
export function RecordBaseLayer({
  record,
  onFailed,
}: {
  record: BaseLayer | null
  onFailed: () => void
}) {
  const entries = useMemo(() => (record ? [entryOf(record, 'preview')] : []), [record])
  useBaseLayers(entries, onFailed)
  return null
}
