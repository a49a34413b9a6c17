import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { BrKindInput, brText } from '../br-input'
import { ruleText, type BuilderField, type RuleValue } from './filter-model'

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
  /** What is wrong with the typed value (filterProblems), shown under the input. */
  problem?: string
}

/**
 * The value of a rule, by the field's type: yes/no for booleans, dates and times typed the
 * Brazilian way (dd/mm/aaaa, 24 hours: the shared inputs of decision 63), and for text and
 * numbers (`1.234,5`) a free input that suggests the layer's existing values (the domain's
 * values first) from `GET /api/features/{layer}/samples/{field}`. Numbers, dates and times
 * are kept as typed; a text that does not read as one shows `problem` under the input.
 */
export function ValueInput(props: Props) {
  const { field, value, onChange, label, problem } = props
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
  if (field.type === 'date' || field.type === 'time' || field.type === 'datetime') {
    return (
      <BrKindInput
        kind={field.type}
        size="small"
        label={label}
        value={ruleText(field, value)}
        onChange={onChange}
        error={Boolean(problem)}
        helperText={problem}
        sx={{ flex: 1 }}
      />
    )
  }
  return <SuggestInput {...props} />
}

function SuggestInput({ field, value, onChange, label, useSamples, problem }: Props) {
  const text = ruleText(field, value)
  const number = field.type === 'number'
  const [typed, setTyped] = useState(text)
  const [contains, setContains] = useState('')
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setContains(typed), SAMPLES_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [typed])
  // Numbers are suggested as they are typed: `1.234,5`.
  const shown = (v: string | number | boolean) =>
    number && typeof v !== 'boolean' ? brText('number', v) : String(v)
  // The server looks for the digits as it writes them: `1.234,5` is 1234.5 there.
  const query = number ? contains.replace(/\./g, '').replace(',', '.') : contains
  const samples = useSamples(open ? field.name : '', query)
  const options = [
    ...new Set([
      ...(field.domain ?? []).map(shown).filter((v) => v.includes(contains)),
      ...samples.values.map(shown),
    ]),
  ]
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
        onChange(s)
      }}
      groupBy={() => t('filterBuilder.suggestions')}
      sx={{ flex: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(problem)}
          helperText={problem}
          placeholder={number ? '0,0' : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              inputMode: number ? 'decimal' : undefined,
            },
          }}
        />
      )}
    />
  )
}
