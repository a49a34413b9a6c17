import type { PreviewState } from '@gis/shared'
import { likePattern } from '../../db/like'
import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'

/**
 * The owner of `app.contents` (the one store of organisation content) and `app.content_pages`
 * (PDF page images). A `storage_key` starting `demo:` is a demo file not drawn yet: its recipe.
 */
export interface ContentRow {
  id: number
  tag: string
  title: string
  filename: string
  content_type: string
  size: number
  storage_key: string
  thumbnail_key: string | null
  page_count: number | null
  preview_state: PreviewState
  created_by: number | null
  created_at: Date
}

export const DEMO_KEY_PREFIX = 'demo:'

const COLUMNS = `id::int AS id, tag, title, filename, content_type, size::float8 AS size,
  storage_key, thumbnail_key, page_count, preview_state, created_by::int AS created_by, created_at`

export const CONTENT_SORTS = {
  created: 'created_at',
  filename: 'lower(filename)',
  title: 'lower(title)',
  size: 'size',
  id: 'id',
}

/** One page of the contents of a tag whose title or filename contains `query` (any case). */
export async function listContents(
  db: Queryable,
  tag: string,
  query: string | undefined,
  paging: SqlPaging,
): Promise<{ rows: ContentRow[]; total: number }> {
  const pattern = likePattern(query)
  const where = `tag = $1 AND ($2::text IS NULL OR filename ILIKE $2::text OR title ILIKE $2::text)`
  const [page, count] = await Promise.all([
    db.query<ContentRow>(
      `SELECT ${COLUMNS} FROM app.contents WHERE ${where} ${paging.orderBy}, id DESC
        LIMIT $3 OFFSET $4`,
      [tag, pattern, paging.limit, paging.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM app.contents WHERE ${where}`, [
      tag,
      pattern,
    ]),
  ])
  return { rows: page.rows, total: count.rows[0]!.n }
}

export async function findContent(db: Queryable, id: number): Promise<ContentRow | undefined> {
  const { rows } = await db.query<ContentRow>(`SELECT ${COLUMNS} FROM app.contents WHERE id = $1`, [
    id,
  ])
  return rows[0]
}

export interface NewContent {
  tag: string
  title: string
  filename: string
  contentType: string
  size: number
  sha256: string | null
  storageKey: string
  thumbnailKey: string | null
  pageCount: number | null
  previewState: PreviewState
  createdBy: number | null
}

export async function insertContent(db: Queryable, c: NewContent): Promise<ContentRow> {
  const { rows } = await db.query<ContentRow>(
    `INSERT INTO app.contents (tag, title, filename, content_type, size, sha256, storage_key,
       thumbnail_key, page_count, preview_state, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
    [
      c.tag,
      c.title,
      c.filename,
      c.contentType,
      c.size,
      c.sha256,
      c.storageKey,
      c.thumbnailKey,
      c.pageCount,
      c.previewState,
      c.createdBy,
    ],
  )
  return rows[0]!
}

/**
 * A demo content drawn now: its file and thumbnail replace the recipe, only while the row
 * still holds `recipeKey` (another request may have drawn it first: then false).
 */
export async function setDrawnFile(
  db: Queryable,
  id: number,
  recipeKey: string,
  file: { key: string; size: number; sha256: string; thumbnailKey: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE app.contents SET storage_key = $3, size = $4, sha256 = $5,
        thumbnail_key = coalesce($6, thumbnail_key)
      WHERE id = $1 AND storage_key = $2`,
    [id, recipeKey, file.key, file.size, file.sha256, file.thumbnailKey],
  )
  return rowCount > 0
}

export async function deleteContent(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.contents WHERE id = $1', [id])
}

/** What is kept of a page image: its file, null when it failed, undefined when never made. */
export async function pageImageKey(
  db: Queryable,
  contentId: number,
  page: number,
): Promise<string | null | undefined> {
  const { rows } = await db.query<{ storage_key: string | null }>(
    'SELECT storage_key FROM app.content_pages WHERE content_id = $1 AND page = $2',
    [contentId, page],
  )
  return rows[0] ? rows[0].storage_key : undefined
}

/**
 * Records a page image (`key` null: it could not be made); false when another request
 * recorded one first.
 */
export async function insertPageImage(
  db: Queryable,
  contentId: number,
  page: number,
  key: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO app.content_pages (content_id, page, storage_key) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [contentId, page, key],
  )
  return rowCount > 0
}

/** A PDF's preview made (or not): its thumbnail, page count and state. */
export async function setPreview(
  db: Queryable,
  id: number,
  p: { thumbnailKey: string | null; pageCount: number | null; state: PreviewState },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE app.contents SET thumbnail_key = $2, page_count = $3, preview_state = $4
      WHERE id = $1 AND preview_state = 'pending'`,
    [id, p.thumbnailKey, p.pageCount, p.state],
  )
  return rowCount > 0
}
