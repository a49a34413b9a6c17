import { useEffect, useMemo, useRef } from 'react'
import { isOffline } from '../../map/base-layers'
import { useMap } from '../../map/map-context'
import { useBaseLayers, type BaseLayerEntry } from '../../map/use-base-layers'
import { useGetActiveBaseLayersQuery, useGetMapConfigQuery } from '../layers/layers.api'

/**
 * The editor map's background: the base layer served by this server (it works without
 * internet), else the one shown first on the map.
 */
export function EditorBaseLayer() {
  const records = useGetActiveBaseLayersQuery().data
  const entries = useMemo<BaseLayerEntry[]>(() => {
    const list = records ?? []
    const record = list.find(isOffline) ?? list.find((r) => r.visible) ?? list[0]
    return record
      ? [{ name: `editor-base-${record.id}`, record, visible: true, opacity: 255, zIndex: 0 }]
      : []
  }, [records])
  useBaseLayers(entries, () => undefined)
  return null
}

/** Starts the editor map on the configured start extent. */
export function EditorStartView() {
  const map = useMap()
  const config = useGetMapConfigQuery().data
  const done = useRef(false)
  useEffect(() => {
    if (!config || done.current) return
    done.current = true
    map.getView().fit(config.mapStartPos, { size: map.getSize() })
  }, [map, config])
  return null
}
