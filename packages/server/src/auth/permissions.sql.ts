import type { GroupPermissionFlags, GroupRecord, PermissionRow as FlagsRow } from '@gis/shared'
import type { Queryable } from '../db/types'
import { likePattern } from '../db/like'
import { selectPage } from '../db/paged.sql'

/**
 * The owner of `app.groups`, `app.user_groups` and `app.group_layer_permissions`: the groups
 * administration and the permission reads of every request.
 */

export interface PermissionRow {
  layer_name: string
  read_feature: boolean
  update_feature: boolean
  create_feature: boolean
  delete_feature: boolean
  create_feature_attachment: boolean
  read_feature_attachment: boolean
  delete_feature_attachment: boolean
}

/** The union of a user's group flags, per layer. */
export async function userLayerFlags(db: Queryable, userId: number): Promise<PermissionRow[]> {
  const { rows } = await db.query<PermissionRow>(
    `SELECT p.layer_name,
            bool_or(p.read_feature) AS read_feature,
            bool_or(p.update_feature) AS update_feature,
            bool_or(p.create_feature) AS create_feature,
            bool_or(p.delete_feature) AS delete_feature,
            bool_or(p.create_feature_attachment) AS create_feature_attachment,
            bool_or(p.read_feature_attachment) AS read_feature_attachment,
            bool_or(p.delete_feature_attachment) AS delete_feature_attachment
       FROM app.group_layer_permissions p
       JOIN app.user_groups ug ON ug.group_id = p.group_id
      WHERE ug.user_id = $1
      GROUP BY p.layer_name
      ORDER BY p.layer_name`,
    [userId],
  )
  return rows
}

/**
 * Layer names known for permission purposes: the layers of the catalogue (`app.layers`, owned
 * by the layer catalogue; read here, below the modules, because administrators hold every
 * flag on every layer).
 */
export async function knownLayerNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM app.layers ORDER BY name`)
  return rows.map((r) => r.name)
}

/** The matrix's flags (camelCase) and their columns in app.group_layer_permissions. */
export const FLAG_COLUMNS: Record<keyof GroupPermissionFlags, string> = {
  readFeature: 'read_feature',
  updateFeature: 'update_feature',
  createFeature: 'create_feature',
  deleteFeature: 'delete_feature',
  createFeatureAttachment: 'create_feature_attachment',
  readFeatureAttachment: 'read_feature_attachment',
  deleteFeatureAttachment: 'delete_feature_attachment',
  submitForReview: 'submit_for_review',
}

// --- groups ---------------------------------------------------------------------------------

interface GroupRow {
  id: number
  name: string
  description: string
  members: number
  layers: number
}

const GROUP_COLUMNS = `g.id, g.name, g.description,
  (SELECT count(*)::int FROM app.user_groups ug WHERE ug.group_id = g.id) AS members,
  (SELECT count(*)::int FROM app.group_layer_permissions p WHERE p.group_id = g.id AND (
     p.read_feature OR p.update_feature OR p.create_feature OR p.delete_feature
     OR p.create_feature_attachment OR p.read_feature_attachment OR p.delete_feature_attachment
     OR p.submit_for_review)) AS layers`

const toGroup = (r: GroupRow): GroupRecord => ({ ...r })

export async function listGroups(
  db: Queryable,
  query: string | undefined,
  orderBy: string,
  limit: number,
  offset: number,
): Promise<{ rows: GroupRecord[]; total: number }> {
  const { rows, total } = await selectPage<GroupRow>(db, {
    columns: GROUP_COLUMNS,
    from: 'app.groups g WHERE ($1::text IS NULL OR g.name ILIKE $1 OR g.description ILIKE $1)',
    params: [likePattern(query)],
    orderBy: `${orderBy}, g.id`,
    limit,
    offset,
  })
  return { rows: rows.map(toGroup), total }
}

export async function getGroup(db: Queryable, id: number): Promise<GroupRecord | undefined> {
  const { rows } = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM app.groups g WHERE g.id = $1`,
    [id],
  )
  return rows[0] ? toGroup(rows[0]) : undefined
}

/** A new group's id, or undefined when the name (ignoring case) is taken. */
export async function insertGroup(
  db: Queryable,
  name: string,
  description: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.groups (name, description) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING id`,
    [name, description],
  )
  return rows[0]?.id
}

/** Whether another group than `exceptId` has this name (ignoring case). */
export async function groupNameTaken(
  db: Queryable,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM app.groups WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2',
    [name, exceptId ?? null],
  )
  return rows.length > 0
}

export async function updateGroup(
  db: Queryable,
  id: number,
  name: string,
  description: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE app.groups SET name = $2, description = $3 WHERE id = $1',
    [id, name, description],
  )
  return rowCount > 0
}

export async function deleteGroup(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM app.groups WHERE id = $1', [id])
  return rowCount > 0
}

// --- a group's flags on layers -------------------------------------------------------------

const FLAG_SELECT = Object.entries(FLAG_COLUMNS)
  .map(([flag, column]) => `coalesce(p.${column}, false) AS "${flag}"`)
  .join(', ')

/** The group's flags on every layer of the catalogue (false where it has no row), by title. */
export async function groupMatrix(
  db: Queryable,
  groupId: number,
): Promise<(FlagsRow & { title: string })[]> {
  const { rows } = await db.query<FlagsRow & { title: string }>(
    `SELECT l.name AS layer, l.title, ${FLAG_SELECT}
       FROM app.layers l
       LEFT JOIN app.group_layer_permissions p ON p.layer_name = l.name AND p.group_id = $1
      ORDER BY l.title, l.name`,
    [groupId],
  )
  return rows
}

/** Replaces every flag of a group: rows with no flag set are not kept. */
export async function replaceGroupFlags(
  db: Queryable,
  groupId: number,
  rows: readonly (GroupPermissionFlags & { layer: string })[],
): Promise<void> {
  await db.query('DELETE FROM app.group_layer_permissions WHERE group_id = $1', [groupId])
  const kept = rows.filter((r) =>
    Object.keys(FLAG_COLUMNS).some((f) => r[f as keyof GroupPermissionFlags]),
  )
  if (kept.length === 0) return
  const flags = Object.keys(FLAG_COLUMNS) as (keyof GroupPermissionFlags)[]
  // One statement: a column of values per flag, unnested together.
  await db.query(
    `INSERT INTO app.group_layer_permissions (group_id, layer_name, ${flags
      .map((f) => FLAG_COLUMNS[f])
      .join(', ')})
     SELECT $1::bigint, * FROM unnest($2::text[], ${flags.map((_, i) => `$${i + 3}::boolean[]`).join(', ')})`,
    [groupId, kept.map((r) => r.layer), ...flags.map((f) => kept.map((r) => r[f]))],
  )
}

// --- members ----------------------------------------------------------------------------------

export async function groupMembers(
  db: Queryable,
  groupId: number,
): Promise<{ id: number; username: string; name: string; active: boolean }[]> {
  const { rows } = await db.query<{ id: number; username: string; name: string; active: boolean }>(
    `SELECT u.id, u.username, u.name, u.active
       FROM app.user_groups ug JOIN app.users u ON u.id = ug.user_id
      WHERE ug.group_id = $1 ORDER BY lower(u.username)`,
    [groupId],
  )
  return rows
}

export async function replaceGroupMembers(
  db: Queryable,
  groupId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.query('DELETE FROM app.user_groups WHERE group_id = $1', [groupId])
  if (userIds.length) {
    await db.query(
      'INSERT INTO app.user_groups (user_id, group_id) SELECT unnest($2::bigint[]), $1::bigint',
      [groupId, userIds],
    )
  }
}

export async function replaceUserGroups(
  db: Queryable,
  userId: number,
  groupIds: readonly number[],
): Promise<void> {
  await db.query('DELETE FROM app.user_groups WHERE user_id = $1', [userId])
  if (groupIds.length) {
    await db.query(
      'INSERT INTO app.user_groups (user_id, group_id) SELECT $1::bigint, unnest($2::bigint[])',
      [userId, groupIds],
    )
  }
}

/** The groups of the given users, by user id. */
export async function groupsOfUsers(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>()
  if (userIds.length === 0) return result
  const { rows } = await db.query<{ user_id: number; id: number; name: string }>(
    `SELECT ug.user_id, g.id, g.name FROM app.user_groups ug JOIN app.groups g ON g.id = ug.group_id
      WHERE ug.user_id = ANY($1::bigint[]) ORDER BY lower(g.name)`,
    [userIds],
  )
  for (const r of rows) {
    const list = result.get(r.user_id) ?? []
    list.push({ id: r.id, name: r.name })
    result.set(r.user_id, list)
  }
  return result
}

/** Which of these ids are groups. */
export async function existingGroupIds(
  db: Queryable,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM app.groups WHERE id = ANY($1::bigint[])',
    [ids],
  )
  return new Set(rows.map((r) => r.id))
}
