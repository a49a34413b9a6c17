import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { toFailure, type ApiFailure } from '../../api/base-api'

/**
 * Puts the field errors of a 400 answer on the form's fields (messages of one field joined
 * with ', ', spec section 5). Answers whether any landed on a field of this form, so the
 * caller knows whether a toast must carry the message instead.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  failure: ApiFailure,
  rename: Record<string, Path<T>> = {},
): boolean {
  if (failure.status !== 400) return false
  const fields = new Set(Object.keys(form.getValues()))
  const joined = new Map<string, string>()
  for (const { field, message } of failure.errors) {
    const top = field.split('.')[0] ?? field
    const name = rename[top] ?? top
    if (!fields.has(name)) continue
    const before = joined.get(name)
    joined.set(name, before ? `${before}, ${message}` : message)
  }
  let first = true
  for (const [name, message] of joined) {
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: first })
    first = false
  }
  return joined.size > 0
}

/** The message of a failed call for a toast: the server's own, or `fallback`. */
export function failureMessage(err: unknown, fallback = t('adm.saveFailed')): string {
  const f = toFailure(err)
  return f.status > 0 && f.message ? f.message : fallback
}

/**
 * The save of a form dialog: runs `work`; on success the toast `done` (or `done(answer)`) and true; on failure a
 * 400's field errors on their fields, or else the server's message as a toast, and false.
 */
export function useFormSave<T extends FieldValues>(form: UseFormReturn<T>) {
  const { enqueueSnackbar } = useSnackbar()
  return async function save<R>(
    work: () => Promise<R>,
    done: string | ((result: R) => string),
  ): Promise<boolean> {
    try {
      const result = await work()
      enqueueSnackbar(typeof done === 'string' ? done : done(result), { variant: 'success' })
      return true
    } catch (err) {
      if (!showServerErrors(form, toFailure(err)))
        enqueueSnackbar(failureMessage(err), { variant: 'error' })
      return false
    }
  }
}
