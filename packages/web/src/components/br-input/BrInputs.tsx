import TextField, { type TextFieldProps } from '@mui/material/TextField'
import type { BrKind } from './br-text'

/** What each input expects, shown while it is empty. */
const PLACEHOLDERS: Record<BrKind, string> = {
  number: '0,0',
  date: 'dd/mm/aaaa',
  time: 'hh:mm:ss',
  datetime: 'dd/mm/aaaa hh:mm:ss',
}

/** The phone keyboard of each input: digits and a comma for numbers, digits for the rest. */
const INPUT_MODES: Record<BrKind, 'decimal' | 'numeric' | undefined> = {
  number: 'decimal',
  date: 'numeric',
  time: 'numeric',
  datetime: undefined,
}

export type BrInputProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'select'> & {
  /** The text as typed (brText gives it for a value of the API). */
  value: string
  onChange: (text: string) => void
  readOnly?: boolean
}

/**
 * The one input of a number, a date, a time or a date and time (decision 63): a plain text
 * input holding what the user typed, never altered (no native number or date input, which
 * follow the browser's language), with the expected form as placeholder and the phone
 * keyboard that fits. Reading the text is the caller's (brValue, brProblem), which shows the
 * problem as `helperText`.
 */
function BrInput({
  kind,
  value,
  onChange,
  readOnly,
  placeholder,
  slotProps,
  ...props
}: BrInputProps & { kind: BrKind }) {
  const html = (slotProps?.htmlInput ?? {}) as Record<string, unknown>
  const label = (slotProps?.inputLabel ?? {}) as Record<string, unknown>
  return (
    <TextField
      {...props}
      value={value}
      placeholder={placeholder ?? PLACEHOLDERS[kind]}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...(INPUT_MODES[kind] ? { inputMode: INPUT_MODES[kind] } : {}),
          ...html,
          ...(readOnly ? { readOnly } : {}),
        },
        inputLabel: { shrink: true, ...label },
      }}
    />
  )
}

/** A number typed the Brazilian way: `1.234,5`. */
export function NumberInput(props: BrInputProps) {
  return <BrInput kind="number" {...props} />
}

/** A date typed dd/mm/aaaa. */
export function DateInput(props: BrInputProps) {
  return <BrInput kind="date" {...props} />
}

/** A time of day typed hh:mm[:ss], 24 hours. */
export function TimeInput(props: BrInputProps) {
  return <BrInput kind="time" {...props} />
}

/** A date and time typed dd/mm/aaaa hh:mm[:ss], 24 hours. */
export function DateTimeInput(props: BrInputProps) {
  return <BrInput kind="datetime" {...props} />
}

/** The input of a kind (for callers that pick it by a field's type). */
export function BrKindInput({ kind, ...props }: BrInputProps & { kind: BrKind }) {
  const Input = { number: NumberInput, date: DateInput, time: TimeInput, datetime: DateTimeInput }[
    kind
  ]
  return <Input {...props} />
}
