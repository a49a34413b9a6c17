import LayersIcon from '@mui/icons-material/Layers'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { toLonLat, transformExtent } from 'ol/proj'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useSessionToken } from '../../app/session'
import { useAppDispatch, useAppSelector } from '../../app/store'
import { usableExtent } from '../../map/capabilities'
import {
  FEATURE_ZOOM,
  LAYER_MANAGER_WIDTH,
  MAX_FIT_ZOOM,
  SELECTION_DRAWER_WIDTH,
} from '../../map/constants'
import { formatLatLon } from '../../map/coordinates'
import { cachedFeature } from '../../map/feature-cache'
import {
  leaves,
  radioPeers,
  selectAll,
  viewTree,
  visibleNames,
  type ViewNode,
} from '../../map/layer-tree'
import { MapCanvas } from '../../map/MapCanvas'
import { useMap } from '../../map/map-context'
import { useMapContextMenu, type MapContextMenuEvent } from '../../map/tools/context-menu'
import { useDragBox } from '../../map/tools/drag-box'
import { useGeolocation } from '../../map/tools/geolocation'
import { useInfoClick } from '../../map/tools/info-click'
import { useFeatureGeometries } from '../../map/use-map-query'
import { readViewParams } from '../../map/view-url'
import {
  clearSelection,
  closeDrawer,
  filterDrawerLayer,
  focusFeature,
  openDrawer,
  replaceVisibility,
  setChildOrder,
  setDrawerPage,
  setLayerManagerOpen,
  setNodeOpacity,
  setNodeVisibility,
  setTool,
  showDetail,
  showList,
  type FeatureKey,
  type MapTool,
} from '../../state/map-slice'
import { GeometryEditorTool } from '../feature-editor'
import { openFeatureWindow } from '../feature-info'
import { copyText } from './clipboard'
import { CoordinatesPanel } from './CoordinatesPanel'
import { InfoPanel } from './InfoPanel'
import { legendUrl } from './LegendImage'
import { LayerManager } from './LayerManager'
import { MapContextMenu } from './MapContextMenu'
import { MapLayers } from './MapLayers'
import { queryableLayers } from './map-model'
import { MeasurePanel } from './MeasurePanel'
import { SelectionDrawer } from './SelectionDrawer'
import { ToolColumn } from './ToolColumn'
import { useIdentify } from './use-identify'
import { useRevealBeside } from './use-reveal'
import { useMapData, type MapData } from './use-map-data'
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
 * The map page at `/`: the one OpenLayers map with the catalogue's layers, the layer manager,
 * the tool column and its tools, identify and selection, the selection drawer and the
 * right-click menu. The view and the shown layers live in the URL.
 */
export function MapPage() {
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
        <MapUi data={data} tree={tree} />
      </MapCanvas>
    </Box>
  )
}

function MapUi({ data, tree }: { data: MapData; tree: ViewNode[] }) {
  const map = useMap()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const theme = useTheme()
  const desktop = useMediaQuery(theme.breakpoints.up('md'))
  const roomy = useMediaQuery(`(min-width: ${BOTH_DRAWERS_MIN_WIDTH}px)`)
  const wideDefault = useMediaQuery('(min-width: 1200px)')
  const m = useAppSelector((s) => s.map)
  const token = urlToken(useSessionToken())
  const orbit = data.modules.includes('orbit')
  const [highlightRevision, setHighlightRevision] = useState(0)
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

  // Identify (info-click) and box selection.
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
    managerOpen && roomy ? LAYER_MANAGER_WIDTH + 12 : 12,
  )
  const identify = useIdentify(layersToQuery, desktop, reveal)
  useInfoClick(m.tool === 'info', identify.run)
  useDragBox(m.tool === 'box', identify.run)

  useEffect(() => {
    if (m.tool !== 'orbit') return
    const onClick = (e: { coordinate: number[] }) => {
      const [lon = 0, lat = 0] = toLonLat(e.coordinate)
      void navigate(`/orbit?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}`)
    }
    map.on('singleclick', onClick as never)
    return () => map.un('singleclick', onClick as never)
  }, [map, m.tool, navigate])

  useShowOnMap(map, tree, padding, () => setHighlightRevision((r) => r + 1))

  const geolocation = useGeolocation((message) => {
    if (message.kind === 'success') {
      enqueueSnackbar(
        t('map.locate.success', { lat: message.lat.toFixed(6), lon: message.lon.toFixed(6) }),
        { variant: 'success' },
      )
    } else enqueueSnackbar(t(message.key), { variant: 'error' })
  })

  const menuControl = useMapContextMenu(setMenu)
  const closeMenu = () => {
    setMenu(null)
    menuControl.closed()
  }

  const zoom = (delta: number, anchor?: number[]) => {
    const view = map.getView()
    const z = view.getZoom() ?? 0
    view.animate({ zoom: z + delta, anchor, duration: 250 })
  }

  const copy = async (text: string, done: 'map.copy.coordinatesDone' | 'map.copy.positionDone') => {
    const ok = await copyText(text)
    const failed =
      done === 'map.copy.coordinatesDone' ? 'map.copy.coordinatesFailed' : 'map.copy.positionFailed'
    enqueueSnackbar(t(ok ? done : failed), { variant: ok ? 'success' : 'error' })
  }

  const geometries = useFeatureGeometries()
  const locate = async (key: FeatureKey) => {
    dispatch(focusFeature(key))
    let feature = cachedFeature(key)
    if (feature === undefined) {
      try {
        feature = (await geometries([key]))[0] ?? null
        setHighlightRevision((r) => r + 1)
      } catch {
        enqueueSnackbar(t('map.selection.geometriesFailed'), { variant: 'error' })
        return
      }
    }
    const geometry = feature?.getGeometry()
    if (!geometry) {
      enqueueSnackbar(t('map.selection.noGeometry'), { variant: 'warning' })
      return
    }
    map
      .getView()
      .fit(geometry.getExtent(), { maxZoom: FEATURE_ZOOM, padding: padding(), duration: 400 })
  }

  const fitLayer = (node: ViewNode) => {
    const name = node.node.managedName ?? node.name
    const wms = data.wmsExtents[name]
    const extent = usableExtent(wms !== undefined ? wms : node.node.extent)
    if (!extent) {
      enqueueSnackbar(t('layers.noExtent'), { variant: 'warning' })
      return
    }
    map.getView().fit(transformExtent(extent, 'EPSG:4326', 'EPSG:3857'), {
      maxZoom: MAX_FIT_ZOOM,
      padding: padding(),
      duration: 400,
    })
  }

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
        highlightRevision={highlightRevision}
      />
      {managerOpen ? (
        <LayerManager
          tree={tree}
          loading={data.treeLoading}
          onClose={() => dispatch(setLayerManagerOpen(false))}
          onOpacity={(name, opacity) => dispatch(setNodeOpacity({ name, opacity }))}
          actions={{
            toggle: (node, visible) =>
              dispatch(
                setNodeVisibility({
                  names: [node.name],
                  visible,
                  radioPeers: radioPeers(tree, node.name),
                }),
              ),
            selectAll: (folder, visible) =>
              dispatch(setNodeVisibility({ ...selectAll(folder, visible), visible })),
            reorder: (parent, names) => dispatch(setChildOrder({ parent, names })),
            fit: fitLayer,
            legendUrl: (node) =>
              node.node.managedName && node.node.geometryType !== 'TABULAR'
                ? legendUrl(node.node.managedName, node.node.legendVersion, token)
                : null,
          }}
        />
      ) : (
        desktop && (
          <Button
            variant="contained"
            startIcon={<LayersIcon />}
            onClick={() => dispatch(setLayerManagerOpen(true))}
            sx={{ position: 'absolute', top: 12, left: 12, zIndex: 14, boxShadow: 3 }}
          >
            {t('map.layers.title')}
          </Button>
        )
      )}
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
      {m.tool === 'editor' && <GeometryEditorTool right={panelRight} />}
      <ToolColumn
        tool={m.tool}
        onTool={chooseTool}
        onZoom={(delta) => zoom(delta)}
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
        <SelectionDrawer
          selection={m.selection}
          drawer={m.drawer}
          focused={m.focused}
          descriptions={data.descriptions}
          permissions={data.permissions}
          token={token}
          actions={{
            locate: (key) => void locate(key),
            detail: (key) => dispatch(showDetail(key)),
            expand: (key) => {
              dispatch(openFeatureWindow([key], titleOf(key.layer)))
              void navigate('/workspace')
            },
            back: () => dispatch(showList()),
            close: () => dispatch(closeDrawer()),
            clear: () => dispatch(clearSelection()),
            page: (page, limit) => dispatch(setDrawerPage({ page, limit })),
            layer: (layer) => dispatch(filterDrawerLayer(layer)),
          }}
        />
      )}
      <MapContextMenu
        event={menu}
        orbit={orbit}
        onClose={closeMenu}
        actions={{
          copyCoordinates: (e) => void copy(formatLatLon(e.position), 'map.copy.coordinatesDone'),
          orbit: (e) =>
            void navigate(
              `/orbit?lat=${e.position.lat.toFixed(6)}&lon=${e.position.lon.toFixed(6)}`,
            ),
          copyPosition: () => void copy(window.location.href, 'map.copy.positionDone'),
          zoom: (e, delta) => zoom(delta, e.coordinate),
        }}
      />
    </>
  )
}
