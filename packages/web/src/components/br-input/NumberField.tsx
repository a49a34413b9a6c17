import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { NumberInput, type BrInputProps } from './BrInputs'
import { brProblem, brText, brValue } from './br-text'

export interface NumberFieldProps extends Omit<BrInputProps, 'value' | 'onChange'> {
  /** The number held (null: none; NaN: what was typed does not read as one). */
  value: number | null | undefined
  /** The number the text reads as, null when empty; called only when the text is valid. */
  onChange: (value: number | null) => void
  /** Told whenever the text becomes invalid (the message) or valid again (undefined). */
  onProblem?: (problem: string | undefined) => void
  min?: number
  max?: number
  /** Above zero (zero refused). */
  positive?: boolean
  integer?: boolean
  /** An empty text is refused. */
  required?: boolean
}

/** What is wrong with a typed number within its bounds, or undefined. */
export function numberProblem(
  text: string,
  opts: Pick<NumberFieldProps, 'min' | 'max' | 'positive' | 'integer' | 'required'> = {},
): string | undefined {
  const problem = brProblem('number', text)
  if (problem) return problem
  const n = brValue('number', text)
  if (n === null) return opts.required ? t('field.required') : undefined
  if (typeof n !== 'number') return t('features.value.brNumber')
  if (opts.integer && !Number.isInteger(n)) return t('validation.expectedInteger')
  const shown = (x: number) => brText('number', x)
  if (opts.positive && n <= 0) return t('validation.numberTooSmallExclusive', { min: '0' })
  if (opts.min !== undefined && n < opts.min)
    return t('validation.numberTooSmall', { min: shown(opts.min) })
  if (opts.max !== undefined && n > opts.max)
    return t('validation.numberTooBig', { max: shown(opts.max) })
  return undefined
}

/**
 * A number held as a number and typed as Brazilian text (NumberInput): the text is the
 * user's, never rewritten while it is being typed; a text that does not read as a number
 * within the bounds is an error under the field and changes nothing (onChange is not called).
 * A new value from outside (a reset, another control) replaces the text.
 */
export function NumberField({
  value,
  onChange,
  onProblem,
  min,
  max,
  positive,
  integer,
  required,
  helperText,
  error,
  ...props
}: NumberFieldProps) {
  const [text, setText] = useState(() => brText('number', value))
  useEffect(() => {
    if (value === undefined || Number.isNaN(value)) return
    setText((current) => (brValue('number', current) === value ? current : brText('number', value)))
  }, [value])
  const problem = numberProblem(text, { min, max, positive, integer, required })
  return (
    <NumberInput
      {...props}
      value={text}
      onChange={(next) => {
        setText(next)
        const nextProblem = numberProblem(next, { min, max, positive, integer, required })
        onProblem?.(nextProblem)
        if (!nextProblem) onChange(brValue('number', next) as number | null)
      }}
      error={Boolean(problem) || error}
      helperText={problem ?? helperText}
    />
  )
}
