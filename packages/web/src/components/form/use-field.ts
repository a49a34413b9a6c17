import type { ReactNode } from 'react'
import { useController, useFormContext } from 'react-hook-form'

/** What a bound field of the pattern shares: its value, error and disabled-while-submitting. */
export interface BoundOptions {
  hint?: string
  helperText?: ReactNode
  disabled?: boolean
}

/**
 * Binds a field by name to the form of the pattern; `props` is what every control passes on:
 * name, blur, ref, disabled while submitting (unless told), the error and the message under it
 * (the error, else the helper text, else the hint).
 */
export function useField(name: string, { hint, helperText, disabled }: BoundOptions = {}) {
  const { control, formState } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  const error = fieldState.error?.message
  const submitting = formState.isSubmitting
  return {
    field,
    submitting,
    props: {
      name: field.name,
      onBlur: field.onBlur,
      inputRef: field.ref,
      disabled: disabled ?? submitting,
      error: Boolean(error),
      helperText: error ?? helperText ?? hint,
    },
  }
}

/** `useField` from a control's props: the field, its bound props, and the rest for the control. */
export function useFieldProps<P extends BoundOptions & { name: string }>({
  name,
  hint,
  helperText,
  disabled,
  ...rest
}: P) {
  const { field, props } = useField(name, { hint, helperText, disabled })
  return { field, bound: props, rest }
}
