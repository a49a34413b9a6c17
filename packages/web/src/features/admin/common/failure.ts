import { t } from '@gis/shared/i18n'
import { toFailure } from '../../../api/base-api'

/** The message of a failed call for a toast: the server's own, or `fallback`. */
export function failureMessage(err: unknown, fallback = t('adm.saveFailed')): string {
  const f = toFailure(err)
  return f.status > 0 && f.message ? f.message : fallback
}
