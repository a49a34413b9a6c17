import { useCallback } from 'react'
import { clearBusy, setBusy } from './ui-slice'
import { useAppDispatch } from './root-state'

let counter = 0

/**
 * Runs work under the top bar's busy spinner. Each run sets the flag with its own token and
 * clears it with that token only, so a run finishing early never hides another's spinner.
 */
export function useBusy(): <T>(work: () => Promise<T>) => Promise<T> {
  const dispatch = useAppDispatch()
  return useCallback(
    async <T>(work: () => Promise<T>) => {
      counter += 1
      const token = `busy-${counter}`
      dispatch(setBusy(token))
      try {
        return await work()
      } finally {
        dispatch(clearBusy(token))
      }
    },
    [dispatch],
  )
}
