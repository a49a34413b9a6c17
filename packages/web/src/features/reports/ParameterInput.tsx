import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import type { ReportParameter } from '@gis/shared/reports'
import { brText, NumberField } from '../../components/br-input'
import { multiLabel, pickerOptions, type ParameterValue } from './parameters'

interface Props {
  parameter: ReportParameter
  value: ParameterValue
  onChange: (value: ParameterValue) => void
}

/** A picker's option as shown: a number the Brazilian way (`1.234,5`). */
const shownOption = (o: string | number) => (typeof o === 'number' ? brText('number', o) : o)

/** One report parameter's input by its type (spec 3 §2, §5). */
export function ParameterInput({ parameter: p, value, onChange }: Props) {
  const label = p.description || p.name
  const disabled = Boolean(p.disabled)
  const shared = { size: 'small' as const, label, disabled }
  switch (p.type) {
    case 'BOOL':
      return (
        <FormControlLabel
          disabled={disabled}
          control={<Switch checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
          label={`${label}: ${value === true ? t('reports.yes') : t('reports.no')}`}
        />
      )
    case 'NUMBER':
      // Typed `1.234,5`; while the text does not read as a number the value is NaN, and the
      // dialog does not run the report.
      return (
        <NumberField
          {...shared}
          required
          value={typeof value === 'number' ? value : null}
          onChange={(n) => onChange(n ?? Number.NaN)}
          onProblem={(problem) => problem && onChange(Number.NaN)}
        />
      )
    case 'NUMBER_PICKER':
    case 'TEXT_PICKER': {
      const options = pickerOptions(p)
      const known = options.some((o) => String(o) === String(value))
      return (
        <TextField
          select
          {...shared}
          value={known ? String(value) : ''}
          error={!known}
          helperText={known ? undefined : t('reports.selectOption')}
          onChange={(e) => {
            const chosen = options.find((o) => String(o) === e.target.value)
            if (chosen !== undefined) onChange(chosen)
          }}
        >
          {options.map((o) => (
            <MenuItem key={String(o)} value={String(o)}>
              {shownOption(o)}
            </MenuItem>
          ))}
        </TextField>
      )
    }
    case 'MULTIPICKER': {
      const options = pickerOptions(p)
      const chosen = Array.isArray(value) ? value : []
      return (
        <TextField
          select
          {...shared}
          value={chosen.map(String)}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: () =>
                multiLabel(
                  chosen.map(shownOption),
                  options.map(shownOption),
                  t('reports.none'),
                  t('reports.all'),
                ),
            },
            inputLabel: { shrink: true },
          }}
          onChange={(e) => {
            const raw = e.target.value as unknown as string[]
            onChange(options.filter((o) => raw.includes(String(o))))
          }}
        >
          {options.map((o) => (
            <MenuItem key={String(o)} value={String(o)}>
              {shownOption(o)}
            </MenuItem>
          ))}
        </TextField>
      )
    }
    default:
      return (
        <TextField
          {...shared}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
}
