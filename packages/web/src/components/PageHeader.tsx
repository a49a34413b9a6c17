import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

interface PageHeaderProps {
  title: string
  subtitle?: string
  actions?: ReactNode
}

/** Title area of a page or module: a title, an optional subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        justifyContent: 'space-between',
        mb: 3,
      }}
    >
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{actions}</Box>}
    </Box>
  )
}

/** A page's width and padding: wide (lists, tables) or narrow (a page of one form). */
const PAGE_SIZE = {
  wide: { maxWidth: 1400, px: { xs: 1, sm: 3 }, py: { xs: 2, sm: 3 } },
  narrow: { maxWidth: 760, px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } },
} as const

/**
 * A page under the top bar: centred and padded, 1400 px wide at most (`narrow`: 760, a page of
 * one form), its header first.
 */
export function PageFrame({
  narrow = false,
  children,
  ...header
}: PageHeaderProps & { narrow?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', mx: 'auto', ...PAGE_SIZE[narrow ? 'narrow' : 'wide'] }}>
      <PageHeader {...header} />
      {children}
    </Box>
  )
}
