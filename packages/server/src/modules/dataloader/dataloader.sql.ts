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
  state: 'READING' | 'READY' | 'FAILED'
  read_job_id: number | null
  upload_key: string | null
  counts: ImportCounts
  approval_id: number | null
  undone_at: Date | null
  undone_by: string | null
}

/** How far an execution went: rows validated, written (created or updated), with errors. */
export interface ImportCounts {
  validated?: number
  written?: number
  errors?: number
  /** The read's failure, in Portuguese (state FAILED). */
  readError?: string
}

const IMPORT_COLUMNS = `i.id::int AS id, i.user_id::int AS user_id, u.username, i.filename,
  i.metadata, i.row_count, i.config, i.job_id::int AS job_id, i.created_at, i.state,
  i.read_job_id::int AS read_job_id, i.upload_key, i.counts, i.approval_id::int AS approval_id,
  i.undone_at, i.undone_by`

/** A new import, READING its stored upload (the read job fills its rows and columns). */
export async function createImport(
  db: Queryable,
  userId: number,
  filename: string,
  uploadKey: string,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.dataloader_imports (user_id, filename, metadata, row_count, state, upload_key)
     VALUES ($1, $2, '{}'::jsonb, 0, 'READING', $3) RETURNING id::int AS id`,
    [userId, filename, uploadKey],
  )
  return rows[0]!.id
}

export async function setReadJob(db: Queryable, id: number, jobId: number): Promise<void> {
  await db.query('UPDATE app.dataloader_imports SET read_job_id = $2 WHERE id = $1', [id, jobId])
}

export async function finishRead(
  db: Queryable,
  id: number,
  metadata: unknown,
  rowCount: number,
): Promise<void> {
  await db.query(
    `UPDATE app.dataloader_imports
        SET metadata = $2::text::jsonb, row_count = $3, state = 'READY', upload_key = NULL
      WHERE id = $1`,
    [id, JSON.stringify(metadata), rowCount],
  )
}

export async function failRead(db: Queryable, id: number, message: string): Promise<void> {
  await db.query(
    `UPDATE app.dataloader_imports
        SET state = 'FAILED', upload_key = NULL, counts = jsonb_build_object('readError', $2::text)
      WHERE id = $1`,
    [id, message],
  )
}

/** How many rows are staged (all of them, unless a database crash emptied the unlogged table). */
export async function stagedRows(db: Queryable, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.dataloader_rows WHERE import_id = $1',
    [id],
  )
  return rows[0]!.n
}

export async function deleteRows(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.dataloader_rows WHERE import_id = $1', [id])
}

/**
 * Merged ranges of a workbook filled in: every cell of columns c1..c2 of the rows from..to
 * (positions from 0) takes the master row's c1.
 */
export async function applyMerges(
  db: Queryable,
  id: number,
  merges: { from: number; to: number; c1: number; c2: number; master: number }[],
): Promise<void> {
  await db.query(
    `WITH m AS (
       SELECT x.*, r.data -> x.c1 AS value
         FROM jsonb_to_recordset($2::text::jsonb) AS x("from" int, "to" int, c1 int, c2 int, master int)
         JOIN app.dataloader_rows r ON r.import_id = $1 AND r.row_no = x.master + 1
        WHERE r.data -> x.c1 <> 'null'::jsonb
     ), cells AS (
       SELECT r.row_no, c.i, m.value
         FROM m JOIN app.dataloader_rows r
           ON r.import_id = $1 AND r.row_no BETWEEN m."from" + 1 AND m."to" + 1
         CROSS JOIN LATERAL generate_series(m.c1, m.c2) AS c(i)
     ), merged AS (
       SELECT r.row_no, (SELECT jsonb_agg(coalesce(f.value, e.v) ORDER BY e.n)
                           FROM jsonb_array_elements(r.data) WITH ORDINALITY AS e(v, n)
                           LEFT JOIN cells f ON f.row_no = r.row_no AND f.i = e.n - 1) AS data
         FROM app.dataloader_rows r
        WHERE r.import_id = $1 AND r.row_no IN (SELECT row_no FROM cells)
     )
     UPDATE app.dataloader_rows r SET data = merged.data FROM merged
      WHERE r.import_id = $1 AND r.row_no = merged.row_no`,
    [id, JSON.stringify(merges)],
  )
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
  await db.query(
    `UPDATE app.dataloader_imports SET config = $2, job_id = $3, counts = '{}'::jsonb,
            approval_id = NULL, undone_at = NULL, undone_by = NULL
      WHERE id = $1`,
    [id, JSON.stringify(config), jobId],
  )
}

export async function setCounts(db: Queryable, id: number, counts: ImportCounts): Promise<void> {
  await db.query('UPDATE app.dataloader_imports SET counts = $2::text::jsonb WHERE id = $1', [
    id,
    JSON.stringify(counts),
  ])
}

export async function setJob(db: Queryable, id: number, jobId: number): Promise<void> {
  await db.query('UPDATE app.dataloader_imports SET job_id = $2 WHERE id = $1', [id, jobId])
}

export async function setUndone(db: Queryable, id: number, by: string): Promise<void> {
  await db.query(
    'UPDATE app.dataloader_imports SET undone_at = now(), undone_by = $2 WHERE id = $1',
    [id, by],
  )
}

export async function setApproval(db: Queryable, id: number, approvalId: number): Promise<void> {
  await db.query('UPDATE app.dataloader_imports SET approval_id = $2 WHERE id = $1', [
    id,
    approvalId,
  ])
}

/**
 * What an execution taken up again has done: the batches (of `size` rows) whose outcomes are
 * recorded (a batch is one transaction: all its rows or none), its rows and errors.
 */
export async function executedBatches(
  db: Queryable,
  id: number,
  size: number,
): Promise<{ starts: Set<number>; rows: number; errors: number }> {
  const { rows } = await db.query<{ start: number; rows: number; errors: number }>(
    `SELECT ((row_no - 1) / $2::int) * $2::int AS start, count(*)::int AS rows,
            count(*) FILTER (WHERE status = 'E')::int AS errors
       FROM app.dataloader_results WHERE import_id = $1 GROUP BY 1`,
    [id, size],
  )
  return {
    starts: new Set(rows.map((r) => r.start)),
    rows: rows.reduce((n, r) => n + r.rows, 0),
    errors: rows.reduce((n, r) => n + r.errors, 0),
  }
}

/**
 * The outcome of each row of the batch (import_rows, import_changes and bulk_audit of the
 * transaction): E with its errors; P when sent for approval (`pending` says so); else C for
 * the row that created its feature, U for the others. Answers the rows and the errors.
 */
export async function recordBatch(
  tx: Queryable,
  id: number,
  pending: string | null,
): Promise<{ rows: number; errors: number }> {
  const audit = pending === null ? 'LEFT JOIN bulk_audit a ON a.feature_id = c.feature_id' : ''
  const { rows } = await tx.query<{ rows: number; errors: number }>(
    `WITH w AS (
       INSERT INTO app.dataloader_results (import_id, row_no, status, message, feature_id, audit_id)
       SELECT $1, r.row_no,
              CASE WHEN r.err IS NOT NULL THEN 'E' WHEN $2::text IS NOT NULL THEN 'P'
                   WHEN c.action = 'I' AND r.row_no = c.grp THEN 'C' ELSE 'U' END,
              coalesce(r.err, $2::text), c.feature_id, ${pending === null ? 'a.audit_id' : 'NULL::bigint'}
         FROM import_rows r LEFT JOIN import_changes c ON c.grp = r.grp ${audit}
       RETURNING status
     )
     SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'E')::int AS errors FROM w`,
    [id, pending],
  )
  return rows[0]!
}

/** Every row back to not executed (its outcome forgotten), before a new execution. */
export async function resetResults(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.dataloader_results WHERE import_id = $1', [id])
}

export interface DataRow {
  row_no: number
  data: Cell[]
  status: string
  message: string | null
}

/** A page of rows with their outcome (P: not executed yet, or sent for approval). */
export async function rowsPage(
  db: Queryable,
  id: number,
  limit: number,
  offset: number,
): Promise<DataRow[]> {
  const { rows } = await db.query<DataRow>(
    `SELECT r.row_no, r.data, coalesce(o.status, 'P') AS status, o.message
       FROM app.dataloader_rows r
       LEFT JOIN app.dataloader_results o ON o.import_id = r.import_id AND o.row_no = r.row_no
      WHERE r.import_id = $1 AND r.row_no > $3 ORDER BY r.row_no LIMIT $2`,
    [id, limit, offset],
  )
  return rows
}

export async function statusCounts(db: Queryable, id: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM app.dataloader_results WHERE import_id = $1 GROUP BY status`,
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
