import type { Extent } from 'ol/extent'
import type OlMap from 'ol/Map'
import { useEffect, useRef } from 'react'
import { useMap } from '../map-context'
import { toolGate, type ToolGate } from '../tool-gate'

export interface MapQuery {
  /** The box to query, in EPSG:4326. */
  box4326: Extent
  /** Add to the selection (Shift or Ctrl held) instead of replacing it. */
  add: boolean
}

/**
 * A tool that asks which features lie in a box (info-click, drag-box): while `enabled`,
 * `install` puts its interaction on the map, with the map's tool gate and `report` (which
 * calls the newest `onQuery`), and answers how to take it off. `install` is a module function.
 */
export function useQueryTool(
  enabled: boolean,
  onQuery: (query: MapQuery) => void,
  install: (map: OlMap, gate: ToolGate, report: (query: MapQuery) => void) => () => void,
) {
  const map = useMap()
  const handler = useRef(onQuery)
  handler.current = onQuery
  useEffect(() => {
    if (!enabled) return
    return install(map, toolGate(map), (query) => handler.current(query))
  }, [map, enabled, install])
}
