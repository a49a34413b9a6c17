import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import type { MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { positiveOrNull } from './designer-ops'

/**
 * A number input that accepts only numbers above zero: anything else clears the field, and
 * sets null where the value may be empty (`nullable`) or changes nothing where it may not.
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
  const [text, setText] = useState(value == null ? '' : String(value))
  useEffect(() => setText(value == null ? '' : String(value)), [value])
  const commit = (raw: string) => {
    let n = positiveOrNull(raw)
    if (n !== null && integer) n = Math.round(n) || null
    if (n === null) {
      setText('')
      if (nullable && value != null) onChange(null)
      return
    }
    if (n !== value) onChange(n)
  }
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      onChange={(e) => {
        setText(e.target.value)
        const n = positiveOrNull(e.target.value)
        if (n !== null && (!integer || Number.isInteger(n)) && n !== value) onChange(n)
      }}
      onBlur={(e) => commit(e.target.value)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  )
}

/** A select over fixed options labelled from the catalogue (`prefix` + option). */
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
  prefix: string
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
          {t(`${prefix}${o}` as MessageKey)}
        </MenuItem>
      ))}
    </TextField>
  )
}
