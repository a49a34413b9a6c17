import { DOCUMENT_OFFICE_TYPE_PATTERN, type DocumentKind, type PreviewState } from '@gis/shared'
import { likePattern } from '../../db/like'
import { selectPage } from '../../db/paged.sql'
import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'

/**
 * The owner of `app.documents`, `app.document_versions`, `app.document_links` and
 * `app.document_history`.
 */

/** A document with its current version's file. */
export interface DocumentRow {
  id: number
  folder_id: number
  title: string
  description: string
  tags: string[]
  version: number
  content_id: number
  filename: string
  content_type: string
  size: number
  thumbnail: boolean
  page_count: number | null
  preview: PreviewState
  updated_at: Date
  updated_by: string | null
  deleted_at: Date | null
  link_count: number
}

// $1: the readable layers (links to others are not counted).
const COLUMNS = `d.id::int AS id, d.folder_id::int AS folder_id, d.title, d.description, d.tags,
  v.version, c.id::int AS content_id, c.filename, c.content_type, c.size::float8 AS size,
  (c.thumbnail_key IS NOT NULL OR c.storage_key LIKE 'demo:%') AS thumbnail, c.page_count,
  c.preview_state AS preview, d.updated_at, u.username AS updated_by, d.deleted_at,
  (SELECT count(*)::int FROM app.document_links l
    WHERE l.document_id = d.id AND l.layer_name = ANY($1::text[])) AS link_count`

const FROM = `app.documents d
  CROSS JOIN LATERAL (SELECT version, content_id FROM app.document_versions
    WHERE document_id = d.id ORDER BY version DESC LIMIT 1) v
  JOIN app.contents c ON c.id = v.content_id
  LEFT JOIN app.users u ON u.id = d.updated_by`

/** The kind of the current file, as shared `documentKindOf` says it (parameter: the office pattern). */
const kindSql = (officeParam: string) => `CASE
  WHEN c.content_type = 'application/pdf' THEN 'pdf'
  WHEN c.content_type LIKE 'image/%' AND c.content_type !~ 'dwg|dxf' THEN 'image'
  WHEN c.content_type ~ ${officeParam} THEN 'office' ELSE 'other' END`

export const DOCUMENT_SORTS = {
  title: 'lower(d.title)',
  updated: 'd.updated_at',
  size: 'c.size',
  filename: 'lower(c.filename)',
}

export interface DocumentFilter {
  readableLayers: string[]
  folderIds: number[]
  deleted: boolean
  query?: string
  tag?: string
  kind?: DocumentKind
  /** YYYY-MM-DD, São Paulo days of the last change, inclusive. */
  from?: string
  to?: string
  ids?: number[]
}

export function listDocuments(
  db: Queryable,
  f: DocumentFilter,
  paging: SqlPaging,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const day = `(d.updated_at AT TIME ZONE 'America/Sao_Paulo')::date`
  return selectPage<DocumentRow>(db, {
    columns: COLUMNS,
    from: `${FROM}
      WHERE d.folder_id = ANY($2::bigint[]) AND (d.deleted_at IS NOT NULL) = $3
        -- $1 (the link count's) typed for the count, which does not select it
        AND $1::text[] IS NOT NULL
        AND ($4::text IS NULL OR d.title ILIKE $4 OR d.description ILIKE $4 OR c.filename ILIKE $4)
        AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM unnest(d.tags) tg WHERE lower(tg) = lower($5)))
        AND ($6::text IS NULL OR ${kindSql('$7')} = $6)
        AND ($8::date IS NULL OR ${day} >= $8::date)
        AND ($9::date IS NULL OR ${day} <= $9::date)
        AND ($10::bigint[] IS NULL OR d.id = ANY($10::bigint[]))`,
    params: [
      f.readableLayers,
      f.folderIds,
      f.deleted,
      likePattern(f.query),
      f.tag || null,
      f.kind ?? null,
      DOCUMENT_OFFICE_TYPE_PATTERN,
      f.from ?? null,
      f.to ?? null,
      f.ids ?? null,
    ],
    orderBy: `${paging.orderBy}, d.id DESC`,
    limit: paging.limit,
    offset: paging.offset,
  })
}

export async function findDocument(
  db: Queryable,
  id: number,
  readableLayers: string[],
): Promise<DocumentRow | undefined> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $2`, [
    readableLayers,
    id,
  ])
  return rows[0]
}

export async function insertDocument(
  tx: Queryable,
  d: { folderId: number; title: string; description: string; tags: string[]; userId: number },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO app.documents (folder_id, title, description, tags, created_by, updated_by)
     VALUES ($1, $2, $3, $4::text[], $5, $5) RETURNING id::int AS id`,
    [d.folderId, d.title, d.description, d.tags, d.userId],
  )
  return rows[0]!.id
}

export async function updateDocument(
  tx: Queryable,
  id: number,
  d: { folderId: number; title: string; description: string; tags: string[]; userId: number },
): Promise<void> {
  await tx.query(
    `UPDATE app.documents SET folder_id = $2, title = $3, description = $4, tags = $5::text[],
        updated_by = $6, updated_at = now() WHERE id = $1`,
    [id, d.folderId, d.title, d.description, d.tags, d.userId],
  )
}

/** Marks a document changed now by the user (a new version). */
export async function touchDocument(tx: Queryable, id: number, userId: number): Promise<void> {
  await tx.query('UPDATE app.documents SET updated_by = $2, updated_at = now() WHERE id = $1', [
    id,
    userId,
  ])
}

/** Puts a document in the bin (true) or takes it out (false). */
export async function setDeleted(tx: Queryable, id: number, deleted: boolean): Promise<void> {
  await tx.query(
    `UPDATE app.documents SET deleted_at = CASE WHEN $2 THEN now() ELSE NULL END WHERE id = $1`,
    [id, deleted],
  )
}

export interface VersionRow {
  version: number
  content_id: number
  filename: string
  content_type: string
  size: number
  page_count: number | null
  thumbnail: boolean
  preview: PreviewState
  comment: string
  created_at: Date
  created_by: string | null
}

export async function listVersions(db: Queryable, documentId: number): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT v.version, v.content_id::int AS content_id, c.filename, c.content_type,
            c.size::float8 AS size, c.page_count,
            (c.thumbnail_key IS NOT NULL OR c.storage_key LIKE 'demo:%') AS thumbnail,
            c.preview_state AS preview, v.comment, v.created_at, u.username AS created_by
       FROM app.document_versions v JOIN app.contents c ON c.id = v.content_id
       LEFT JOIN app.users u ON u.id = v.created_by
      WHERE v.document_id = $1 ORDER BY v.version DESC`,
    [documentId],
  )
  return rows
}

/** Adds the next version (1 for a new document); answers its number. */
export async function insertVersion(
  tx: Queryable,
  v: { documentId: number; contentId: number; comment: string; userId: number },
): Promise<number> {
  // Two uploads of a new version at once: the second waits, then takes the next number.
  await tx.query('SELECT 1 FROM app.documents WHERE id = $1 FOR UPDATE', [v.documentId])
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO app.document_versions (document_id, version, content_id, comment, created_by)
     SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4
       FROM app.document_versions WHERE document_id = $1
     RETURNING version`,
    [v.documentId, v.contentId, v.comment, v.userId],
  )
  return rows[0]!.version
}

export async function versionContentId(
  db: Queryable,
  documentId: number,
  version: number,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT content_id::int AS id FROM app.document_versions
      WHERE document_id = $1 AND version = $2`,
    [documentId, version],
  )
  return rows[0]?.id
}

/** The folders of the documents (any state) whose versions hold this content. */
export async function foldersOfContent(db: Queryable, contentId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT d.folder_id::int AS id FROM app.document_versions v
       JOIN app.documents d ON d.id = v.document_id WHERE v.content_id = $1`,
    [contentId],
  )
  return rows.map((r) => r.id)
}

export interface LinkRow {
  layer_name: string
  feature_id: number
}

export async function listLinks(db: Queryable, documentId: number): Promise<LinkRow[]> {
  const { rows } = await db.query<LinkRow>(
    `SELECT layer_name, feature_id::float8 AS feature_id FROM app.document_links
      WHERE document_id = $1 ORDER BY created_at, layer_name, feature_id`,
    [documentId],
  )
  return rows
}

/** Adds a link; false when it was there. */
export async function insertLink(
  tx: Queryable,
  l: { documentId: number; layer: string; featureId: number; userId: number },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO app.document_links (document_id, layer_name, feature_id, created_by)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [l.documentId, l.layer, l.featureId, l.userId],
  )
  return rowCount > 0
}

export async function deleteLink(
  tx: Queryable,
  documentId: number,
  layer: string,
  featureId: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `DELETE FROM app.document_links
      WHERE document_id = $1 AND layer_name = $2 AND feature_id = $3`,
    [documentId, layer, featureId],
  )
  return rowCount > 0
}

/** Ids of the documents linked to a feature. */
export async function linkedDocumentIds(
  db: Queryable,
  layer: string,
  featureId: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT document_id::int AS id FROM app.document_links
      WHERE layer_name = $1 AND feature_id = $2`,
    [layer, featureId],
  )
  return rows.map((r) => r.id)
}

export async function insertHistory(
  tx: Queryable,
  h: {
    documentId: number
    action: string
    detail: Record<string, unknown>
    user: { id: number; username: string }
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO app.document_history (document_id, action, detail, user_id, username)
     VALUES ($1, $2, $3::text::jsonb, $4, $5)`,
    [h.documentId, h.action, JSON.stringify(h.detail), h.user.id, h.user.username],
  )
}

export interface HistoryRow {
  action: string
  detail: Record<string, unknown>
  username: string
  at: Date
}

export async function listHistory(db: Queryable, documentId: number): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT action, detail, username, at FROM app.document_history
      WHERE document_id = $1 ORDER BY at DESC, id DESC`,
    [documentId],
  )
  return rows
}
