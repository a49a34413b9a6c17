import Layers from '@mui/icons-material/Layers'
import MyLocation from '@mui/icons-material/MyLocation'
import Search from '@mui/icons-material/Search'
import Visibility from '@mui/icons-material/Visibility'
import VisibilityOff from '@mui/icons-material/VisibilityOff'
import Badge from '@mui/material/Badge'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import { t, type MessageKey } from '@gis/shared/i18n'
import type { ReactNode } from 'react'

/**
 * The bottom-left mini toolbar (spec 2 §2.6): search event (opens 'Pesquisar rodovia'), view
 * the event on the map (zoom 17), show or hide the panorama's interactions (opacity 1 or 0);
 * and the drawer of the map's selected features.
 */
export function MiniToolbar({
  searchOpen,
  interactions,
  selectionCount,
  onSearch,
  onShowOnMap,
  onInteractions,
  onSelection,
}: {
  searchOpen: boolean
  interactions: boolean
  selectionCount: number
  onSearch: () => void
  onShowOnMap: () => void
  onInteractions: () => void
  onSelection: () => void
}) {
  const button = (key: MessageKey, icon: ReactNode, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={t(key)} placement="top">
      <IconButton
        onClick={onClick}
        aria-label={t(key)}
        aria-pressed={pressed}
        color={pressed ? 'primary' : 'default'}
      >
        {icon}
      </IconButton>
    </Tooltip>
  )
  return (
    <Paper
      role="toolbar"
      aria-label={t('orbit.toolbar')}
      elevation={4}
      sx={{
        position: 'absolute',
        left: 12,
        bottom: 12,
        zIndex: 15,
        display: 'flex',
        borderRadius: 2,
        p: 0.25,
      }}
    >
      {button('orbit.toolbar.search', <Search />, onSearch, searchOpen)}
      {button('orbit.toolbar.showOnMap', <MyLocation />, onShowOnMap)}
      {button(
        interactions ? 'orbit.toolbar.hideInteractions' : 'orbit.toolbar.showInteractions',
        interactions ? <Visibility /> : <VisibilityOff />,
        onInteractions,
      )}
      {button(
        'orbit.toolbar.selection',
        <Badge badgeContent={selectionCount} color="secondary" max={99}>
          <Layers />
        </Badge>,
        onSelection,
      )}
    </Paper>
  )
}
