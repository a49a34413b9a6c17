import { reportTemplateSchema, reportSaveSchema, type ReportSaveBody } from '@gis/shared'
import type { ReportTemplate } from '@gis/shared/reports'

export interface OpenedTemplate {
  template: ReportTemplate
  folder?: string
  reportType?: ReportSaveBody['reportType']
  parameters?: ReportSaveBody['parameters']
}

export type OpenResult =
  { ok: true; value: OpenedTemplate } | { ok: false; reason: 'unsupported' | 'invalid' }

/** Whether a local file is one the designer opens (.json only). */
export function isJsonFile(name: string): boolean {
  return /\.json$/i.test(name.trim())
}

/**
 * Reads a local template file: either a bare ReportTemplate or what the designer downloads,
 * {template, parameters, reportType, folder}. Anything else is invalid and opens nothing.
 */
export function parseTemplateFile(name: string, text: string): OpenResult {
  if (!isJsonFile(name)) return { ok: false, reason: 'unsupported' }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (data && typeof data === 'object' && 'template' in data) {
    const saved = reportSaveSchema.safeParse(data)
    if (!saved.success) return { ok: false, reason: 'invalid' }
    const { template, folder, reportType, parameters } = saved.data
    return { ok: true, value: { template, folder, reportType, parameters } }
  }
  const bare = reportTemplateSchema.safeParse(data)
  return bare.success
    ? { ok: true, value: { template: bare.data } }
    : { ok: false, reason: 'invalid' }
}
