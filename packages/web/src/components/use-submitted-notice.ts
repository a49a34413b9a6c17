import { isSubmittedForApproval, type FeatureRef } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback } from 'react'
import { useAppDispatch } from '../state/root-state'
import { pendingChanged } from '../api/pending.api'

/**
 * For the feature form and the uploads: whether a feature call's answer is a submission for
 * review (202, a moderated user). If so it says 'Mudança enviada para aprovação' instead of
 * the save message and refreshes the feature's pending state; the caller skips its own.
 */
export function useSubmittedNotice(): (ref: FeatureRef | undefined, answer: unknown) => boolean {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  return useCallback(
    (ref, answer) => {
      if (!isSubmittedForApproval(answer)) return false
      enqueueSnackbar(t('approvals.submitted'), { variant: 'info' })
      if (ref) dispatch(pendingChanged(ref))
      return true
    },
    [dispatch, enqueueSnackbar],
  )
}
