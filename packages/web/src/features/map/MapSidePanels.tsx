import LayersIcon from '@mui/icons-material/Layers'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useNavigate } from 'react-router'
import { radioPeers, selectAll, type ViewNode } from '../../map/layer-tree'
import {
  clearSelection,
  closeDrawer,
  filterDrawerLayer,
  setChildOrder,
  setDrawerPage,
  setLayerManagerOpen,
  setNodeOpacity,
  setNodeVisibility,
  showDetail,
  showList,
  type FeatureKey,
} from '../../state/map-slice'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { openFeatureWindow } from '../../windows/feature-window'
import { SEARCH_WINDOW } from '../../windows/window-names'
import { openWindow } from '../../windows/open-window'
import { LayerManager } from './LayerManager'
import { legendUrl } from './LegendImage'
import { SelectionDrawer } from './SelectionDrawer'
import type { MapData } from './use-map-data'

/**
 * The layer manager at the map's left, wired to the map slice; closed, a 'Layers' button on
 * desktops (phones open it from the tool column).
 */
export function MapLayerManager({
  open,
  desktop,
  tree,
  loading,
  token,
  onFit,
}: {
  open: boolean
  desktop: boolean
  tree: ViewNode[]
  loading: boolean
  token: string | null
  onFit: (node: ViewNode) => void
}) {
  const dispatch = useAppDispatch()
  if (!open) {
    if (!desktop) return null
    return (
      <Button
        variant="contained"
        startIcon={<LayersIcon />}
        onClick={() => dispatch(setLayerManagerOpen(true))}
        sx={{ position: 'absolute', top: 12, left: 12, zIndex: 14, boxShadow: 3 }}
      >
        {t('map.layers.title')}
      </Button>
    )
  }
  return (
    <LayerManager
      tree={tree}
      loading={loading}
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
        fit: onFit,
        legendUrl: (node) =>
          node.node.managedName && node.node.geometryType !== 'TABULAR'
            ? legendUrl(node.node.managedName, node.node.legendVersion, token)
            : null,
      }}
    />
  )
}

/**
 * The selection drawer at the map's right, wired to the map slice: Localizar (`locate`),
 * Detalhar, Expandir (the feature window), 'Buscar em {layer}' (BUSCAR on that layer).
 */
export function MapSelectionDrawer({
  data,
  token,
  titleOf,
  locate,
}: {
  data: MapData
  token: string | null
  titleOf: (layer: string) => string
  locate: (key: FeatureKey) => void
}) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const m = useAppSelector((s) => s.map)
  return (
    <SelectionDrawer
      selection={m.selection}
      drawer={m.drawer}
      focused={m.focused}
      descriptions={data.descriptions}
      permissions={data.permissions}
      token={token}
      actions={{
        locate,
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
        search: (layer) => {
          dispatch(openWindow({ type: SEARCH_WINDOW, props: { layer } }))
          void navigate('/workspace')
        },
      }}
    />
  )
}
