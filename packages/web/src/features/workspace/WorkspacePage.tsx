import Close from '@mui/icons-material/Close'
import WebAsset from '@mui/icons-material/WebAsset'
import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { activateWindow, removeWindow } from '../../state/workspace-slice'
import { WindowHost } from './WindowHost'

/**
 * /workspace: one tab per tool window. Every window stays mounted while another is shown,
 * so its state is kept when switching tabs; the workspace is saved as it changes.
 */
export function WorkspacePage() {
  const { windows, active } = useAppSelector((s) => s.workspace)
  const dispatch = useAppDispatch()

  if (windows.length === 0) {
    return (
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          gap: 1.5,
          p: 4,
        }}
      >
        <WebAsset sx={{ fontSize: 56, color: 'text.disabled' }} />
        <Typography variant="h6" component="h1">
          {t('workspace.empty')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          {t('workspace.emptyHint')}
        </Typography>
      </Box>
    )
  }

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Typography component="h1" sx={{ position: 'absolute', left: -10000 }}>
        {t('workspace.title')}
      </Typography>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={active ?? false}
          onChange={(_e, id: string) => dispatch(activateWindow(id))}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('workspace.title')}
        >
          {windows.map((win) => (
            <Tab
              key={win.id}
              value={win.id}
              id={`tab-${win.id}`}
              aria-controls={`window-${win.id}`}
              aria-keyshortcuts="Delete"
              onKeyDown={(e) => {
                // The X is for the mouse (a control nested in a tab is not accessible);
                // from the keyboard, Delete on the tab closes the window.
                if (e.key === 'Delete') dispatch(removeWindow(win.id))
              }}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <span>{win.title}</span>
                  <Box
                    component="span"
                    aria-hidden
                    data-close-window={win.id}
                    title={t('workspace.closeWindow', { title: win.title })}
                    onClick={(e) => {
                      e.stopPropagation()
                      dispatch(removeWindow(win.id))
                    }}
                    sx={{
                      display: 'inline-flex',
                      ml: 0.5,
                      mr: -1,
                      p: 0.5,
                      borderRadius: '50%',
                      color: 'text.secondary',
                      '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
                    }}
                  >
                    <Close sx={{ fontSize: 16 }} />
                  </Box>
                </Box>
              }
            />
          ))}
        </Tabs>
      </Box>
      {windows.map((win) => (
        <Box
          key={win.id}
          role="tabpanel"
          id={`window-${win.id}`}
          aria-labelledby={`tab-${win.id}`}
          hidden={win.id !== active}
          sx={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            display: win.id === active ? 'flex' : 'none',
            flexDirection: 'column',
          }}
        >
          <WindowHost win={win} />
        </Box>
      ))}
    </Box>
  )
}
