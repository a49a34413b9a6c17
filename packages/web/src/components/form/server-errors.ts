import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { ApiFailure } from '../../api/base-api'

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
