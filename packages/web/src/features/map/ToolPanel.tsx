import Box from '@mui/material/Box'
import type { ReactNode } from 'react'
import { FloatingPanel } from '../../components/FloatingPanel'
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
    <FloatingPanel
      role="region"
      label={title}
      testId={testId}
      side="right"
      offset={right}
      width={320}
      sx={{ transition: 'right .2s' }}
    >
      <PanelHeader
        title={title}
        closeLabel={closeLabel}
        onClose={onClose}
        sx={{ pl: 2, pr: 0.5, pt: 0.5 }}
      />
      <Box sx={{ px: 2, pb: 2, pt: 0.5 }}>{children}</Box>
    </FloatingPanel>
  )
}
