import Paper from '@mui/material/Paper'
import type { ReactNode } from 'react'

/**
 * A panel over the whole height of the map at one side (the layer manager, the selection
 * drawer): the full width on phones, `width` from sm up, a border towards the map.
 */
export function SidePanel({
  side,
  width,
  label,
  testId,
  elevation,
  zIndex,
  children,
}: {
  side: 'left' | 'right'
  width: number
  label: string
  testId: string
  elevation: number
  zIndex: number
  children: ReactNode
}) {
  return (
    <Paper
      elevation={elevation}
      square
      component="aside"
      aria-label={label}
      data-testid={testId}
      sx={{
        position: 'absolute',
        top: 0,
        [side]: 0,
        bottom: 0,
        width: { xs: '100%', sm: width },
        maxWidth: '100%',
        zIndex,
        display: 'flex',
        flexDirection: 'column',
        [side === 'left' ? 'borderRight' : 'borderLeft']: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Paper>
  )
}
