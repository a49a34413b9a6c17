import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { NumberField } from '../br-input'
import type { FieldProps } from './FormTextField'
import { useField, useFieldProps } from './use-field'

/** A select of the form pattern: MUI's TextField in its select mode (a text box is TextInput). */
type SelectFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> &
  Pick<FieldProps, 'name' | 'hint'>

/** A switch of the form pattern, bound by name. */
export function FormSwitch(props: { name: string; label: string; disabled?: boolean }) {
  return <FormToggle {...props} control={Switch} />
}

/** A checkbox of the form pattern, bound by name (a choice within a list of options). */
export function FormCheckbox(props: { name: string; label: string; disabled?: boolean }) {
  return <FormToggle {...props} control={Checkbox} size="small" />
}

function FormToggle({
  name,
  label,
  disabled,
  control: Control,
  size,
}: {
  name: string
  label: string
  disabled?: boolean
  control: typeof Switch | typeof Checkbox
  size?: 'small'
}) {
  const { field, submitting } = useField(name)
  return (
    <FormControlLabel
      label={label}
      control={
        <Control
          name={field.name}
          size={size}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled ?? submitting}
        />
      }
    />
  )
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
  const { field, props: bound } = useField(name, { hint, helperText, disabled })
  return (
    <NumberField
      {...props}
      {...bound}
      value={field.value as number | null | undefined}
      onChange={field.onChange}
      onProblem={(problem) => problem && field.onChange(Number.NaN)}
      min={min}
      max={max}
      integer={integer}
    />
  )
}

interface Option<V> {
  value: V
  label: string
}

const optionItems = <V,>(options: Option<V>[]) =>
  options.map((o) => (
    <MenuItem key={String(o.value ?? '')} value={String(o.value ?? '')}>
      {o.label}
    </MenuItem>
  ))

/**
 * A select of fixed options; `value` null stands for "none" (an empty option). `native`: the
 * browser's own select (its options in the browser's list).
 */
export function FormSelect({
  options,
  native = false,
  ...all
}: SelectFieldProps & { options: Option<string | number | null>[]; native?: boolean }) {
  const { field, bound, rest: props } = useFieldProps(all)
  return (
    <TextField
      {...(native ? { slotProps: { select: { native: true } } } : {})}
      {...props}
      {...bound}
      select
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      onChange={(e) => {
        const chosen = options.find((o) => String(o.value ?? '') === e.target.value)
        field.onChange(chosen ? chosen.value : null)
      }}
    >
      {native
        ? options.map((o) => (
            <option key={String(o.value ?? '')} value={String(o.value ?? '')}>
              {o.label}
            </option>
          ))
        : optionItems(options)}
    </TextField>
  )
}

/** Several of fixed options, kept as a list of their values. */
export function FormMultiSelect({
  options,
  ...all
}: SelectFieldProps & { options: Option<number | string>[] }) {
  const { field, bound, rest: props } = useFieldProps(all)
  const value = (field.value as (number | string)[] | undefined) ?? []
  const labelOf = (v: number | string) => options.find((o) => o.value === v)?.label ?? String(v)
  return (
    <TextField
      {...props}
      {...bound}
      select
      value={value.map(String)}
      onChange={(e) => {
        const chosen = e.target.value as unknown as string[]
        field.onChange(options.filter((o) => chosen.includes(String(o.value))).map((o) => o.value))
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: () => value.map(labelOf).join(', '),
        },
      }}
    >
      {optionItems(options)}
    </TextField>
  )
}
