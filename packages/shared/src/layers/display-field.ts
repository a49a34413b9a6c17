import { z } from 'zod'
import type { LayerAttribute } from './schemas'

/**
 * The field that names a layer's features in lists (selection, ITENS, approval items): the
 * one an administrator chose, or by the default rule (decision 67). Only text fields can name
 * features: their value is shown as it is stored.
 */

/** Names that usually hold a code or a name, best first. */
const NAMING_FIELDS = [
  'codigo',
  'cod',
  'nome',
  'name',
  'identificacao',
  'sigla',
  'titulo',
  'title',
  'denominacao',
  'descricao',
  'description',
] as const

/** Whether a field can name a layer's features (text fields of the user's). */
export const canNameFeatures = (a: Pick<LayerAttribute, 'type'>) => a.type === 'string'

/**
 * The default rule: among the text fields, the first whose name is one of NAMING_FIELDS (in
 * that order), then the first whose name starts with one (`codigo_ctb`, `nome_praca`), then the
 * first text field; null when the layer has none (lists show the id alone).
 */
export function defaultDisplayField(attributes: readonly LayerAttribute[]): string | null {
  const texts = attributes.filter(canNameFeatures).map((a) => a.name)
  for (const n of NAMING_FIELDS) if (texts.includes(n)) return n
  for (const n of NAMING_FIELDS) {
    const hit = texts.find((t) => t.startsWith(`${n}_`))
    if (hit) return hit
  }
  return texts[0] ?? null
}

/** The field that names the features: the chosen one while it still suits, else the default. */
export function displayFieldOf(
  chosen: string | null,
  attributes: readonly LayerAttribute[],
): string | null {
  const a = chosen === null ? undefined : attributes.find((x) => x.name === chosen)
  return a && canNameFeatures(a) ? a.name : defaultDisplayField(attributes)
}

/** POST /api/features/labels: features by layer and id (at most 1000). */
export const featureLabelsRequestSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            layer: z.string().min(1).max(63),
            id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          })
          .strict(),
      )
      .max(1000),
  })
  .strict()
export type FeatureLabelsRequest = z.infer<typeof featureLabelsRequestSchema>

/** A feature's name in lists: the value of its layer's display field (null when empty). */
export const featureLabelSchema = z.object({
  layer: z.string(),
  id: z.number(),
  label: z.string().nullable(),
})
export type FeatureLabel = z.infer<typeof featureLabelSchema>

/**
 * A feature's name from values a list already holds (an approval item's proposed values, an
 * audit record's fields): the display field's value, trimmed; null when it has none.
 */
export function labelFromValues(
  field: string | null | undefined,
  ...sources: (Record<string, unknown> | null | undefined)[]
): string | null {
  if (!field) return null
  for (const values of sources) {
    const v = values?.[field]
    if (typeof v === 'string' && v.trim()) return v.trim()
  }
  return null
}
