import ArrowDropDown from '@mui/icons-material/ArrowDropDown'
import MenuIcon from '@mui/icons-material/Menu'
import AppBar from '@mui/material/AppBar'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import ListSubheader from '@mui/material/ListSubheader'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Toolbar from '@mui/material/Toolbar'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { visuallyHidden } from '@mui/utils'
import { t } from '@gis/shared/i18n'
import { useState, type MouseEvent } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { useModules } from '../guards'
import { useCurrentUser, useIsAdmin } from '../../state/session'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { TOP_BAR_HEIGHT } from '../theme'
import { hasWindowType } from '../../windows/window-registry'
import { openWindow } from '../../windows/open-window'
import { useProjectName } from '../../components/AuthLayout'
import { setTool } from '../../state/map-slice'
import { visibleNavItems, visibleTools, type Tool } from './tools'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase()
}

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)
}

/** The 48 px top bar: logo, main items (a dropdown on small screens), tools, busy spinner, user. */
export function TopBar() {
  const admin = useIsAdmin()
  const modules = useModules()
  const user = useCurrentUser()
  const busy = useAppSelector((s) => s.ui.busy)
  const projectName = useProjectName()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [menu, setMenu] = useState<{ kind: 'nav' | 'tools' | 'user'; anchor: HTMLElement } | null>(
    null,
  )
  const open = (kind: 'nav' | 'tools' | 'user') => (e: MouseEvent<HTMLElement>) =>
    setMenu({ kind, anchor: e.currentTarget })
  const close = () => setMenu(null)

  const items = visibleNavItems(admin, modules)
  const tools = visibleTools(admin, modules, hasWindowType)
  // With the optional modules on, the items need about 900 px: below 1200 px they go into the
  // menu button, so the bar never wraps onto a second line.
  const crowded = items.length + (tools.length > 0 ? 1 : 0) > 4
  const wide = crowded ? 'lg' : 'md'

  function openTool(tool: Tool) {
    close()
    if (tool.mapTool) {
      dispatch(setTool(tool.mapTool))
      void navigate('/')
      return
    }
    dispatch(openWindow({ type: tool.windowType, title: t(tool.label) }))
    void navigate('/workspace')
  }

  return (
    <AppBar position="static" color="primary" sx={{ height: TOP_BAR_HEIGHT, zIndex: 2 }}>
      <Toolbar
        variant="dense"
        disableGutters
        sx={{ minHeight: TOP_BAR_HEIGHT, height: TOP_BAR_HEIGHT, px: { xs: 1, sm: 2 }, gap: 1 }}
      >
        <IconButton
          color="inherit"
          aria-label={t('nav.menu')}
          onClick={open('nav')}
          sx={{ display: { xs: 'inline-flex', [wide]: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: 2,
            minWidth: 0,
            flexShrink: 1,
          }}
        >
          <Box
            component="img"
            src="/_self/logo.png"
            alt={t('nav.logoAlt')}
            sx={{
              height: 30,
              width: 'auto',
              bgcolor: 'common.white',
              borderRadius: 1,
              p: '2px',
              flexShrink: 0,
            }}
          />
          <Typography noWrap sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
            {projectName}
          </Typography>
        </Box>
        <Box
          component="nav"
          sx={{
            display: { xs: 'none', [wide]: 'flex' },
            alignItems: 'stretch',
            height: '100%',
            flexShrink: 0,
          }}
        >
          {items.map((item) => (
            <Button
              key={item.to}
              component={RouterLink}
              to={item.to}
              color="inherit"
              aria-current={isActive(pathname, item.to) ? 'page' : undefined}
              sx={{
                borderRadius: 0,
                px: 1.5,
                fontSize: 13,
                borderBottom: '3px solid',
                borderColor: isActive(pathname, item.to) ? 'secondary.light' : 'transparent',
                pt: '6px',
                whiteSpace: 'nowrap',
              }}
            >
              {t(item.label)}
            </Button>
          ))}
          {tools.length > 0 && (
            <Button
              color="inherit"
              onClick={open('tools')}
              endIcon={<ArrowDropDown />}
              aria-haspopup="menu"
              sx={{ borderRadius: 0, px: 1.5, fontSize: 13, whiteSpace: 'nowrap' }}
            >
              {t('nav.tools')}
            </Button>
          )}
        </Box>
        <Box sx={{ flex: '1 0 0' }} />
        {busy && (
          <Tooltip title={t('nav.busy')}>
            <CircularProgress
              size={20}
              color="inherit"
              aria-label={t('nav.busy')}
              data-testid="busy"
            />
          </Tooltip>
        )}
        <Button
          color="inherit"
          onClick={open('user')}
          aria-haspopup="menu"
          aria-expanded={menu?.kind === 'user'}
          sx={{ textTransform: 'none', gap: 1, pl: 0.5, minWidth: 0, flexShrink: 0 }}
        >
          <Box component="span" sx={visuallyHidden}>
            {t('nav.userMenu')}
          </Box>
          <Avatar
            aria-hidden
            sx={{ width: 30, height: 30, fontSize: 13, bgcolor: 'secondary.main' }}
          >
            {initials(user?.name ?? user?.username ?? '')}
          </Avatar>
          <Typography
            component="span"
            data-testid="user-name"
            noWrap
            sx={{
              fontWeight: 600,
              fontSize: 14,
              maxWidth: 220,
              // Beside a full row of items the name waits for a wide screen (it heads the menu).
              display: crowded
                ? { xs: 'none', sm: 'inline', lg: 'none', xl: 'inline' }
                : { xs: 'none', sm: 'inline' },
            }}
          >
            {user?.name}
          </Typography>
        </Button>
      </Toolbar>

      <Menu anchorEl={menu?.anchor} open={menu?.kind === 'nav'} onClose={close}>
        {items.map((item) => (
          <MenuItem
            key={item.to}
            component={RouterLink}
            to={item.to}
            onClick={close}
            selected={isActive(pathname, item.to)}
          >
            {t(item.label)}
          </MenuItem>
        ))}
        {tools.length > 0 && <Divider />}
        {tools.length > 0 && <ListSubheader>{t('nav.tools')}</ListSubheader>}
        {tools.map((tool) => (
          <MenuItem key={tool.windowType} onClick={() => openTool(tool)}>
            {t(tool.label)}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={menu?.anchor} open={menu?.kind === 'tools'} onClose={close}>
        {tools.map((tool) => (
          <MenuItem key={tool.windowType} onClick={() => openTool(tool)}>
            {t(tool.label)}
          </MenuItem>
        ))}
      </Menu>
      <Menu
        anchorEl={menu?.anchor}
        open={menu?.kind === 'user'}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{user?.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user?.username}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          {t('nav.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/logout" onClick={close}>
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </AppBar>
  )
}
