import { likePattern } from '../../db/like'
import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'
import type { Cell } from './dataloader-files'

export interface ImportRow {
  id: number
  user_id: number
  username: string
  filename: string
  metadata: unknown
  row_count: number
  config: unknown
  job_id: number | null
  created_at: Date
}

const IMPORT_COLUMNS = `i.id::int AS id, i.user_id::int AS user_id, u.username, i.filename,
  i.metadata, i.row_count, i.config, i.job_id::int AS job_id, i.created_at`

/** Stores an import and its rows (in batches, inside the caller's transaction). */
export async function insertImport(
  tx: Queryable,
  userId: number,
  filename: string,
  metadata: unknown,
  rows: Cell[][],
): Promise<number> {
  const { rows: created } = await tx.query<{ id: number }>(
    `INSERT INTO app.dataloader_imports (user_id, filename, metadata, row_count)
     VALUES ($1, $2, $3, $4) RETURNING id::int AS id`,
    [userId, filename, JSON.stringify(metadata), rows.length],
  )
  const id = created[0]!.id
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000)
    await tx.query(
      `INSERT INTO app.dataloader_rows (import_id, row_no, data)
       SELECT $1, start + ord::int, value
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(value, ord), (SELECT $3::int AS start) s`,
      [id, JSON.stringify(batch), start],
    )
  }
  return id
}

export async function findImport(db: Queryable, id: number): Promise<ImportRow | undefined> {
  const { rows } = await db.query<ImportRow>(
    `SELECT ${IMPORT_COLUMNS} FROM app.dataloader_imports i JOIN app.users u ON u.id = i.user_id
     WHERE i.id = $1`,
    [id],
  )
  return rows[0]
}

export async function deleteImport(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.dataloader_imports WHERE id = $1', [id])
}

export async function setExecution(
  db: Queryable,
  id: number,
  config: unknown,
  jobId: number | null,
): Promise<void> {
  await db.query('UPDATE app.dataloader_imports SET config = $2, job_id = $3 WHERE id = $1', [
    id,
    JSON.stringify(config),
    jobId,
  ])
}

/** Every row back to pending, before a new execution. */
export async function resetRows(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE app.dataloader_rows SET status = 'P', message = NULL WHERE import_id = $1`,
    [id],
  )
}

export interface DataRow {
  row_no: number
  data: Cell[]
  status: string
  message: string | null
}

export async function rowsPage(
  db: Queryable,
  id: number,
  limit: number,
  offset: number,
): Promise<DataRow[]> {
  const { rows } = await db.query<DataRow>(
    `SELECT row_no, data, status, message FROM app.dataloader_rows
     WHERE import_id = $1 ORDER BY row_no LIMIT $2 OFFSET $3`,
    [id, limit, offset],
  )
  return rows
}

export async function setRowStatuses(
  db: Queryable,
  id: number,
  results: { row: number; status: string; message: string | null }[],
): Promise<void> {
  if (!results.length) return
  await db.query(
    `UPDATE app.dataloader_rows r SET status = x.status, message = x.message
     FROM jsonb_to_recordset($2::jsonb) AS x(row int, status text, message text)
     WHERE r.import_id = $1 AND r.row_no = x.row`,
    [id, JSON.stringify(results)],
  )
}

export async function statusCounts(db: Queryable, id: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM app.dataloader_rows WHERE import_id = $1 GROUP BY status`,
    [id],
  )
  return Object.fromEntries(rows.map((r) => [r.status.trim(), r.n]))
}

// ---- templates ----------------------------------------------------------------------------

export interface TemplateRow {
  id: number
  user_id: number
  username: string
  name: string
  description: string
  metadata: unknown
  is_public: boolean
  created_at: Date
}

const TEMPLATE_VISIBLE = `(t.user_id = $1 OR t.is_public)`

export async function listTemplates(
  db: Queryable,
  userId: number,
  search: string | undefined,
  paging: SqlPaging,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const params: unknown[] = [userId]
  let where = TEMPLATE_VISIBLE
  if (search) {
    params.push(likePattern(search))
    where += ` AND (t.name ILIKE $2 OR t.description ILIKE $2)`
  }
  const { rows } = await db.query<TemplateRow & { total: number }>(
    `SELECT t.id::int AS id, t.user_id::int AS user_id, u.username, t.name, t.description,
       t.metadata, t.is_public, t.created_at, count(*) OVER ()::int AS total
     FROM app.dataloader_templates t JOIN app.users u ON u.id = t.user_id
     WHERE ${where} ${paging.orderBy}, t.id LIMIT ${paging.limit} OFFSET ${paging.offset}`,
    params,
  )
  let total = rows[0]?.total ?? 0
  if (!rows.length && paging.offset > 0) {
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM app.dataloader_templates t WHERE ${where}`,
      params,
    )
    total = count.rows[0]!.n
  }
  return { rows, total }
}

export async function insertTemplate(
  db: Queryable,
  userId: number,
  t: { name: string; description: string; metadata: unknown; isPublic: boolean },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.dataloader_templates (user_id, name, description, metadata, is_public)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
    [userId, t.name, t.description, JSON.stringify(t.metadata), t.isPublic],
  )
  return rows[0]!.id
}

export async function findTemplate(
  db: Queryable,
  userId: number,
  id: number,
): Promise<{ user_id: number } | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT t.user_id::int AS user_id FROM app.dataloader_templates t
     WHERE t.id = $2 AND ${TEMPLATE_VISIBLE}`,
    [userId, id],
  )
  return rows[0]
}

export async function deleteTemplate(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.dataloader_templates WHERE id = $1', [id])
}
