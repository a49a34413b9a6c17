import MenuItem from '@mui/material/MenuItem'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { INSPECTION_NOTES } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { noteColour, noteLabel } from './notes'

/** A note 1–5 chosen by its name ('5 - Excelente' … '1 - Crítica'); `optional` offers none. */
export function NoteSelect({
  label,
  value,
  onChange,
  optional,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange' | 'select'> & {
  label: string
  value: number | null
  onChange: (note: number | null) => void
  optional?: boolean
}) {
  return (
    <TextField
      {...props}
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      {optional && <MenuItem value="">{t('inspection.form.noNote')}</MenuItem>}
      {INSPECTION_NOTES.map((n) => (
        <MenuItem key={n} value={n}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: '50%',
              background: noteColour(n),
              marginRight: 8,
            }}
          />
          {noteLabel(n)}
        </MenuItem>
      ))}
    </TextField>
  )
}
