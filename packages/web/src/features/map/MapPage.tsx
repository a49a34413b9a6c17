import Box from '@mui/material/Box'
import { useEffect, useMemo, useRef, type ComponentType } from 'react'
import { leaves, viewTree } from '../../map/layer-tree'
import { MapCanvas } from '../../map/MapCanvas'
import { readViewParams } from '../../map/view-url'
import { replaceVisibility } from '../../state/map-slice'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { MapUi } from './MapUi'
import { useMapData } from './use-map-data'

/**
 * The map page at `/`: the one OpenLayers map with the catalogue's layers, the layer manager,
 * the tool column and its tools, identify and selection, the selection drawer and the
 * right-click menu. The view and the shown layers live in the URL. `EditorTool` is the
 * geometry editor (features/feature-editor), shown while the tool 'editor' is on; the
 * composition passes it in (app/screens/MapScreen.tsx).
 */
export function MapPage({ EditorTool }: { EditorTool: ComponentType<{ right: number }> }) {
  const data = useMapData()
  const dispatch = useAppDispatch()
  const m = useAppSelector((s) => s.map)
  const urlAtMount = useRef(readViewParams(new URLSearchParams(window.location.search)))

  const tree = useMemo(
    () => viewTree(data.tree, { visibility: m.visibility, opacity: m.opacity, order: m.order }),
    [data.tree, m.visibility, m.opacity, m.order],
  )

  // A shared link's layers, once the tree is known.
  const appliedUrl = useRef(false)
  useEffect(() => {
    if (appliedUrl.current || data.tree.length === 0) return
    appliedUrl.current = true
    const visible = urlAtMount.current.visible
    if (visible) {
      dispatch(replaceVisibility({ all: leaves(tree).map((n) => n.name), visible }))
    }
  }, [data.tree, tree, dispatch])

  return (
    <Box sx={{ flex: 1, position: 'relative', overflow: 'hidden', minHeight: 0 }}>
      <MapCanvas>
        <MapUi data={data} tree={tree} EditorTool={EditorTool} />
      </MapCanvas>
    </Box>
  )
}
