import type { Queryable } from '../../db/types'

/** The owner of `app.document_folders` and `app.document_folder_groups`. */

export interface FolderRow {
  id: number
  parent_id: number | null
  name: string
  /** Live documents directly in the folder. */
  document_count: number
}

export async function listFolders(db: Queryable): Promise<FolderRow[]> {
  const { rows } = await db.query<FolderRow>(
    `SELECT f.id::int AS id, f.parent_id::int AS parent_id, f.name,
            (SELECT count(*)::int FROM app.documents d
              WHERE d.folder_id = f.id AND d.deleted_at IS NULL) AS document_count
       FROM app.document_folders f ORDER BY lower(f.name), f.id`,
  )
  return rows
}

export interface FolderGroupRow {
  folder_id: number
  group_id: number
  name: string
  can_write: boolean
}

export async function listFolderGroups(db: Queryable): Promise<FolderGroupRow[]> {
  const { rows } = await db.query<FolderGroupRow>(
    `SELECT fg.folder_id::int AS folder_id, fg.group_id::int AS group_id, g.name, fg.can_write
       FROM app.document_folder_groups fg JOIN app.groups g ON g.id = fg.group_id
      ORDER BY lower(g.name)`,
  )
  return rows
}

/** The groups of a user (read here, as the layer permissions read them). */
export async function userGroupIds(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT group_id::int AS id FROM app.user_groups WHERE user_id = $1',
    [userId],
  )
  return rows.map((r) => r.id)
}

/** Whether a sibling (same parent) already has this name, any case; `except` is the folder itself. */
export async function siblingNameTaken(
  db: Queryable,
  parentId: number | null,
  name: string,
  except?: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM app.document_folders
      WHERE coalesce(parent_id, 0) = coalesce($1::bigint, 0) AND lower(name) = lower($2)
        AND id <> coalesce($3::bigint, 0)`,
    [parentId, name, except ?? null],
  )
  return rows.length > 0
}

export async function insertFolder(
  db: Queryable,
  f: { parentId: number | null; name: string; createdBy: number },
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.document_folders (parent_id, name, created_by) VALUES ($1, $2, $3)
     ON CONFLICT (coalesce(parent_id, 0), lower(name)) DO NOTHING RETURNING id::int AS id`,
    [f.parentId, f.name, f.createdBy],
  )
  return rows[0]?.id
}

export async function updateFolder(
  db: Queryable,
  id: number,
  f: { parentId: number | null; name: string },
): Promise<void> {
  await db.query('UPDATE app.document_folders SET parent_id = $2, name = $3 WHERE id = $1', [
    id,
    f.parentId,
    f.name,
  ])
}

/** Whether a folder holds nothing: no subfolder, no document (in the bin neither). */
export async function folderIsEmpty(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM app.document_folders WHERE parent_id = $1
     UNION ALL SELECT 1 FROM app.documents WHERE folder_id = $1 LIMIT 1`,
    [id],
  )
  return rows.length === 0
}

export async function deleteFolder(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.document_folders WHERE id = $1', [id])
}

/** How many of these group ids exist. */
export async function countGroups(db: Queryable, ids: readonly number[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.groups WHERE id = ANY($1::bigint[])',
    [ids],
  )
  return rows[0]?.n ?? 0
}

/** Replaces a folder's own list of groups (empty: it takes its parent's). */
export async function setFolderGroups(
  tx: Queryable,
  folderId: number,
  groups: readonly { groupId: number; canWrite: boolean }[],
): Promise<void> {
  await tx.query('DELETE FROM app.document_folder_groups WHERE folder_id = $1', [folderId])
  if (groups.length === 0) return
  await tx.query(
    `INSERT INTO app.document_folder_groups (folder_id, group_id, can_write)
     SELECT $1, g, w FROM unnest($2::bigint[], $3::boolean[]) AS x(g, w)`,
    [folderId, groups.map((g) => g.groupId), groups.map((g) => g.canWrite)],
  )
}
