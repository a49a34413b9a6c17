import type { ImportConfig } from './dataloader-types'

/** What the wizard keeps in the workspace: the job, the step, the tab and the configuration. */
export interface DataLoaderState {
  jobId?: number
  step: 0 | 1 | 2 | 3
  tab: 'config' | 'data'
  config?: ImportConfig
  /** What step 2 follows: the execution, or its undo (issue 43). */
  mode?: 'execute' | 'undo'
}

export const INITIAL_DATALOADER: DataLoaderState = { step: 0, tab: 'config' }

/** Checks a restored state; anything malformed is an error (the window shows code 400). */
export function parseDataLoaderState(value: unknown): DataLoaderState | undefined {
  if (value === undefined || value === null) return undefined
  const s = value as DataLoaderState
  if (
    typeof s !== 'object' ||
    ![0, 1, 2, 3].includes(s.step) ||
    (s.tab !== 'config' && s.tab !== 'data') ||
    (s.jobId !== undefined && !Number.isInteger(s.jobId))
  ) {
    throw new Error('invalid DataLoader state')
  }
  return s
}
