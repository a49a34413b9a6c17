import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { useIsAdmin } from '../state/session'

/** An administrators' window: anyone else (a saved workspace) is told it is for administrators. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const admin = useIsAdmin()
  if (!admin) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{t('audit.adminOnly')}</Alert>
      </Box>
    )
  }
  return children
}
