import {
  inspectionInputSchema,
  inspectionToday,
  type InspectionDetail,
  type InspectionInput,
} from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import type { ApiFailure } from '../../api/base-api'
import { brProblem, brText, brValue } from '../../components/br-input'
import { storedPhotos, type FormPhoto } from './photo-uploads'

export interface FormAnomaly {
  key: string
  element: string
  description: string
  note: number | null
  photos: FormPhoto[]
}

/** The inspection form as typed (the date as dd/mm/aaaa, notes unchosen as null). */
export interface InspectionFormState {
  typeId: number | ''
  date: string
  inspector: string
  structural: number | null
  functional: number | null
  durability: number | null
  recommendations: string
  anomalies: FormAnomaly[]
  photos: FormPhoto[]
}

/** Field errors by path: 'date', 'structural', 'anomalies.0.element', … */
export type FormErrors = Record<string, string>

let counter = 0
export const anomalyKey = () => `anomaly-${++counter}`

export function newForm(inspector: string, typeId: number | ''): InspectionFormState {
  return {
    typeId,
    date: brText('date', inspectionToday()),
    inspector,
    structural: null,
    functional: null,
    durability: null,
    recommendations: '',
    anomalies: [],
    photos: [],
  }
}

export function formOf(
  d: InspectionDetail,
  src: (contentId: number) => string,
): InspectionFormState {
  return {
    typeId: d.typeId,
    date: brText('date', d.date),
    inspector: d.inspector,
    structural: d.structural,
    functional: d.functional,
    durability: d.durability,
    recommendations: d.recommendations,
    anomalies: d.anomalies.map((a) => ({
      key: anomalyKey(),
      element: a.element,
      description: a.description,
      note: a.note,
      photos: storedPhotos(a.photos, src),
    })),
    photos: storedPhotos(d.photos, src),
  }
}

const sent = (photos: readonly FormPhoto[]) =>
  photos
    .filter((p) => p.contentId !== undefined)
    .map((p) => ({
      contentId: p.contentId!,
      ...(p.caption.trim() ? { caption: p.caption.trim() } : {}),
    }))

/**
 * The body of POST / (or PUT /{id}) and the problems the shared schema (the server's own
 * rules and messages) and the date input find, by field.
 */
export function checkForm(
  featureId: number,
  s: InspectionFormState,
): { input: InspectionInput; errors: FormErrors } {
  const errors: FormErrors = {}
  const date = brValue('date', s.date)
  if (typeof date !== 'string')
    errors.date = brProblem('date', s.date) ?? t('inspection.form.dateRequired')
  const input = {
    featureId,
    typeId: s.typeId === '' ? undefined : s.typeId,
    date: typeof date === 'string' ? date : '',
    inspector: s.inspector,
    structural: s.structural ?? undefined,
    functional: s.functional ?? undefined,
    durability: s.durability ?? undefined,
    recommendations: s.recommendations,
    anomalies: s.anomalies.map((a) => ({
      element: a.element,
      description: a.description,
      note: a.note,
      photos: sent(a.photos),
    })),
    photos: sent(s.photos),
  } as InspectionInput
  const parsed = inspectionInputSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.')
      if (!errors[path]) errors[path] = issue.message
    }
  }
  for (const note of ['structural', 'functional', 'durability'] as const)
    if (s[note] === null) errors[note] = t('inspection.form.noteRequired')
  return { input, errors }
}

/** A 400's field errors by path ('anomalies[0].element' and 'anomalies.0.element' alike). */
export function serverErrors(failure: ApiFailure): FormErrors {
  const errors: FormErrors = {}
  for (const e of failure.errors) {
    const path = e.field.replace(/\[(\d+)\]/g, '.$1').replace(/^body\./, '')
    errors[path] = errors[path] ? `${errors[path]}, ${e.message}` : e.message
  }
  return errors
}

/** Every photo of the form, wherever it is. */
export const allPhotos = (s: InspectionFormState) => [
  ...s.photos,
  ...s.anomalies.flatMap((a) => a.photos),
]

/** The form with one photo changed (patch) or removed (null), wherever it is. */
export function withPhoto(
  s: InspectionFormState,
  key: string,
  patch: Partial<FormPhoto> | null,
): InspectionFormState {
  const apply = (list: FormPhoto[]) =>
    list.some((p) => p.key === key)
      ? patch === null
        ? list.filter((p) => p.key !== key)
        : list.map((p) => (p.key === key ? { ...p, ...patch } : p))
      : list
  return {
    ...s,
    photos: apply(s.photos),
    anomalies: s.anomalies.map((a) => ({ ...a, photos: apply(a.photos) })),
  }
}
