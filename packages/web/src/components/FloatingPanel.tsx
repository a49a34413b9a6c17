import Paper from '@mui/material/Paper'
import type { SxProps, Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'

/**
 * A card floating over the map, 12 px below its top and `offset` px from one `side` (a map
 * tool's panel, the geometry editor, the info-click panel); it keeps `margin` px free on the
 * other side on a narrow screen.
 */
export function FloatingPanel({
  role,
  label,
  testId,
  side,
  offset,
  margin = 12,
  width,
  sx,
  children,
}: {
  role: 'region' | 'dialog'
  label: string
  testId: string
  side: 'left' | 'right'
  offset: number
  margin?: number
  width: number
  sx?: SxProps<Theme>
  children: ReactNode
}) {
  return (
    <Paper
      elevation={4}
      role={role}
      aria-label={label}
      data-testid={testId}
      sx={[
        {
          position: 'absolute',
          top: 12,
          [side]: offset,
          zIndex: 14,
          width,
          maxWidth: `calc(100% - ${offset + margin}px)`,
          borderRadius: 2,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Paper>
  )
}
