import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

/**
 * A message centred over a dark picture (a panorama, a camera's video): white text on the
 * picture's own background, above the viewer's layers.
 */
export function MediaOverlay({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        zIndex: 5,
      }}
    >
      {children}
    </Box>
  )
}
