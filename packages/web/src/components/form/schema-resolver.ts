import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form'

/**
 * A rule between fields (a confirmation equal to the password, a field required when another
 * changed). It runs whatever the other fields say, so every message shows at once: zod skips
 * an object's refinements while any field fails.
 */
export interface CrossCheck<T> {
  field: Path<T>
  /** The message, or what makes it from the values (a name rule's own message). */
  message: string | ((values: T) => string)
  fails: (values: T) => boolean
}

type AnySchema = Parameters<typeof zodResolver>[0]

/**
 * The form pattern's validation: a shared zod schema of packages/shared (the rules and the
 * Portuguese messages the server applies too), plus the form's own cross-field checks. The
 * submit handler receives the field values with the schema's output over them (trimmed
 * texts), and the form's own fields that the schema does not know (a confirmation) as typed.
 */
export function schemaResolver<T extends FieldValues>(
  schema: AnySchema,
  checks: CrossCheck<T>[] = [],
): Resolver<T> {
  const base = zodResolver(schema) as unknown as Resolver<T>
  return async (values, context, options) => {
    const result = await base(values, context, options)
    const errors: Record<string, unknown> = { ...result.errors }
    for (const check of checks) {
      if (!errors[check.field] && check.fails(values)) {
        const message = typeof check.message === 'string' ? check.message : check.message(values)
        errors[check.field] = { type: 'custom', message }
      }
    }
    if (Object.keys(errors).length === 0) {
      return { values: { ...values, ...result.values }, errors: {} }
    }
    return { values: {}, errors: errors as FieldErrors<T> }
  }
}
