import Box from '@mui/material/Box'
import { Outlet } from 'react-router'
import { TOP_BAR_HEIGHT } from '../theme'
import { TopBar } from './TopBar'

/** The signed-in frame: the top bar and, below it, the page filling the rest of the window. */
export function Shell() {
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box
        component="main"
        sx={{
          height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
          overflow: 'auto',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.default',
        }}
      >
        <Outlet />
      </Box>
    </Box>
  )
}
