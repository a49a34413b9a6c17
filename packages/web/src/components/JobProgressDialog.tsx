import LinearProgress from '@mui/material/LinearProgress'
import { JOB_POLL_MS } from '@gis/shared/search'
import { useState, type ReactNode } from 'react'
import { DialogFrame } from './DialogFrame'

/** The spec's one poll of a job in progress (exports, reports, imports): every second. */
export { JOB_POLL_MS }

/**
 * The polling of a job: the query's options (every JOB_POLL_MS, also while the tab is
 * hidden) and `stop`, called once the job has ended.
 */
export function useJobPolling() {
  const [stopped, setStopped] = useState(false)
  const options = { pollingInterval: stopped ? 0 : JOB_POLL_MS, skipPollingIfUnfocused: false }
  return [options, setStopped] as const
}

/** The bar of a job: its percent once the job's size is known, moving until then. */
export function JobProgressBar({ known, percent }: { known: boolean; percent: number }) {
  return <LinearProgress variant={known ? 'determinate' : 'indeterminate'} value={percent} />
}

/**
 * The one job-progress dialog (an export, a report): the title, what the job is doing, and
 * its buttons (Minimizar while it runs; the caller's at the end).
 */
export function JobProgressDialog({
  open,
  title,
  onClose,
  actions,
  children,
}: {
  open: boolean
  title: string
  onClose: () => void
  actions: ReactNode
  children: ReactNode
}) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      maxWidth="xs"
      title={title}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      actions={actions}
    >
      {children}
    </DialogFrame>
  )
}
