import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'

/** An image of the report library (`app.report_contents`, owned here). */
export interface ContentRow {
  id: number
  filename: string
  content_type: string
  size: number
  tag: string
  storage_key: string
  created_at: Date
}

const COLUMNS = `id::int AS id, filename, content_type, size::float8 AS size, tag, storage_key,
  created_at`

export const CONTENT_SORTS = { created: 'created_at', filename: 'lower(filename)', id: 'id' }

/** One page of the images of a tag whose filename contains `query` (any case), and the count. */
export async function listContents(
  db: Queryable,
  tag: string,
  query: string | undefined,
  paging: SqlPaging,
): Promise<{ rows: ContentRow[]; total: number }> {
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = `tag = $1 AND ($2::text IS NULL OR filename ILIKE $2::text)`
  const { rows } = await db.query<ContentRow>(
    `SELECT ${COLUMNS} FROM app.report_contents WHERE ${where} ${paging.orderBy}, id DESC
      LIMIT $3 OFFSET $4`,
    [tag, pattern, paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM app.report_contents WHERE ${where}`,
    [tag, pattern],
  )
  return { rows, total: n[0]!.n }
}

export async function findContent(db: Queryable, id: number): Promise<ContentRow | undefined> {
  const { rows } = await db.query<ContentRow>(
    `SELECT ${COLUMNS} FROM app.report_contents WHERE id = $1`,
    [id],
  )
  return rows[0]
}

export async function insertContent(
  db: Queryable,
  c: Omit<ContentRow, 'id' | 'created_at'> & { createdBy: number },
): Promise<ContentRow> {
  const { rows } = await db.query<ContentRow>(
    `INSERT INTO app.report_contents (filename, content_type, size, tag, storage_key, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [c.filename, c.content_type, c.size, c.tag, c.storage_key, c.createdBy],
  )
  return rows[0]!
}
