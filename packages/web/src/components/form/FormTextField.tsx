import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { useController, useFormContext } from 'react-hook-form'
import { PasswordField } from '../PasswordField'

type FieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: string
  /** Shown when the field has no error (a hint, or ' ' to keep the line). */
  hint?: string
}

function useField(name: string) {
  const { control, formState } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  return { field, error: fieldState.error?.message, disabled: formState.isSubmitting }
}

/** A text field of the form pattern: bound by name, its error message under it. */
export function FormTextField({ name, hint, helperText, disabled, ...props }: FieldProps) {
  const { field, error, disabled: submitting } = useField(name)
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? submitting}
      error={Boolean(error)}
      helperText={error ?? helperText ?? hint}
    />
  )
}

/** A password field of the form pattern, with the show/hide button. */
export function FormPasswordField({ name, hint, helperText, disabled, ...props }: FieldProps) {
  const { field, error, disabled: submitting } = useField(name)
  return (
    <PasswordField
      fullWidth
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? submitting}
      error={Boolean(error)}
      helperText={error ?? helperText ?? hint}
    />
  )
}
