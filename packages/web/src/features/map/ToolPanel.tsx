import Close from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** The floating panel of a map tool, left of the tool column. */
export function ToolPanel({
  title,
  closeLabel,
  onClose,
  right,
  testId,
  children,
}: {
  title: string
  closeLabel: string
  onClose: () => void
  right: number
  testId: string
  children: ReactNode
}) {
  return (
    <Paper
      elevation={4}
      role="region"
      aria-label={title}
      data-testid={testId}
      sx={{
        position: 'absolute',
        top: 12,
        right,
        zIndex: 14,
        width: 320,
        maxWidth: `calc(100% - ${right + 12}px)`,
        borderRadius: 2,
        transition: 'right .2s',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, pt: 0.5 }}>
        <Typography component="h2" sx={{ flex: 1, fontWeight: 600, fontSize: 15 }}>
          {title}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={closeLabel}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 2, pt: 0.5 }}>{children}</Box>
    </Paper>
  )
}
