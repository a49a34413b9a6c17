import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback } from 'react'
import { failureMessage } from './form/server-errors'

/**
 * How a change the user asked for went, said once: runs `work`; on success the toast `done`
 * (when given) and `true`; on failure the server's message (or `fallback` when the server
 * could not be reached or said nothing) and `false`. A screen that shows a 400's field errors
 * on its fields uses the form's save instead (`useFormSave`). Without `done` only a failure is
 * said. A block that shows one fixed text whatever the server says, or joins a text to the
 * server's message, is not this hook: `failureMessage` shows the server's own message.
 */
export function useMutationToast() {
  const { enqueueSnackbar } = useSnackbar()
  return useCallback(
    async (
      work: () => Promise<unknown>,
      done?: string,
      fallback: string = t('adm.saveFailed'),
    ): Promise<boolean> => {
      try {
        await work()
        if (done) enqueueSnackbar(done, { variant: 'success' })
        return true
      } catch (err) {
        enqueueSnackbar(failureMessage(err, fallback), { variant: 'error' })
        return false
      }
    },
    [enqueueSnackbar],
  )
}
