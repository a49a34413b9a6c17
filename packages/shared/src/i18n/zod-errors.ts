import { z } from 'zod'
import { t, type MessageKey } from './catalogue'

type RawIssue = z.core.$ZodRawIssue

const EXPECTED: Record<string, MessageKey> = {
  number: 'validation.expectedNumber',
  int: 'validation.expectedInteger',
  bigint: 'validation.expectedInteger',
  nan: 'validation.expectedNumber',
  string: 'validation.expectedText',
  boolean: 'validation.expectedBoolean',
  array: 'validation.expectedList',
  tuple: 'validation.expectedList',
  set: 'validation.expectedList',
  object: 'validation.expectedObject',
  record: 'validation.expectedObject',
  map: 'validation.expectedObject',
  date: 'validation.expectedDate',
}

const FORMATS: Record<string, MessageKey> = {
  email: 'field.emailInvalid',
  url: 'validation.invalidUrl',
  uuid: 'validation.invalidUuid',
  uuidv4: 'validation.invalidUuid',
  uuidv6: 'validation.invalidUuid',
  uuidv7: 'validation.invalidUuid',
  guid: 'validation.invalidUuid',
  date: 'validation.invalidDate',
  time: 'validation.invalidTime',
  datetime: 'validation.invalidDateTime',
}

const number = (n: number | bigint) => n.toLocaleString('pt-BR', { useGrouping: false })
const day = (n: number | bigint) => new Date(Number(n)).toISOString().slice(0, 10)
const quoted = (values: readonly unknown[]) => values.map((v) => String(v)).join(', ')

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>): string {
  const min = issue.minimum
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return t('validation.textExactLength', { n: number(min) })
      // A required text (at least one character) is the common case: say so.
      if (Number(min) <= 1) return t('field.required')
      return t('validation.textTooShort', { min: number(min) })
    case 'array':
    case 'set':
      return t('validation.listTooShort', { min: number(min) })
    case 'date':
      return t('validation.dateTooEarly', { min: day(min) })
    default:
      return issue.inclusive === false
        ? t('validation.numberTooSmallExclusive', { min: number(min) })
        : t('validation.numberTooSmall', { min: number(min) })
  }
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>): string {
  const max = issue.maximum
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return t('validation.textExactLength', { n: number(max) })
      return t('field.tooLong', { max: number(max) })
    case 'array':
    case 'set':
      return t('validation.listTooLong', { max: number(max) })
    case 'date':
      return t('validation.dateTooLate', { max: day(max) })
    case 'file':
      return t('validation.fileTooBig', { max: number(max) })
    default:
      return issue.inclusive === false
        ? t('validation.numberTooBigExclusive', { max: number(max) })
        : t('validation.numberTooBig', { max: number(max) })
  }
}

/**
 * The one pt-BR error map of every zod schema, server and web alike: what a schema says when
 * it gives no message of its own. No message of the library, in English, reaches a user.
 */
export function zodErrorMap(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t('field.required')
      return t(EXPECTED[issue.expected] ?? 'validation.invalidType')
    case 'too_small':
      return tooSmall(issue)
    case 'too_big':
      return tooBig(issue)
    case 'invalid_format':
      return t(FORMATS[issue.format] ?? 'validation.invalidFormat')
    case 'not_multiple_of':
      return t('validation.notMultipleOf', { divisor: number(issue.divisor) })
    case 'invalid_value':
      return issue.values.length === 1
        ? t('validation.invalidValue', { value: quoted(issue.values) })
        : t('validation.invalidOption', { values: quoted(issue.values) })
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? t('validation.unknownField')
        : t('validation.unknownFields', { keys: issue.keys.join(', ') })
    case 'invalid_key':
      return t('validation.invalidKey')
    case 'invalid_element':
      return t('validation.invalidElement')
    default:
      return t('field.invalid')
  }
}

let installed = false

/**
 * Makes `zodErrorMap` zod's locale, process-wide (zod keeps its configuration on globalThis).
 * Called by the schema modules of this package, so whoever imports a schema gets it.
 */
export function installZodErrorMap(): void {
  if (installed) return
  installed = true
  z.config({ localeError: zodErrorMap })
}

installZodErrorMap()
