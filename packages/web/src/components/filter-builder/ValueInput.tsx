import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import type { BuilderField, RuleValue } from './filter-model'

/** Typing in a value waits this long before asking for samples (spec 3 §9: text inputs). */
export const SAMPLES_DELAY_MS = 500

/** Asks the layer's existing values of a field containing a text (the builder's suggestions). */
export type SamplesSource = (
  field: string,
  contains: string,
) => { values: readonly (string | number | boolean)[]; loading: boolean }

interface Props {
  field: BuilderField
  value: RuleValue
  onChange: (value: RuleValue) => void
  label: string
  useSamples: SamplesSource
}

const inputType: Partial<Record<BuilderField['type'], string>> = {
  date: 'date',
  datetime: 'datetime-local',
  time: 'time',
}

/** A number as typed: a number when it reads as one, else the text (the server explains). */
function numberValue(text: string): RuleValue {
  const n = Number(text.replace(',', '.'))
  return text.trim() !== '' && Number.isFinite(n) ? n : text
}

/**
 * The value of a rule, by the field's type: yes/no for booleans, the browser's date and time
 * inputs, and for text and numbers a free input that suggests the layer's existing values
 * (the domain's values first) from `GET /api/features/{layer}/samples/{field}`.
 */
export function ValueInput({ field, value, onChange, label, useSamples }: Props) {
  if (field.type === 'boolean') {
    return (
      <TextField
        select
        size="small"
        label={label}
        value={value === false ? 'false' : 'true'}
        onChange={(e) => onChange(e.target.value === 'true')}
        slotProps={{ select: { native: true } }}
      >
        <option value="true">{t('common.yes')}</option>
        <option value="false">{t('common.no')}</option>
      </TextField>
    )
  }
  if (field.choices) {
    return (
      <TextField
        select
        size="small"
        label={label}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200 }}
      >
        <option value="" />
        {field.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </TextField>
    )
  }
  const type = inputType[field.type]
  if (type) {
    return (
      <TextField
        size="small"
        type={type}
        label={label}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: field.type === 'time' || field.type === 'datetime' ? { step: 2 } : {},
        }}
      />
    )
  }
  return (
    <SuggestInput
      field={field}
      value={value}
      onChange={onChange}
      label={label}
      useSamples={useSamples}
    />
  )
}

function SuggestInput({ field, value, onChange, label, useSamples }: Props) {
  const text = value === null ? '' : String(value)
  const [typed, setTyped] = useState(text)
  const [contains, setContains] = useState('')
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setContains(typed), SAMPLES_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [typed])
  const samples = useSamples(open ? field.name : '', contains)
  const options = [
    ...new Set([
      ...(field.domain ?? []).map(String).filter((v) => v.includes(contains)),
      ...samples.values.map(String),
    ]),
  ]
  const emit = (s: string) => onChange(field.type === 'number' ? numberValue(s) : s)
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={options}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={samples.loading}
      loadingText="…"
      filterOptions={(o) => o}
      inputValue={text}
      onInputChange={(_e, s) => {
        setTyped(s)
        emit(s)
      }}
      groupBy={() => t('filterBuilder.suggestions')}
      sx={{ flex: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              inputMode: field.type === 'number' ? 'decimal' : undefined,
            },
          }}
        />
      )}
    />
  )
}
