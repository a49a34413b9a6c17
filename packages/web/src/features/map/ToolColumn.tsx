import Add from '@mui/icons-material/Add'
import EditLocationAlt from '@mui/icons-material/EditLocationAlt'
import HighlightAlt from '@mui/icons-material/HighlightAlt'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Layers from '@mui/icons-material/Layers'
import MyLocation from '@mui/icons-material/MyLocation'
import PinDrop from '@mui/icons-material/PinDrop'
import Remove from '@mui/icons-material/Remove'
import Straighten from '@mui/icons-material/Straighten'
import TableRows from '@mui/icons-material/TableRows'
import ThreeSixty from '@mui/icons-material/ThreeSixty'
import Badge from '@mui/material/Badge'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import { t, type MessageKey } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import type { MapTool } from '../../state/map-slice'

/** The selection badge shows up to this count, then '999+'. */
const SELECTION_BADGE_MAX = 999

interface ToolButtonProps {
  label: MessageKey
  /** The accessible name, when it says more than the label (the tooltip). */
  name?: string
  icon: ReactNode
  onClick: () => void
  pressed?: boolean
  testId?: string
}

function ToolButton({ label, name, icon, onClick, pressed, testId }: ToolButtonProps) {
  return (
    <Tooltip title={t(label)} placement="left">
      <IconButton
        onClick={onClick}
        aria-label={name ?? t(label)}
        aria-pressed={pressed}
        data-testid={testId}
        sx={{
          borderRadius: 1.5,
          color: pressed ? 'primary.contrastText' : 'text.primary',
          bgcolor: pressed ? 'primary.main' : 'transparent',
          '&:hover': { bgcolor: pressed ? 'primary.dark' : 'action.hover' },
        }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  )
}

/**
 * The tool column at the map's right: zoom in and out, the layer manager (on small screens),
 * the map tools (info-click by default, box selection, measure, coordinates, orbit with its
 * module), my location and the selection.
 */
export function ToolColumn({
  tool,
  onTool,
  onZoom,
  showLayerToggle,
  layerManagerOpen,
  onLayerManager,
  orbit,
  following,
  onLocate,
  selectionCount,
  onSelection,
  right,
}: {
  tool: MapTool
  onTool: (tool: MapTool) => void
  onZoom: (delta: number) => void
  showLayerToggle: boolean
  layerManagerOpen: boolean
  onLayerManager: () => void
  orbit: boolean
  following: boolean
  onLocate: () => void
  selectionCount: number
  onSelection: () => void
  right: number
}) {
  const toolButton = (value: MapTool, label: MessageKey, icon: ReactNode) => (
    <ToolButton
      label={label}
      icon={icon}
      pressed={tool === value}
      onClick={() => onTool(value)}
      testId={`tool-${value}`}
    />
  )
  return (
    <Paper
      elevation={3}
      role="toolbar"
      aria-orientation="vertical"
      aria-label={t('map.tools.label')}
      sx={{
        position: 'absolute',
        top: 12,
        right,
        zIndex: 15,
        display: 'flex',
        flexDirection: 'column',
        p: 0.5,
        gap: 0.25,
        borderRadius: 2,
        transition: 'right .2s',
      }}
    >
      <ToolButton label="map.tools.zoomIn" icon={<Add />} onClick={() => onZoom(1)} />
      <ToolButton label="map.tools.zoomOut" icon={<Remove />} onClick={() => onZoom(-1)} />
      {showLayerToggle && (
        <ToolButton
          label="map.layers.toggle"
          icon={<Layers />}
          pressed={layerManagerOpen}
          onClick={onLayerManager}
        />
      )}
      <Divider flexItem sx={{ my: 0.25 }} />
      {toolButton('info', 'map.tools.info', <InfoOutlined />)}
      {toolButton('box', 'map.tools.box', <HighlightAlt />)}
      {toolButton('measure', 'map.tools.measure', <Straighten />)}
      {toolButton('coordinates', 'map.tools.coordinates', <PinDrop />)}
      {toolButton('editor', 'editor.title', <EditLocationAlt />)}
      {orbit && toolButton('orbit', 'map.tools.orbit', <ThreeSixty />)}
      <ToolButton
        label="map.tools.locate"
        icon={<MyLocation />}
        pressed={following}
        onClick={onLocate}
        testId="tool-locate"
      />
      <Divider flexItem sx={{ my: 0.25 }} />
      <ToolButton
        label="map.tools.selection"
        // The name holds the badge's number too, as it is shown (label in name, WCAG 2.5.3).
        name={t('map.tools.selectionCount', {
          count: selectionCount > SELECTION_BADGE_MAX ? `${SELECTION_BADGE_MAX}+` : selectionCount,
        })}
        icon={
          <Badge badgeContent={selectionCount} color="secondary" max={SELECTION_BADGE_MAX}>
            <TableRows />
          </Badge>
        }
        onClick={onSelection}
        testId="tool-selection"
      />
    </Paper>
  )
}
