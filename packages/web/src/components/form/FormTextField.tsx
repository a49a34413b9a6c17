import { PasswordField } from '../PasswordField'
import { TextInput, type TextInputProps } from '../TextInput'
import { useField } from './use-field'

export type FieldProps = Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: string
  /** Shown when the field has no error (a hint, or ' ' to keep the line). */
  hint?: string
}

/** What a text field keeps of a keystroke: the typed text, or something of it (`before` refuses). */
export type TypedFilter = (text: string, before: string) => string

/**
 * A text field of the form pattern: bound by name, its error message under it; `typed` filters
 * what is typed (a name lowered, a character outside the rule refused).
 */
export function FormTextField({
  name,
  hint,
  helperText,
  disabled,
  typed,
  ...props
}: FieldProps & { typed?: TypedFilter }) {
  const { field, props: bound } = useField(name, { hint, helperText, disabled })
  const value = (field.value as string | null | undefined) ?? ''
  return (
    <TextInput
      {...props}
      {...bound}
      value={value}
      onChange={typed ? (e) => field.onChange(typed(e.target.value, value)) : field.onChange}
    />
  )
}

/** A password field of the form pattern, with the show/hide button. */
export function FormPasswordField({ name, hint, helperText, disabled, ...props }: FieldProps) {
  const { field, props: bound } = useField(name, { hint, helperText, disabled })
  return (
    <PasswordField
      fullWidth
      {...props}
      {...bound}
      value={field.value ?? ''}
      onChange={field.onChange}
    />
  )
}
