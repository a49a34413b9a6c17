/**
 * The survey switcher's entries (spec 2 §2.6): labels trimmed, de-duplicated and sorted; when
 * every label reads as a number the slider's positions are those numbers, otherwise (any
 * non-numeric label) their positions 0, 1, 2…; in slider mode with more than 4 entries only
 * the first and the last show their label (spec 2 §9).
 */

/** Slider labels are shown on every mark up to this many entries. */
export const SLIDER_LABELS_MAX = 4

export interface SurveyEntry {
  /** The survey as the API names it (trimmed). */
  survey: string
  /** Where it sits on the slider. */
  value: number
  /** What the slider writes under its mark ('' when hidden). */
  label: string
}

function numeric(label: string): number | null {
  const s = label.replace(',', '.')
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : null
}

export function surveyEntries(surveys: readonly string[]): SurveyEntry[] {
  const unique = [...new Set(surveys.map((s) => s.trim()).filter((s) => s !== ''))]
  const numbers = unique.map(numeric)
  const allNumeric = numbers.every((n) => n !== null)
  const sorted = allNumeric
    ? unique.map((s, i) => ({ s, n: numbers[i]! })).sort((a, b) => a.n - b.n)
    : [...unique]
        .sort((a, b) => a.localeCompare(b, 'pt-BR', { numeric: true }))
        .map((s, i) => ({ s, n: i }))
  const showAll = sorted.length <= SLIDER_LABELS_MAX
  return sorted.map(({ s, n }, i) => ({
    survey: s,
    value: n,
    label: showAll || i === 0 || i === sorted.length - 1 ? s : '',
  }))
}

/** The entry nearest to a slider value (the slider only stops on marks, but be safe). */
export function entryAt(entries: readonly SurveyEntry[], value: number): SurveyEntry | undefined {
  let best: SurveyEntry | undefined
  for (const e of entries) {
    if (!best || Math.abs(e.value - value) < Math.abs(best.value - value)) best = e
  }
  return best
}
