import {
  t,
  type Approval,
  type ApprovalAttachment,
  type ApprovalItem,
  type ApprovalItemFilter,
  type PagingQuery,
} from '@gis/shared'
import type { Caller } from '../../auth/caller'
import { camelRow } from '../../db/rows'
import type { Db } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import type { BlobStorage } from '../../storage/file-storage'
import { contentDisposition, INLINE_TYPES } from '../attachments/attachment-files'
import * as bulk from './approvals-bulk.sql'
import * as sql from './approvals.sql'

/**
 * Approvals (issue 14), what the review reads: the list, one approval, its items and kept
 * files. Submitting is in approvals.submission.ts, deciding in approvals.decisions.ts, a
 * moderated user's feature calls in moderation.ts.
 */

export interface ApprovalDeps {
  db: Db
  storage: BlobStorage
  /** Largest kept file, in bytes (the attachments' limit). */
  maxBytes: number
}

const approvalNotFound = () => new HttpError(404, t('approvals.notFound'))
export const itemNotFound = () => new HttpError(404, t('approvals.itemNotFound'))
export const invalid = (errors: FieldError[]) =>
  new HttpError(400, t('features.validationErrors'), errors)

const toApproval = (r: sql.ApprovalRow): Approval =>
  camelRow(r, [
    'id',
    'username',
    'created',
    'reviewed',
    'description',
    'items_total',
    'items_accepted',
    'items_rejected',
    'status',
  ])

function toItem(r: sql.ItemRow): ApprovalItem {
  return {
    ...camelRow(r, [
      'id',
      'approval_id',
      'layer_name',
      'feature_id',
      'status',
      'action',
      'created',
      'data',
      'geom',
      'with_geom',
    ]),
    base:
      r.base_version === null
        ? null
        : { version: r.base_version, attributes: r.base_attributes ?? {}, geom: r.base_geom },
    ...camelRow(r, ['decided', 'reviewer', 'reason', 'attachments']),
  }
}

const toAttachment = (r: sql.KeptFileRow): ApprovalAttachment => ({
  ...camelRow(r, ['id', 'item_id', 'filename', 'description', 'content_type', 'size']),
  src: `/api/approvals/attachments/${r.id}`,
})

// ---------------------------------------------------------------------------------------------
// Review: lists and reads (administrators; the routes' scope checks)

export async function listApprovals(
  db: Db,
  query: PagingQuery & { filter?: string; query?: string },
): Promise<{ rows: Approval[]; total: number }> {
  const paging = toSqlPaging(query, sql.APPROVAL_SORTS, '-created')
  const { rows, total } = await sql.listApprovals(
    db,
    query.filter || query.query || undefined,
    paging,
  )
  return { rows: rows.map(toApproval), total }
}

export async function getApproval(db: Db, id: number): Promise<Approval> {
  const row = await sql.approvalById(db, id)
  if (!row) throw approvalNotFound()
  return toApproval(row)
}

export async function listItems(
  db: Db,
  approvalId: number,
  query: PagingQuery & ApprovalItemFilter,
): Promise<{ data: ApprovalItem[]; rowCount: number }> {
  if (!(await sql.approvalById(db, approvalId))) throw approvalNotFound()
  const { rows, total } = await sql.listItems(
    db,
    approvalId,
    { limit: query.limit, offset: query.page * query.limit },
    { action: query.action, status: query.status },
  )
  return { data: rows.map(toItem), rowCount: total }
}

export async function getItem(db: Db, id: number): Promise<ApprovalItem> {
  const row = await sql.itemById(db, id)
  if (!row) throw itemNotFound()
  return toItem(row)
}

export async function listAttachments(db: Db, approvalId: number): Promise<ApprovalAttachment[]> {
  if (!(await sql.approvalById(db, approvalId))) throw approvalNotFound()
  return (await sql.keptFilesOfApproval(db, approvalId)).map(toAttachment)
}

/** A kept file for the review window: images inline, anything else as a download. */
export async function openKeptFile(deps: ApprovalDeps, id: number) {
  const row = await sql.keptFileById(deps.db, id)
  const file = row && (await deps.storage.get(row.storage_key))
  if (!row || !file) throw new HttpError(404, t('approvals.attachmentNotFound'))
  const image = INLINE_TYPES.has(row.content_type)
  return {
    stream: file.stream,
    size: file.size,
    contentType: image ? row.content_type : 'application/octet-stream',
    disposition: contentDisposition(image ? 'inline' : 'attachment', row.filename),
  }
}

/**
 * Decides every pending item of an approval that the filter selects, in batches, with the
 * same rules as one item's decision (approvals-bulk.sql.ts).
 */
export function decideAll(
  db: Db,
  reviewer: Caller,
  approvalId: number,
  decision: 'ACCEPTED' | 'REJECTED',
  filter: bulk.ItemFilter,
  reason: string | null,
): Promise<bulk.BulkDecision> {
  return decision === 'ACCEPTED'
    ? bulk.approveAll(db, reviewer, approvalId, filter)
    : bulk.rejectAll(db, reviewer, approvalId, filter, reason)
}
