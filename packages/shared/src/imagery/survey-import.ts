import { z } from 'zod'
import { requiredText } from '../auth/schemas'
import { t } from '../i18n/messages'

/**
 * Loading a real survey (issue 29 point 3, docs/imagery.md): the form's fields, the import
 * job as the control panel follows it, and its summary.
 */

/** The survey's date as typed (dd/mm/aaaa or yyyy-mm-dd), as yyyy-mm-dd; undefined if invalid. */
export function surveyDate(text: string): string | undefined {
  const s = text.trim()
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  const [y, m, d] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [NaN, NaN, NaN]
  if (!Number.isInteger(y) || y < 1980 || y > 2100) return undefined
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined
  return date.toISOString().slice(0, 10)
}

/**
 * A number as written in a survey's files or the form: a decimal comma (13,5) or point
 * (13.5), thousands with points when a comma follows (1.234,5); undefined when it is not one.
 */
export function surveyNumber(text: string): number | undefined {
  let s = text.trim()
  if (!s) return undefined
  if (s.includes(',')) s = s.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.')
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return undefined
  const n = Number(s)
  return Number.isFinite(n) ? n : undefined
}

/** The form's fields (multipart fields of POST /api/imagery/surveys/import). */
export const surveyImportFieldsSchema = z.object({
  name: requiredText(t('imageryImport.nameRequired'), 100),
  date: requiredText(t('imageryImport.dateRequired'), 10).refine(
    (v) => surveyDate(v) !== undefined,
    { error: t('imageryImport.dateInvalid') },
  ),
  description: z
    .string()
    .trim()
    .max(2000, { error: t('field.tooLong', { max: 2000 }) }),
  /** For panoramas without events.csv: the road, its way and the km of the first one. */
  road: z
    .string()
    .trim()
    .max(100, { error: t('field.tooLong', { max: 100 }) }),
  way: z
    .string()
    .trim()
    .max(100, { error: t('field.tooLong', { max: 100 }) }),
  kmStart: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || (surveyNumber(v) ?? -1) >= 0, {
      error: t('imageryImport.kmStartInvalid'),
    }),
})
export type SurveyImportFields = z.infer<typeof surveyImportFieldsSchema>

/** A row left out of the import: the file, its line (header = 1) and why, in Portuguese. */
export const surveyImportErrorSchema = z.object({
  file: z.string(),
  row: z.number().int(),
  message: z.string(),
})
export type SurveyImportError = z.infer<typeof surveyImportErrorSchema>

/** What an import did, once complete. */
export const surveyImportSummarySchema = z.object({
  surveyId: z.number().int(),
  events: z.number().int(),
  frames: z.number().int(),
  panoramas: z.number().int(),
  errors: z.array(surveyImportErrorSchema),
})
export type SurveyImportSummary = z.infer<typeof surveyImportSummarySchema>

/** GET /api/imagery/surveys/import/{id}: the job followed every second. */
export const surveyImportJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['QUEUED', 'IN_PROGRESS', 'COMPLETE', 'ERROR', 'CANCELLED']),
  progress: z.object({ value: z.number(), max: z.number() }),
  /** What it is doing, or why it failed (Portuguese). */
  message: z.string().nullable(),
  elapsed: z.number(),
  summary: surveyImportSummarySchema.nullable(),
})
export type SurveyImportJob = z.infer<typeof surveyImportJobSchema>

/** Limits of an import (docs/imagery.md). */
export const SURVEY_IMPORT_LIMITS = {
  /** The upload: one zip, or the files of a folder together. */
  uploadMb: 4096,
  /** Files of a folder, entries of a zip. */
  files: 50_000,
  /** One image, inflated. */
  imageMb: 100,
  /** events.csv or frames.csv, inflated. */
  csvMb: 50,
  /** Rows of events.csv; frames.csv may have ten times as many. */
  events: 100_000,
  /** Errors listed in the summary (the first ones). */
  errors: 1_000,
} as const
