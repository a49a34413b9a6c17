import type { Announcements } from '@dnd-kit/core'
import { useSortable } from '@dnd-kit/sortable'
import { DragHandle } from '../../components/DragHandle'
import { SortableArea } from '../../components/SortableArea'
import ChevronRight from '@mui/icons-material/ChevronRight'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Folder from '@mui/icons-material/Folder'
import FolderOpen from '@mui/icons-material/FolderOpen'
import FormatListBulleted from '@mui/icons-material/FormatListBulleted'
import Layers from '@mui/icons-material/Layers'
import Opacity from '@mui/icons-material/Opacity'
import Pentagon from '@mui/icons-material/PentagonOutlined'
import Place from '@mui/icons-material/Place'
import Public from '@mui/icons-material/Public'
import Timeline from '@mui/icons-material/Timeline'
import ZoomOutMap from '@mui/icons-material/ZoomOutMap'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import IconButton from '@mui/material/IconButton'
import Radio from '@mui/material/Radio'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { LayerGeometryType } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useMemo, type ReactNode } from 'react'
import { moveSibling, type ViewNode } from '../../map/layer-tree'
import { LegendImage } from './LegendImage'

export interface LayerTreeActions {
  toggle: (node: ViewNode, visible: boolean) => void
  selectAll: (folder: ViewNode, visible: boolean) => void
  reorder: (parent: string, names: string[]) => void
  opacity: (node: ViewNode) => void
  fit: (node: ViewNode) => void
  legendUrl: (node: ViewNode) => string | null
}

interface TreeState {
  collapsed: ReadonlySet<string>
  toggleCollapsed: (name: string) => void
  legends: ReadonlySet<string>
  toggleLegend: (name: string) => void
  /** Reordering is off while the tree is filtered by a search. */
  sortable: boolean
}

/** The layer tree of the layer manager: folders, layers and base layers, with drag to reorder. */
export function LayerTree({
  nodes,
  actions,
  state,
}: {
  nodes: ViewNode[]
  actions: LayerTreeActions
  state: TreeState
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="layer-tree">
      <Siblings nodes={nodes} parent="" depth={0} actions={actions} state={state} />
    </Box>
  )
}

function Siblings({
  nodes,
  parent,
  depth,
  actions,
  state,
}: {
  nodes: ViewNode[]
  parent: string
  depth: number
  actions: LayerTreeActions
  state: TreeState
}) {
  const names = useMemo(() => nodes.map((n) => n.name), [nodes])
  const titleOf = (id: unknown) => nodes.find((n) => n.name === id)?.node.title ?? String(id)
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('map.layers.dragStart', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('map.layers.dragOver', { title: titleOf(active.id), over: titleOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('map.layers.moved', {
        title: titleOf(active.id),
        position: (over ? names.indexOf(String(over.id)) : names.indexOf(String(active.id))) + 1,
      }),
    onDragCancel: ({ active }) => t('map.layers.dragCancel', { title: titleOf(active.id) }),
  }
  const rows = nodes.map((n) => (
    <TreeRow key={n.name} view={n} depth={depth} actions={actions} state={state} />
  ))
  if (!state.sortable) return <>{rows}</>
  return (
    <SortableArea
      ids={names}
      announcements={announcements}
      instructions={t('map.layers.dragInstructions')}
      onMove={(moved, to) => actions.reorder(parent, moveSibling(names, moved, to))}
    >
      {rows}
    </SortableArea>
  )
}

function geometryIcon(type: LayerGeometryType | null): ReactNode {
  switch (type) {
    case 'point':
    case 'multipoint':
      return <Place fontSize="small" />
    case 'linestring':
    case 'multilinestring':
      return <Timeline fontSize="small" />
    case 'polygon':
    case 'multipolygon':
      return <Pentagon fontSize="small" />
    default:
      return <Layers fontSize="small" />
  }
}

function TreeRow({
  view,
  depth,
  actions,
  state,
}: {
  view: ViewNode
  depth: number
  actions: LayerTreeActions
  state: TreeState
}) {
  const { node } = view
  const sortable = useSortable({ id: view.name, disabled: !state.sortable })
  const { transform, transition, isDragging } = sortable
  const folder = node.type === 'folder'
  const base = node.type === 'layerBase'
  const expanded = folder && !state.collapsed.has(view.name)
  const legendOpen = state.legends.has(view.name)
  const legend = node.type === 'layer' ? actions.legendUrl(view) : null
  const title = node.title

  const control = folder ? (
    <Checkbox
      size="small"
      checked={view.visible}
      indeterminate={view.partial}
      onChange={(e) => actions.selectAll(view, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('map.layers.selectAll', { title }) } }}
    />
  ) : node.radioGroup ? (
    <Radio
      size="small"
      checked={view.visible}
      onClick={() => actions.toggle(view, !view.visible)}
      slotProps={{ input: { 'aria-label': t('map.layers.visible', { title }) } }}
    />
  ) : (
    <Checkbox
      size="small"
      checked={view.visible}
      onChange={(e) => actions.toggle(view, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('map.layers.visible', { title }) } }}
    />
  )

  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-testid={`layer-node-${view.name}`}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition: transition ?? undefined,
      }}
      sx={{ position: 'relative', zIndex: isDragging ? 2 : undefined }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          minHeight: 40,
          pl: depth * 2.5,
          pr: 0.5,
          borderRadius: 1,
          bgcolor: isDragging ? 'action.selected' : undefined,
          boxShadow: isDragging ? 3 : undefined,
          '&:hover': { bgcolor: 'action.hover' },
          '&:hover .gis-row-actions, &:focus-within .gis-row-actions': { opacity: 1 },
        }}
      >
        {state.sortable && (
          <DragHandle sortable={sortable} label={t('map.layers.drag', { title })} padding={0.25} />
        )}
        {folder ? (
          <IconButton
            size="small"
            onClick={() => state.toggleCollapsed(view.name)}
            aria-expanded={expanded}
            aria-label={t(expanded ? 'map.layers.collapse' : 'map.layers.expand', { title })}
          >
            {expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34, flexShrink: 0 }} />
        )}
        {control}
        <Box
          sx={{ display: 'flex', color: folder ? 'secondary.main' : 'primary.main', mr: 1 }}
          aria-hidden
        >
          <Tooltip
            title={t(
              folder ? 'map.layers.folder' : base ? 'map.layers.baseLayer' : 'map.layers.layer',
            )}
          >
            <Box component="span" sx={{ display: 'flex' }}>
              {folder ? (
                expanded ? (
                  <FolderOpen fontSize="small" />
                ) : (
                  <Folder fontSize="small" />
                )
              ) : base ? (
                <Public fontSize="small" />
              ) : (
                geometryIcon(node.geometryType)
              )}
            </Box>
          </Tooltip>
        </Box>
        <Typography
          noWrap
          title={title}
          sx={{ flex: 1, fontSize: 14, fontWeight: folder ? 600 : 400, minWidth: 0 }}
        >
          {title}
        </Typography>
        {!folder && (
          <Box
            className="gis-row-actions"
            sx={{ display: 'flex', opacity: { xs: 1, md: 0.55 }, transition: 'opacity .15s' }}
          >
            {legend && (
              <Tooltip title={t('map.layers.legend')}>
                <IconButton
                  size="small"
                  onClick={() => state.toggleLegend(view.name)}
                  aria-pressed={legendOpen}
                  aria-label={t(legendOpen ? 'map.layers.hideLegend' : 'map.layers.showLegend', {
                    title,
                  })}
                  color={legendOpen ? 'primary' : 'default'}
                >
                  <FormatListBulleted fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title={t('map.layers.opacity')}>
              <IconButton
                size="small"
                onClick={() => actions.opacity(view)}
                aria-label={t('map.layers.opacityOf', { title })}
              >
                <Opacity fontSize="small" />
              </IconButton>
            </Tooltip>
            {!base && (
              <Tooltip title={t('map.layers.fit')}>
                <IconButton
                  size="small"
                  onClick={() => actions.fit(view)}
                  aria-label={`${t('map.layers.fit')}: ${title}`}
                >
                  <ZoomOutMap fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
      </Box>
      {legend && legendOpen && (
        <Box sx={{ pl: depth * 2.5 + 12, pr: 2, pb: 1 }}>
          <LegendImage src={legend} title={title} />
        </Box>
      )}
      {folder && expanded && view.children.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <Siblings
            nodes={view.children}
            parent={view.name}
            depth={depth + 1}
            actions={actions}
            state={state}
          />
        </Box>
      )}
    </Box>
  )
}
