import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useBusy } from '../../../state/use-busy'
import { failureMessage } from '../../../components/form'

/**
 * Runs a call of an administration screen with the busy flag: on success the toast `done`
 * (when given) and `true`; on failure the server's message (or `fallback`) and `false`.
 */
export function useAct() {
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  return async function act(
    work: () => Promise<unknown>,
    done?: string,
    fallback: string = t('adm.saveFailed'),
  ): Promise<boolean> {
    try {
      await busy(work)
      if (done) enqueueSnackbar(done, { variant: 'success' })
      return true
    } catch (err) {
      enqueueSnackbar(failureMessage(err, fallback), { variant: 'error' })
      return false
    }
  }
}
