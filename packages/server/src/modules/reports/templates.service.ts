import {
  groupDepth,
  jsonDepth,
  MAX_GROUP_DEPTH,
  MAX_TEMPLATE_JSON_DEPTH,
  reportSaveSchema,
  t,
  type ReportNode,
  type ReportParameter,
  type ReportRecord,
  type ReportSaveBody,
  type ReportTemplate,
  type ReportType,
  type SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import { buildTree, flatNodes } from './reports-tree'
import * as sql from './templates.sql'

export type User = Pick<SessionUser, 'id' | 'admin'>

export const reportNotFound = () => new HttpError(404, t('reportsApi.notFound'))
/**
 * A template body (or imported file) nested too deep for the recursive validation and for
 * writing it (groups past MAX_GROUP_DEPTH, any JSON past MAX_TEMPLATE_JSON_DEPTH): checked
 * without recursion before them, a Portuguese 400; else nothing.
 */
export function refuseTooDeep(body: unknown): void {
  const template =
    typeof body === 'object' && body !== null
      ? (body as { template?: unknown }).template
      : undefined
  if (groupDepth(template) > MAX_GROUP_DEPTH) {
    throw new HttpError(400, t('reportsApi.templateTooDeep', { max: MAX_GROUP_DEPTH }))
  }
  if (jsonDepth(body) > MAX_TEMPLATE_JSON_DEPTH) {
    throw new HttpError(400, t('reportsApi.templateTooNested', { max: MAX_TEMPLATE_JSON_DEPTH }))
  }
}

export function toRecord(row: sql.TemplateRow): ReportRecord {
  return {
    id: row.id,
    name: row.name,
    folder: row.folder,
    reportType: row.report_type as ReportType,
    visible: row.visible,
    ownerId: row.owner_id,
    parameters: row.parameters as ReportParameter[],
    template: row.template as ReportTemplate,
    updated: row.updated_at.toISOString(),
  }
}

/** The tree of the templates the caller sees; `all` (administrators) adds invisible ones. */
export async function reportTree(db: Queryable, user: User, all: boolean): Promise<ReportNode[]> {
  return buildTree(await sql.listTemplates(db, user.id, { invisible: all && user.admin }))
}

export async function customReports(db: Queryable, user: User): Promise<ReportNode[]> {
  return flatNodes(await sql.listTemplates(db, user.id, { invisible: true, ownOnly: true }))
}

export async function simpleReports(db: Queryable, user: User): Promise<ReportNode[]> {
  return flatNodes(
    await sql.listTemplates(db, user.id, { invisible: user.admin, reportType: 'simple' }),
  )
}

/**
 * A template the caller may read: a shared one (an invisible one only for administrators) or
 * the caller's own; anything else is the same 404 as a template that does not exist.
 */
export async function readableTemplate(
  db: Queryable,
  user: User,
  id: number,
): Promise<sql.TemplateRow> {
  const row = await sql.findTemplate(db, id)
  if (!row) throw reportNotFound()
  if (row.owner_id === null ? !row.visible && !user.admin : row.owner_id !== user.id) {
    throw reportNotFound()
  }
  return row
}

export async function getTemplate(db: Queryable, user: User, id: number): Promise<ReportRecord> {
  return toRecord(await readableTemplate(db, user, id))
}

function valuesOf(body: ReportSaveBody, user: User) {
  return {
    name: body.template.name,
    folder: body.folder
      .split('/')
      .map((p) => p.trim())
      .filter(Boolean)
      .join('/'),
    reportType: body.reportType,
    visible: body.visible,
    parameters: body.parameters,
    template: body.template,
    updatedBy: user.id,
  }
}

/** Saves a new template: shared when an administrator asks so, else the caller's own. */
export async function createTemplate(
  db: Queryable,
  user: User,
  body: ReportSaveBody,
): Promise<ReportRecord> {
  const ownerId = user.admin && !body.mine ? null : user.id
  return toRecord(await sql.insertTemplate(db, { ...valuesOf(body, user), ownerId }))
}

/** A template the caller may change: shared ones by administrators, own ones by the owner. */
async function changeableTemplate(db: Queryable, user: User, id: number) {
  const row = await readableTemplate(db, user, id)
  if (row.owner_id === null && !user.admin) throw new HttpError(403, t('reportsApi.notOwner'))
  return row
}

export async function updateTemplate(
  db: Queryable,
  user: User,
  id: number,
  body: ReportSaveBody,
): Promise<ReportRecord> {
  await changeableTemplate(db, user, id)
  const row = await sql.updateTemplate(db, id, valuesOf(body, user))
  if (!row) throw reportNotFound()
  return toRecord(row)
}

export async function deleteTemplate(db: Queryable, user: User, id: number): Promise<void> {
  await changeableTemplate(db, user, id)
  if (!(await sql.deleteTemplate(db, id))) throw reportNotFound()
}

/**
 * An uploaded .json template (category customTemplate) saved into the caller's own templates:
 * either a bare ReportTemplate or what the designer downloads ({template, parameters,
 * reportType, folder}).
 */
export async function importTemplate(
  db: Queryable,
  user: User,
  filename: string,
  bytes: Buffer,
): Promise<ReportRecord> {
  if (!/\.json$/i.test(filename)) throw new HttpError(400, t('reportsApi.templateNotJson'))
  const invalid = () => new HttpError(400, t('reportsApi.templateInvalid'))
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw invalid()
  const candidate = 'template' in json ? json : { template: json }
  refuseTooDeep(candidate)
  const parsed = reportSaveSchema.safeParse({ ...candidate, mine: true, visible: true })
  if (!parsed.success) throw invalid()
  return createTemplate(db, user, parsed.data)
}
