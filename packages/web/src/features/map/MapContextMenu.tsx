import ContentCopy from '@mui/icons-material/ContentCopy'
import Link from '@mui/icons-material/Link'
import ThreeSixty from '@mui/icons-material/ThreeSixty'
import ZoomIn from '@mui/icons-material/ZoomIn'
import ZoomOut from '@mui/icons-material/ZoomOut'
import Divider from '@mui/material/Divider'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { t } from '@gis/shared/i18n'
import { useEffect, useRef } from 'react'
import { positionText, useCoordinateSystem } from '../../map/coordinate-system'
import { MENU_BACKDROP_CLASS, type MapContextMenuEvent } from '../../map/tools/context-menu'

export interface ContextMenuActions {
  /** Copies the clicked coordinates, as the menu shows them (the chosen system). */
  copyCoordinates: (text: string) => void
  orbit: (event: MapContextMenuEvent) => void
  copyPosition: () => void
  zoom: (event: MapContextMenuEvent, delta: number) => void
}

/**
 * The map's right-click menu: the clicked coordinates (a click copies them), 'Ver no
 * explorador' (with the orbit module), 'Copiar posição do mapa', 'Aumentar zoom' and
 * 'Diminuir zoom' around the clicked place. The coordinates are in the system the coordinates
 * panel chose (degrees or UTM with its zone).
 */
export function MapContextMenu({
  event,
  orbit,
  actions,
  onClose,
}: {
  event: MapContextMenuEvent | null
  orbit: boolean
  actions: ContextMenuActions
  onClose: () => void
}) {
  // Moved by a right-click while open, the menu takes the focus again (Escape keeps closing it).
  const list = useRef<HTMLUListElement>(null)
  const [system] = useCoordinateSystem()
  const coordinates = event ? positionText(event.position, system) : ''
  useEffect(() => {
    if (event) list.current?.focus()
  }, [event])
  const run = (action: () => void) => () => {
    onClose()
    action()
  }
  return (
    <Menu
      open={event !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={event ? { top: event.clientY, left: event.clientX } : undefined}
      slotProps={{
        list: { 'aria-label': t('map.context.label'), dense: true, ref: list },
        // The hook hands a right-click on this backdrop to the map (see useMapContextMenu).
        backdrop: { className: MENU_BACKDROP_CLASS },
      }}
    >
      {event && [
        <MenuItem
          key="coords"
          onClick={run(() => actions.copyCoordinates(coordinates))}
          aria-label={t('map.context.copyCoordinates', { coordinates })}
        >
          <ListItemIcon>
            <ContentCopy fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={coordinates}
            slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
        </MenuItem>,
        <Divider key="d1" />,
        orbit && (
          <MenuItem key="orbit" onClick={run(() => actions.orbit(event))}>
            <ListItemIcon>
              <ThreeSixty fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('map.context.orbit')} />
          </MenuItem>
        ),
        <MenuItem key="position" onClick={run(actions.copyPosition)}>
          <ListItemIcon>
            <Link fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('map.context.copyPosition')} />
        </MenuItem>,
        <MenuItem key="in" onClick={run(() => actions.zoom(event, 1))}>
          <ListItemIcon>
            <ZoomIn fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('map.context.zoomIn')} />
        </MenuItem>,
        <MenuItem key="out" onClick={run(() => actions.zoom(event, -1))}>
          <ListItemIcon>
            <ZoomOut fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('map.context.zoomOut')} />
        </MenuItem>,
      ]}
    </Menu>
  )
}
