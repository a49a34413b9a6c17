import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

/** The module's page frame: as wide as the other module pages, narrower margins on a phone. */
export function ModuleBox({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      role={label ? 'region' : undefined}
      aria-label={label}
      sx={{
        width: '100%',
        maxWidth: 1280,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 3 },
      }}
    >
      {children}
    </Box>
  )
}
