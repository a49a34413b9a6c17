import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import type { ReactNode } from 'react'
import { PanelHeader } from '../../components/PanelHeader'

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
      <PanelHeader
        title={title}
        closeLabel={closeLabel}
        onClose={onClose}
        sx={{ pl: 2, pr: 0.5, pt: 0.5 }}
      />
      <Box sx={{ px: 2, pb: 2, pt: 0.5 }}>{children}</Box>
    </Paper>
  )
}
