import {
  t,
  type GroupInput,
  type GroupMember,
  type GroupRecord,
  type PagingQuery,
  type PermissionMatrixRow,
  type PermissionRow,
} from '@gis/shared'
import { permissionsChanged } from '../../auth/permissions'
import * as sql from '../../auth/permissions.sql'
import type { Db } from '../../db/types'
import { HttpError, badRequest, fieldError, type FieldError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { freshCatalogue } from '../../layer-data/catalogue'
import { existingUserIds } from '../users/users.sql'

const SORT = { id: 'g.id', name: 'lower(g.name)', members: 'members', layers: 'layers' }

const notFound = () => new HttpError(404, t('admin.groups.notFound'))

export function listGroups(
  db: Db,
  q: PagingQuery & { query?: string },
): Promise<{ rows: GroupRecord[]; total: number }> {
  const p = toSqlPaging(q, SORT, 'name')
  return sql.listGroups(db, q.query, p.orderBy, p.limit, p.offset)
}

export async function getGroup(db: Db, id: number): Promise<GroupRecord> {
  const group = await sql.getGroup(db, id)
  if (!group) throw notFound()
  return group
}

export async function createGroup(db: Db, g: GroupInput): Promise<number> {
  if (await sql.groupNameTaken(db, g.name)) throw fieldError('name', 'admin.groups.nameExists')
  const id = await sql.insertGroup(db, g.name, g.description)
  if (id === undefined) throw fieldError('name', 'admin.groups.nameExists')
  return id
}

export async function updateGroup(db: Db, id: number, g: GroupInput): Promise<GroupRecord> {
  await getGroup(db, id)
  if (await sql.groupNameTaken(db, g.name, id)) throw fieldError('name', 'admin.groups.nameExists')
  await sql.updateGroup(db, id, g.name, g.description)
  return getGroup(db, id)
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  if (!(await sql.deleteGroup(db, id))) throw notFound()
  permissionsChanged()
}

/** The group's flags on every layer of the catalogue (the matrix). */
export async function permissionMatrix(db: Db, id: number): Promise<PermissionMatrixRow[]> {
  await getGroup(db, id)
  return sql.groupMatrix(db, id)
}

/**
 * Replaces the group's flags: one row per layer (layers left out have no flag). Takes effect on
 * the members' next request.
 */
export async function replacePermissions(
  db: Db,
  id: number,
  rows: PermissionRow[],
): Promise<PermissionMatrixRow[]> {
  await getGroup(db, id)
  const layers = new Set((await freshCatalogue(db)).map((l) => l.name))
  const seen = new Set<string>()
  const errors: FieldError[] = []
  rows.forEach((r, i) => {
    if (!layers.has(r.layer)) {
      errors.push({
        field: `${i}.layer`,
        message: t('admin.groups.unknownLayer', { layer: r.layer }),
      })
    } else if (seen.has(r.layer)) {
      errors.push({
        field: `${i}.layer`,
        message: t('admin.groups.layerTwice', { layer: r.layer }),
      })
    }
    seen.add(r.layer)
  })
  if (errors.length) throw badRequest(errors)
  await db.transaction((tx) => sql.replaceGroupFlags(tx, id, rows))
  permissionsChanged()
  return sql.groupMatrix(db, id)
}

export async function members(db: Db, id: number): Promise<GroupMember[]> {
  await getGroup(db, id)
  return sql.groupMembers(db, id)
}

export async function replaceMembers(
  db: Db,
  id: number,
  userIds: number[],
): Promise<GroupMember[]> {
  await getGroup(db, id)
  const known = await existingUserIds(db, userIds)
  const unknown = userIds.filter((u) => !known.has(u))
  if (unknown.length) {
    throw badRequest(
      unknown.map((u) => ({
        field: `userIds.${userIds.indexOf(u)}`,
        message: t('admin.groups.unknownUser', { id: u }),
      })),
    )
  }
  await db.transaction((tx) => sql.replaceGroupMembers(tx, id, userIds))
  permissionsChanged()
  return sql.groupMembers(db, id)
}
