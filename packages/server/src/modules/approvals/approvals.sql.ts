import type { Queryable } from '../../db/types'
import { likePattern } from '../../db/like'
import { selectPage } from '../../db/paged.sql'
import type { SqlPaging } from '../../http/paging'

/**
 * The owner of `app.approvals`, `app.approval_items` and `app.approval_attachments` (migration
 * 040), and of the two approval columns of `app.audit_log`. Values are always bound.
 */

export interface ApprovalRow {
  id: number
  user_id: number | null
  username: string
  description: string
  created: Date
  reviewed: Date | null
  items_total: number
  items_accepted: number
  items_rejected: number
  status: 'PENDING' | 'REVIEWED'
}

export interface ItemRow {
  id: number
  approval_id: number
  position: number
  layer_name: string
  feature_id: number | null
  action: 'INSERT' | 'UPDATE' | 'DELETE'
  data: Record<string, unknown>
  geom: string | null
  with_geom: boolean
  base_version: string | null
  base_attributes: Record<string, unknown> | null
  base_geom: string | null
  created: Date
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED'
  decided: Date | null
  reviewer: string | null
  reason: string | null
  attachments: { id: number; contentType: string }[]
}

export interface KeptFileRow {
  id: number
  item_id: number
  storage_key: string
  filename: string
  description: string
  content_type: string
  size: number
  sha256: string | null
  attachment_id: number | null
}

const APPROVAL_COLUMNS = `a.id, a.user_id, a.username, a.description, a.created, a.reviewed,
  a.items_total, a.items_accepted, a.items_rejected, a.status`

const toApproval = (r: ApprovalRow): ApprovalRow => ({
  ...r,
  id: Number(r.id),
  user_id: r.user_id === null ? null : Number(r.user_id),
  created: new Date(r.created),
  reviewed: r.reviewed === null ? null : new Date(r.reviewed),
})

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v)

const ITEM_COLUMNS = `i.id, i.approval_id, i.position, i.layer_name, i.feature_id, i.action,
  i.data::text AS data, i.geom, i.with_geom, i.base_version, i.base_attributes::text AS base_attributes,
  i.base_geom, i.created, i.status, i.decided, i.reviewer, i.reason,
  (SELECT coalesce(json_agg(json_build_object('id', f.id, 'contentType', f.content_type) ORDER BY f.id), '[]')::text
     FROM app.approval_attachments f WHERE f.item_id = i.id) AS attachments`

const toItem = (r: ItemRow): ItemRow => ({
  ...r,
  id: Number(r.id),
  approval_id: Number(r.approval_id),
  feature_id: r.feature_id === null ? null : Number(r.feature_id),
  data: json(r.data),
  base_attributes: r.base_attributes === null ? null : json(r.base_attributes),
  created: new Date(r.created),
  decided: r.decided === null ? null : new Date(r.decided),
  attachments: json(r.attachments).map((a) => ({ id: Number(a.id), contentType: a.contentType })),
})

const toKept = (r: KeptFileRow): KeptFileRow => ({
  ...r,
  id: Number(r.id),
  item_id: Number(r.item_id),
  size: Number(r.size),
  attachment_id: r.attachment_id === null ? null : Number(r.attachment_id),
})

/** Sort names of the list and the columns behind them. */
export const APPROVAL_SORTS: Record<string, string> = {
  id: 'a.id',
  username: 'a.username',
  created: 'a.created',
  reviewed: 'a.reviewed',
  description: 'a.description',
  itemsTotal: 'a.items_total',
  itemsAccepted: 'a.items_accepted',
  itemsRejected: 'a.items_rejected',
  status: 'a.status',
}

/** One page of approvals matching a free text (user or description), and the total. */
export async function listApprovals(
  db: Queryable,
  filter: string | undefined,
  paging: SqlPaging,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const { rows, total } = await selectPage<ApprovalRow>(db, {
    columns: APPROVAL_COLUMNS,
    from: 'app.approvals a WHERE ($1::text IS NULL OR a.username ILIKE $1 OR a.description ILIKE $1)',
    params: [likePattern(filter)],
    orderBy: `${paging.orderBy} NULLS LAST, a.id`,
    limit: paging.limit,
    offset: paging.offset,
  })
  return { rows: rows.map(toApproval), total }
}

export async function approvalById(db: Queryable, id: number): Promise<ApprovalRow | undefined> {
  const { rows } = await db.query<ApprovalRow>(
    `SELECT ${APPROVAL_COLUMNS} FROM app.approvals a WHERE a.id = $1`,
    [id],
  )
  return rows[0] && toApproval(rows[0])
}

/** One page of an approval's items in submission order, and the total. */
export async function listItems(
  db: Queryable,
  approvalId: number,
  page: { limit: number; offset: number },
  filter: { action?: string; status?: string } = {},
): Promise<{ rows: ItemRow[]; total: number }> {
  const { rows, total } = await selectPage<ItemRow>(db, {
    columns: ITEM_COLUMNS,
    from: `app.approval_items i WHERE i.approval_id = $1
             AND ($2::text IS NULL OR i.action = $2) AND ($3::text IS NULL OR i.status = $3)`,
    params: [approvalId, filter.action ?? null, filter.status ?? null],
    orderBy: 'ORDER BY i.position',
    limit: page.limit,
    offset: page.offset,
  })
  return { rows: rows.map(toItem), total }
}

export async function itemById(db: Queryable, id: number): Promise<ItemRow | undefined> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM app.approval_items i WHERE i.id = $1`,
    [id],
  )
  return rows[0] && toItem(rows[0])
}

/** The files kept with an approval's items, in item order. */
export async function keptFilesOfApproval(
  db: Queryable,
  approvalId: number,
): Promise<KeptFileRow[]> {
  const { rows } = await db.query<KeptFileRow>(
    `SELECT f.* FROM app.approval_attachments f JOIN app.approval_items i ON i.id = f.item_id
      WHERE i.approval_id = $1 ORDER BY i.position, f.id`,
    [approvalId],
  )
  return rows.map(toKept)
}

export async function keptFilesOfItem(db: Queryable, itemId: number): Promise<KeptFileRow[]> {
  const { rows } = await db.query<KeptFileRow>(
    'SELECT * FROM app.approval_attachments WHERE item_id = $1 ORDER BY id',
    [itemId],
  )
  return rows.map(toKept)
}

export async function keptFileById(db: Queryable, id: number): Promise<KeptFileRow | undefined> {
  const { rows } = await db.query<KeptFileRow>(
    'SELECT * FROM app.approval_attachments WHERE id = $1',
    [id],
  )
  return rows[0] && toKept(rows[0])
}

export interface NewItem {
  layer: string
  featureId: number | null
  action: 'INSERT' | 'UPDATE' | 'DELETE'
  data: Record<string, unknown>
  geom: string | null
  withGeom: boolean
  base: { version: string; attributes: Record<string, unknown>; geom: string | null } | null
  files: Omit<KeptFileRow, 'id' | 'item_id' | 'attachment_id'>[]
}

/** Records a submission with its items and kept files; answers the approval's id. */
export async function insertApproval(
  tx: Queryable,
  user: { id: number; username: string },
  description: string,
  items: readonly NewItem[],
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO app.approvals (user_id, username, description, items_total)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [user.id, user.username, description, items.length],
  )
  const approvalId = Number(rows[0]!.id)
  for (const [position, item] of items.entries()) {
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO app.approval_items (approval_id, position, layer_name, feature_id, action, data,
         geom, with_geom, base_version, base_attributes, base_geom)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::jsonb, $11) RETURNING id`,
      [
        approvalId,
        position,
        item.layer,
        item.featureId,
        item.action,
        JSON.stringify(item.data),
        item.geom,
        item.withGeom,
        item.base?.version ?? null,
        item.base ? JSON.stringify(item.base.attributes) : null,
        item.base?.geom ?? null,
      ],
    )
    const itemId = Number(inserted.rows[0]!.id)
    for (const f of item.files) {
      await tx.query(
        `INSERT INTO app.approval_attachments (item_id, storage_key, filename, description,
           content_type, size, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [itemId, f.storage_key, f.filename, f.description, f.content_type, f.size, f.sha256],
      )
    }
  }
  return approvalId
}

/** The id of an approval's first item (a moderated feature call makes approvals of one). */
export async function firstItemId(tx: Queryable, approvalId: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id FROM app.approval_items WHERE approval_id = $1 ORDER BY position LIMIT 1',
    [approvalId],
  )
  return Number(rows[0]!.id)
}

/**
 * Decides a pending item, once: the conditional update waits for a concurrent decision of the
 * same item and then finds it decided (no row). Answers the item as it was before.
 */
export async function claimItem(
  tx: Queryable,
  id: number,
  decision: 'ACCEPTED' | 'REJECTED',
  reviewer: { id: number; username: string },
  reason: string | null,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE app.approval_items SET status = $2, decided = now(), reviewer_id = $3, reviewer = $4,
            reason = $5
      WHERE id = $1 AND status = 'PENDING'`,
    [id, decision, reviewer.id, reviewer.username, reason],
  )
  return rowCount > 0
}

/** Records the feature an approved INSERT created. */
export async function setItemFeature(tx: Queryable, id: number, featureId: number): Promise<void> {
  await tx.query('UPDATE app.approval_items SET feature_id = $2 WHERE id = $1', [id, featureId])
}

/**
 * Counts one decision on the approval; the last one makes it REVIEWED at this time. One
 * statement, so concurrent decisions of different items never lose a count.
 */
export async function countDecision(
  tx: Queryable,
  approvalId: number,
  decision: 'ACCEPTED' | 'REJECTED',
): Promise<void> {
  const accepted = decision === 'ACCEPTED' ? 1 : 0
  await tx.query(
    `UPDATE app.approvals
        SET items_accepted = items_accepted + $2::int,
            items_rejected = items_rejected + (1 - $2::int),
            status = CASE WHEN items_accepted + items_rejected + 1 >= items_total
                          THEN 'REVIEWED' ELSE 'PENDING' END,
            reviewed = CASE WHEN items_accepted + items_rejected + 1 >= items_total
                            THEN now() ELSE reviewed END
      WHERE id = $1`,
    [approvalId, accepted],
  )
}

/** The kept file now belongs to an attachment of the feature. */
export async function setKeptFileAttachment(
  tx: Queryable,
  id: number,
  attachmentId: number,
): Promise<void> {
  await tx.query('UPDATE app.approval_attachments SET attachment_id = $2 WHERE id = $1', [
    id,
    attachmentId,
  ])
}

/**
 * Marks the audit entries this approve wrote (newer than `afterId` for the feature) with the
 * item and the reviewer who approved it.
 */
export async function markAudit(
  tx: Queryable,
  table: { schema: string; name: string },
  featureId: number,
  afterId: number,
  itemId: number,
  reviewer: string,
): Promise<void> {
  await tx.query(
    `UPDATE app.audit_log SET approval_item_id = $5, approved_by = $6
      WHERE table_schema = $1 AND table_name = $2 AND feature_id = $3 AND id > $4`,
    [table.schema, table.name, featureId, afterId, itemId, reviewer],
  )
}

/** Whether the user's groups send their edits on the layer to review (submit_for_review). */
export async function isModerated(
  db: Queryable,
  userId: number,
  layerName: string,
): Promise<boolean> {
  const { rows } = await db.query<{ moderated: boolean }>(
    `SELECT coalesce(bool_or(p.submit_for_review), false) AS moderated
       FROM app.group_layer_permissions p JOIN app.user_groups g ON g.group_id = p.group_id
      WHERE g.user_id = $1 AND p.layer_name = $2`,
    [userId, layerName],
  )
  return rows[0]?.moderated ?? false
}

/** Pending items of a feature (the feature window says a change awaits approval). */
/** What a feature's pending items propose, oldest first: their action, values and geometry. */
export async function pendingProposals(
  db: Queryable,
  layerName: string,
  featureId: number,
): Promise<{ action: 'UPDATE' | 'DELETE'; data: Record<string, unknown>; with_geom: boolean }[]> {
  const { rows } = await db.query<{
    action: 'UPDATE' | 'DELETE'
    data: Record<string, unknown>
    with_geom: boolean
  }>(
    `SELECT action, data, with_geom FROM app.approval_items
      WHERE layer_name = $1 AND feature_id = $2 AND status = 'PENDING'
        AND action IN ('UPDATE', 'DELETE')
      ORDER BY created, id`,
    [layerName, featureId],
  )
  return rows
}

export async function pendingForFeature(
  db: Queryable,
  layerName: string,
  featureId: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM app.approval_items
      WHERE layer_name = $1 AND feature_id = $2 AND status = 'PENDING'`,
    [layerName, featureId],
  )
  return rows[0]?.n ?? 0
}
