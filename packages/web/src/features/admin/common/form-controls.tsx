import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { useController, useFormContext } from 'react-hook-form'
import { NumberField } from '../../../components/br-input'

/**
 * Form controls of the administration screens beside FormTextField (components/form): a
 * switch, a number field (empty is null) and a select, each bound by name to the form of
 * the one form pattern, its error under it.
 */

function useBound(name: string) {
  const { control, formState } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  return { field, error: fieldState.error?.message, submitting: formState.isSubmitting }
}

export function FormSwitch({
  name,
  label,
  disabled,
}: {
  name: string
  label: string
  disabled?: boolean
}) {
  const { field, submitting } = useBound(name)
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled ?? submitting}
        />
      }
    />
  )
}

type FieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: string
  hint?: string
}

/**
 * A number typed the Brazilian way (`1.234,5`, NumberField), kept as a number, null when
 * empty; while the text does not read as a number it is NaN, which the form's schema refuses,
 * and the field says why.
 */
export function FormNumberField({
  name,
  hint,
  helperText,
  disabled,
  min,
  max,
  integer,
  ...props
}: Omit<FieldProps, 'type'> & { min?: number; max?: number; integer?: boolean }) {
  const { field, error, submitting } = useBound(name)
  return (
    <NumberField
      {...props}
      name={field.name}
      value={field.value as number | null | undefined}
      onChange={field.onChange}
      onProblem={(problem) => problem && field.onChange(Number.NaN)}
      min={min}
      max={max}
      integer={integer}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? submitting}
      error={Boolean(error)}
      helperText={error ?? helperText ?? hint}
    />
  )
}

/** A select of fixed options; `value` null stands for "none" (an empty option). */
export function FormSelect({
  name,
  options,
  hint,
  helperText,
  disabled,
  ...props
}: FieldProps & { options: { value: string | number | null; label: string }[] }) {
  const { field, error, submitting } = useBound(name)
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      onChange={(e) => {
        const chosen = options.find((o) => String(o.value ?? '') === e.target.value)
        field.onChange(chosen ? chosen.value : null)
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? submitting}
      error={Boolean(error)}
      helperText={error ?? helperText ?? hint}
    >
      {options.map((o) => (
        <MenuItem key={String(o.value ?? '')} value={String(o.value ?? '')}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** Several of fixed options, kept as a list of their values. */
export function FormMultiSelect({
  name,
  options,
  hint,
  helperText,
  disabled,
  ...props
}: FieldProps & { options: { value: number | string; label: string }[] }) {
  const { field, error, submitting } = useBound(name)
  const value = (field.value as (number | string)[] | undefined) ?? []
  const labelOf = (v: number | string) => options.find((o) => o.value === v)?.label ?? String(v)
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={value.map(String)}
      onChange={(e) => {
        const chosen = e.target.value as unknown as string[]
        field.onChange(options.filter((o) => chosen.includes(String(o.value))).map((o) => o.value))
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? submitting}
      error={Boolean(error)}
      helperText={error ?? helperText ?? hint}
      slotProps={{
        select: {
          multiple: true,
          renderValue: () => value.map(labelOf).join(', '),
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  )
}
