import {
  t,
  type ReportParameter,
  type ReportRunBody,
  type ReportTemplate,
  type ReportType,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { fieldError, HttpError } from '../../http/errors'
import type { CatalogueLayer } from '../../layer-data/model'
import { searchFeatures, searchFields, type SearchSpec } from '../../layer-data/search'
import type { RenderContext, RenderFeature, RenderField } from './render/types'
import type { TemplateRow } from './templates.sql'
import { imageAttachments } from '../attachments/attachments.sql'

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'
const BATCH = 1000

/** The zone the body asks for (400 when it is no zone), America/Sao_Paulo by default. */
export function timeZoneOf(body: Pick<ReportRunBody, 'timeZone'>): string {
  const zone = body.timeZone?.trim() || DEFAULT_TIME_ZONE
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: zone })
  } catch {
    throw fieldError('timeZone', 'field.invalid')
  }
  return zone
}

/** A template without parameters is a disabled report (spec 3 §5). */
export function checkParameters(row: TemplateRow): void {
  if (!Array.isArray(row.parameters) || row.parameters.length === 0) {
    throw new HttpError(400, t('reportsApi.noParameters'))
  }
}

/** A parameter's default (spec 3 §5): BOOL false, NUMBER 0, pickers their first value, MULTIPICKER []. */
function defaultOf(p: ReportParameter, layerName: string): unknown {
  const list = Array.isArray(p.value) ? p.value : null
  switch (p.type) {
    case 'LAYER_NAME':
      return layerName
    case 'BOOL':
      return typeof p.value === 'boolean' ? p.value : false
    case 'NUMBER':
      return typeof p.value === 'number' ? p.value : 0
    case 'NUMBER_PICKER':
    case 'TEXT_PICKER':
      return list ? (list[0] ?? null) : (p.value ?? null)
    case 'MULTIPICKER':
      return []
    case 'TEXT':
      return typeof p.value === 'string' ? p.value : ''
  }
}

/** The parameters' values by name (the body's, else the defaults). */
export function parameterValues(
  parameters: readonly ReportParameter[],
  body: Pick<ReportRunBody, 'parameters' | 'layerName'>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of parameters) {
    out[p.name] = Object.hasOwn(body.parameters, p.name)
      ? body.parameters[p.name]
      : defaultOf(p, body.layerName)
  }
  return out
}

/** data (dd/mm/aaaa) and hora (hh:mm) of now in a zone. */
export function nowVariables(zone: string, now = new Date()): { data: string; hora: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  )
  return {
    data: `${parts.day}/${parts.month}/${parts.year}`,
    hora: `${parts.hour}:${parts.minute}`,
  }
}

/** Digits after the comma a column's SQL type fixes: `numeric(9,3)` 3, integers 0, else null. */
export function decimalsOf(sqlType: string | undefined): number | null {
  if (!sqlType) return null
  const numeric = /^numeric\(\d+,\s*(\d+)\)$/.exec(sqlType)
  if (numeric) return Number(numeric[1])
  return /^(smallint|integer|bigint)$/.test(sqlType) ? 0 : null
}

/**
 * The layer's fields a report reads: every field but the soft-delete flag and the geometry;
 * with the columns' SQL types (`columnSqlTypes`), the decimals of the number columns.
 */
export function reportFields(
  layer: CatalogueLayer,
  sqlTypes?: ReadonlyMap<string, string>,
): RenderField[] {
  return searchFields(layer)
    .filter((f) => !f.internal && f.type !== 'geometry')
    .map((f) => ({
      name: f.name,
      title: f.title,
      type: f.type,
      ...(sqlTypes && f.type === 'number' ? { decimals: decimalsOf(sqlTypes.get(f.name)) } : {}),
    }))
}

/**
 * The features a filter (or a selection) picks, deleted ones left out, by id, as json values;
 * at most `limit` (one more tells that there are more). Progress after each batch.
 */
export async function readFeatures(
  db: Queryable,
  layer: CatalogueLayer,
  spec: SearchSpec,
  limit: number,
  onBatch?: (read: number) => Promise<void>,
): Promise<RenderFeature[]> {
  const fields = reportFields(layer)
  const out: RenderFeature[] = []
  for (let offset = 0; out.length <= limit; offset += BATCH) {
    const page = await searchFeatures(
      db,
      layer,
      // Deleted features stay out, as in an export that does not ask for them.
      { ...spec, liveOnly: true },
      { field: 'id', descending: false },
      { limit: BATCH, offset },
    )
    for (const row of page.rows as Record<string, unknown>[]) {
      const attributes: Record<string, unknown> = {}
      for (const f of fields) attributes[f.name] = row[f.name] ?? null
      out.push({ id: Number(row.id), attributes, images: [] })
      if (out.length > limit) break
    }
    await onBatch?.(out.length)
    if (page.rows.length < BATCH) break
  }
  const features = out.slice(0, limit + 1)
  await attachImages(db, layer.name, features)
  return features
}

/** Each feature's image attachments, in upload order. */
async function attachImages(db: Queryable, layer: string, features: RenderFeature[]) {
  const byId = new Map(features.map((f) => [f.id, f]))
  const ids = [...byId.keys()]
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await imageAttachments(db, layer, ids.slice(i, i + BATCH))
    for (const r of rows) byId.get(r.feature_id)?.images.push(r.id)
  }
}

/** The renderer's context of a template, a layer and its features. */
export function renderContext(opts: {
  row: TemplateRow
  layer: CatalogueLayer
  features: RenderFeature[]
  body: ReportRunBody
  userName: string
  timeZone: string
  /** The layer table's column types (columnSqlTypes): numbers keep their column's decimals. */
  sqlTypes?: ReadonlyMap<string, string>
}): RenderContext {
  const { row, layer, features, body } = opts
  return {
    template: row.template as ReportTemplate,
    reportType: row.report_type as ReportType,
    layer: { name: layer.name, title: layer.title, fields: reportFields(layer, opts.sqlTypes) },
    features,
    variables: {
      ...parameterValues(row.parameters as ReportParameter[], body),
      layer: layer.title,
      ...nowVariables(opts.timeZone),
      usuario: opts.userName,
      total: features.length,
    },
    timeZone: opts.timeZone,
  }
}
