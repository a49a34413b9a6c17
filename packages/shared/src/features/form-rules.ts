import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import type { AttributeType } from '../layers/schemas'
import { brDateTimeToIso, brDateToIso, normalTime, parseBrNumber } from './br-values'
import { MIN_ATTRIBUTE_YEAR } from './constants'

installZodErrorMap()

/**
 * The attribute form's rules (spec 1 section 5, spec 3 section 5), on the text the inputs
 * hold: the browser checks them as the user types, the server applies the same rules (and
 * the column's own limits) to what it receives.
 */

/** What the form knows of a field to check it. */
export interface FormFieldRule {
  name: string
  type: AttributeType
  maxLength: number | null
  /** NOT NULL without a default: an empty value is refused. */
  required: boolean
  /** A selectable domain's values: any other value is refused. */
  options?: readonly (string | number)[]
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_TEXT = /^([01]\d|2[0-3]):([0-5]\d)(:([0-5]\d))?$/

function leap(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
}

/** A real calendar day `yyyy-mm-dd`, year 1900 or later: undefined, or the problem's message. */
export function dateProblem(text: string): string | undefined {
  const m = DATE_TEXT.exec(text)
  if (!m) return t('values.date')
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const days = [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  if (mo < 1 || mo > 12 || d < 1 || d > days[mo - 1]!) return t('values.date')
  if (y < MIN_ATTRIBUTE_YEAR) return t('features.value.yearMin')
  return undefined
}

/** `hh:mm` or `hh:mm:ss`. */
export function timeProblem(text: string): string | undefined {
  return TIME_TEXT.test(text) ? undefined : t('values.time')
}

/** A date and a time (`yyyy-mm-ddThh:mm[:ss]`, as a datetime-local input gives). */
export function dateTimeProblem(text: string): string | undefined {
  const [date, time] = text.split(/[T ]/)
  if (!date || !time) return t('values.datetime')
  const d = dateProblem(date)
  if (d) return d === t('values.date') ? t('values.datetime') : d
  return timeProblem(time.slice(0, 8)) ? t('values.datetime') : undefined
}

/**
 * The problem of one field's text as the form holds it (the Brazilian way: `1.234,5`,
 * `dd/mm/aaaa`, `dd/mm/aaaa hh:mm:ss`, `hh:mm:ss`), or undefined: empty is null (refused only
 * when required).
 */
export function fieldProblem(field: FormFieldRule, text: string): string | undefined {
  if (text.trim() === '') return field.required ? t('features.value.required') : undefined
  switch (field.type) {
    case 'number':
      if (parseBrNumber(text) === undefined) return t('features.value.brNumber')
      break
    case 'date': {
      const iso = brDateToIso(text)
      if (!iso) return t('features.value.brDate')
      const problem = dateProblem(iso)
      if (problem) return problem === t('values.date') ? t('features.value.brDate') : problem
      return optionProblem(field, iso)
    }
    case 'time':
      return normalTime(text) ? undefined : t('features.value.brTime')
    case 'datetime': {
      const iso = brDateTimeToIso(text)
      if (!iso) return t('features.value.brDateTime')
      const problem = dateTimeProblem(iso)
      if (problem)
        return problem === t('values.datetime') ? t('features.value.brDateTime') : problem
      return undefined
    }
    case 'string':
      if (field.maxLength && [...text].length > field.maxLength) {
        return t('values.tooLong', { max: field.maxLength })
      }
      break
    default:
      break
  }
  return optionProblem(field, text)
}

function optionProblem(field: FormFieldRule, text: string): string | undefined {
  if (!field.options || field.options.length === 0) return undefined
  const ok = field.options.some((o) =>
    typeof o === 'number' ? parseBrNumber(text) === o : String(o) === text,
  )
  return ok ? undefined : t('features.value.selectOption')
}

/** The form's schema: one text per field, each checked by fieldProblem. */
export function featureFormSchema(fields: readonly FormFieldRule[]) {
  return z.object(
    Object.fromEntries(
      fields.map((field) => [
        field.name,
        z.string().superRefine((text, ctx) => {
          const message = fieldProblem(field, text)
          if (message) ctx.addIssue({ code: 'custom', message })
        }),
      ]),
    ),
  )
}
