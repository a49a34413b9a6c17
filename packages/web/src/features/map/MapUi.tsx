import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import { useNavigate } from 'react-router'
import { LAYER_MANAGER_WIDTH, SELECTION_DRAWER_WIDTH } from '../../map/constants'
import { visibleNames, type ViewNode } from '../../map/layer-tree'
import { useMap } from '../../map/map-context'
import { SurveyTracksOverlay } from '../../map/SurveyTracksOverlay'
import { useMapContextMenu, type MapContextMenuEvent } from '../../map/tools/context-menu'
import { useDragBox } from '../../map/tools/drag-box'
import { useInfoClick } from '../../map/tools/info-click'
import {
  closeDrawer,
  filterDrawerLayer,
  openDrawer,
  setLayerManagerOpen,
  setTool,
  type MapTool,
} from '../../state/map-slice'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { useSessionToken } from '../../state/session'
import { CoordinatesPanel } from './CoordinatesPanel'
import { InfoPanel } from './InfoPanel'
import { MapContextMenu } from './MapContextMenu'
import { MapLayers } from './MapLayers'
import { MapLayerManager, MapSelectionDrawer } from './MapSidePanels'
import { queryableLayers } from './map-model'
import { MeasurePanel } from './MeasurePanel'
import { ToolColumn } from './ToolColumn'
import { useIdentify } from './use-identify'
import { useLocateMe, useMapCommands, useOrbitClick } from './use-map-commands'
import type { MapData } from './use-map-data'
import { useRevealBeside } from './use-reveal'
import { useShowOnMap } from './use-show-on-map'
import { useViewSync } from './use-view-sync'

/** The second word of `Bearer <token>`: what `?token=` carries. */
function urlToken(authorization: string | null): string | null {
  return authorization ? (authorization.split(' ')[1] ?? authorization) : null
}

/** The tool column and its margin, beside the selection drawer (px). */
const TOOL_COLUMN_ROOM = 72

/** Room both drawers and the map need before the layer manager must give way (px). */
const BOTH_DRAWERS_MIN_WIDTH = LAYER_MANAGER_WIDTH + SELECTION_DRAWER_WIDTH + 360

/**
 * The map page's controls over the map: drawers, panels, tools and the right-click menu. The
 * geometry editor (tool 'editor') is another feature's: the composition hands it in.
 */
export function MapUi({
  data,
  tree,
  EditorTool,
}: {
  data: MapData
  tree: ViewNode[]
  EditorTool: ComponentType<{ right: number }>
}) {
  const map = useMap()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const theme = useTheme()
  const desktop = useMediaQuery(theme.breakpoints.up('md'))
  const roomy = useMediaQuery(`(min-width: ${BOTH_DRAWERS_MIN_WIDTH}px)`)
  const wideDefault = useMediaQuery('(min-width: 1200px)')
  const m = useAppSelector((s) => s.map)
  const token = urlToken(useSessionToken())
  const orbit = data.modules.includes('orbit')
  const imagery = orbit || data.modules.includes('smmcad')
  const [menu, setMenu] = useState<MapContextMenuEvent | null>(null)

  const managerOpen = m.layerManagerOpen ?? wideDefault
  const drawerOpen = m.drawer.open
  const shownNames = useMemo(
    () => (data.tree.length ? visibleNames(tree) : null),
    [data.tree, tree],
  )

  // The layer manager gives way to the selection drawer, when it opens, where both do not fit.
  const wasOpen = useRef(drawerOpen)
  useEffect(() => {
    const opened = drawerOpen && !wasOpen.current
    wasOpen.current = drawerOpen
    if (opened && managerOpen && (!roomy || !desktop)) dispatch(setLayerManagerOpen(false))
  }, [drawerOpen, managerOpen, roomy, desktop, dispatch])

  const padding = useCallback(() => {
    const left = desktop && managerOpen ? LAYER_MANAGER_WIDTH + 32 : 48
    const right = (desktop && drawerOpen ? SELECTION_DRAWER_WIDTH : 0) + 80
    return [48, right, 48, left]
  }, [desktop, managerOpen, drawerOpen])

  useViewSync({
    startExtent: data.mapConfig?.mapStartPosLonLat,
    startSettled: data.mapConfigSettled,
    visibleNames: shownNames,
    padding,
  })
  const identify = useMapIdentify(tree, data, m.tool, desktop, managerOpen && roomy)
  useOrbitClick(map, m.tool === 'orbit')
  const commands = useMapCommands(map, data, padding)
  useShowOnMap(map, tree, padding, commands.redrawHighlight)
  const geolocation = useLocateMe()
  const menuControl = useMapContextMenu(setMenu)

  const chooseTool = (tool: MapTool) => {
    dispatch(setTool(m.tool === tool && tool !== 'info' ? 'info' : tool))
    if (tool !== 'info' && tool !== 'box') identify.close()
  }
  const panelRight = (desktop && drawerOpen ? SELECTION_DRAWER_WIDTH : 0) + 72
  const columnRight = (desktop && drawerOpen ? SELECTION_DRAWER_WIDTH : 0) + 12
  const titleOf = (layer: string) => data.descriptions.get(layer)?.title ?? layer

  return (
    <>
      <MapLayers
        tree={tree}
        descriptions={data.descriptions}
        baseLayers={data.baseLayers}
        token={token}
        highlightRevision={commands.highlightRevision}
      />
      <MapLayerManager
        open={managerOpen}
        desktop={desktop}
        tree={tree}
        loading={data.treeLoading}
        token={token}
        onFit={commands.fitLayer}
      />
      {identify.info && (m.tool === 'info' || m.tool === 'box') && (
        <InfoPanel
          info={identify.info}
          titleOf={titleOf}
          onLayer={(layer) => dispatch(filterDrawerLayer(layer))}
          onClose={identify.close}
          left={desktop && managerOpen ? LAYER_MANAGER_WIDTH + 12 : desktop ? 140 : 12}
          right={desktop && drawerOpen ? SELECTION_DRAWER_WIDTH + 72 : 72}
        />
      )}
      {m.tool === 'coordinates' && (
        <CoordinatesPanel onClose={() => dispatch(setTool('info'))} right={panelRight} />
      )}
      {m.tool === 'measure' && (
        <MeasurePanel onClose={() => dispatch(setTool('info'))} right={panelRight} />
      )}
      {m.tool === 'editor' && <EditorTool right={panelRight} />}
      {imagery && (
        <SurveyTracksOverlay
          left={desktop && managerOpen ? LAYER_MANAGER_WIDTH + 12 : 12}
          right={panelRight}
        />
      )}
      <ToolColumn
        tool={m.tool}
        onTool={chooseTool}
        onZoom={(delta) => commands.zoom(delta)}
        showLayerToggle={!desktop}
        layerManagerOpen={managerOpen}
        onLayerManager={() => dispatch(setLayerManagerOpen(!managerOpen))}
        orbit={orbit}
        following={geolocation.following}
        onLocate={() => (geolocation.following ? geolocation.stop() : geolocation.locate())}
        selectionCount={m.selection.length}
        onSelection={() => dispatch(drawerOpen ? closeDrawer() : openDrawer())}
        right={columnRight}
      />
      {drawerOpen && (
        <MapSelectionDrawer
          data={data}
          token={token}
          titleOf={titleOf}
          locate={(key) => void commands.locate(key)}
        />
      )}
      <MapContextMenu
        event={menu}
        orbit={orbit}
        onClose={() => {
          setMenu(null)
          menuControl.closed()
        }}
        actions={{
          copyCoordinates: (text) => void commands.copy(text, 'map.copy.coordinatesDone'),
          orbit: (e) =>
            void navigate(
              `/orbit?lat=${e.position.lat.toFixed(6)}&lon=${e.position.lon.toFixed(6)}`,
            ),
          copyPosition: () => void commands.copy(window.location.href, 'map.copy.positionDone'),
          zoom: (e, delta) => commands.zoom(delta, e.coordinate),
        }}
      />
    </>
  )
}

/**
 * Identify (info-click) and box selection over the shown queryable layers; the drawer's
 * reveal keeps clear of the layer manager when it stays open (`besideManager`).
 */
function useMapIdentify(
  tree: ViewNode[],
  data: MapData,
  tool: MapTool,
  desktop: boolean,
  besideManager: boolean,
) {
  const latest = useRef({ tree, data })
  latest.current = { tree, data }
  const layersToQuery = useCallback(
    () =>
      queryableLayers(
        latest.current.tree,
        latest.current.data.descriptions,
        latest.current.data.wfsTypes,
      ),
    [],
  )
  const reveal = useRevealBeside(
    SELECTION_DRAWER_WIDTH + TOOL_COLUMN_ROOM,
    besideManager ? LAYER_MANAGER_WIDTH + 12 : 12,
  )
  const identify = useIdentify(layersToQuery, desktop, reveal)
  useInfoClick(tool === 'info', identify.run)
  useDragBox(tool === 'box', identify.run)
  return identify
}
