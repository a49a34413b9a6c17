import { useBusy } from '../../../state/use-busy'
import { useMutationToast } from '../../../components/use-mutation-toast'

/**
 * Runs a call of an administration screen under the top bar's busy spinner, with the toasts
 * of useMutationToast: `done` (when given) and `true`, or the server's message (or
 * `fallback`) and `false`.
 */
export function useAct() {
  const busy = useBusy()
  const run = useMutationToast()
  return (work: () => Promise<unknown>, done?: string, fallback?: string): Promise<boolean> =>
    run(() => busy(work), done, fallback)
}
