import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import type { MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { NumberField } from '../../components/br-input'

/**
 * A number above zero, typed the Brazilian way (NumberField): what is not one is an error
 * under the field and changes nothing; empty sets null where the value may be empty
 * (`nullable`) and is an error where it may not.
 */
export function PositiveField({
  label,
  value,
  onChange,
  nullable = false,
  integer = false,
}: {
  label: string
  value: number | null | undefined
  onChange: (value: number | null) => void
  nullable?: boolean
  integer?: boolean
}) {
  return (
    <NumberField
      label={label}
      size="small"
      value={value ?? null}
      positive
      integer={integer}
      required={!nullable}
      onChange={(n) => n !== value && onChange(n)}
      fullWidth
    />
  )
}

/**
 * A select over fixed options labelled from the catalogue (`prefix` + option), or shown as
 * they are (names: paper sizes, styles) without a prefix.
 */
export function OptionField<T extends string>({
  label,
  value,
  options,
  prefix,
  onChange,
}: {
  label: string
  value: T
  options: readonly T[]
  prefix?: string
  onChange: (value: T) => void
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      fullWidth
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {prefix ? t(`${prefix}${o}` as MessageKey) : o}
        </MenuItem>
      ))}
    </TextField>
  )
}
