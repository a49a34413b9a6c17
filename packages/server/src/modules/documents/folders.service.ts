import {
  t,
  type DocumentFolder,
  type FolderCreate,
  type FolderGroupsUpdate,
  type FolderUpdate,
  type SessionUser,
} from '@gis/shared'
import type { Db, Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import {
  canRead,
  canWrite,
  folderAccess,
  readableParent,
  subtree,
  type FolderAccess,
} from './folder-access'
import * as sql from './folders.sql'

export type DocUser = Pick<SessionUser, 'id' | 'username' | 'admin'>

export const folderNotFound = () => new HttpError(404, t('documentsApi.folderNotFound'))
export const writeDenied = () => new HttpError(403, t('documentsApi.forbidden'))

/** Every folder with the user's rights, read now (a permission change counts at once). */
export async function loadFolderAccess(db: Queryable, user: DocUser): Promise<FolderAccess> {
  const [folders, groups, mine] = await Promise.all([
    sql.listFolders(db),
    sql.listFolderGroups(db),
    user.admin ? Promise.resolve([]) : sql.userGroupIds(db, user.id),
  ])
  return folderAccess(folders, groups, user, new Set(mine))
}

/** A folder the user may read (else 404) and, with `write`, write (else 403). */
export function checkFolder(access: FolderAccess, id: number, write: boolean): void {
  if (!access.folders.has(id) || !canRead(access, id)) throw folderNotFound()
  if (write && !canWrite(access, id)) throw writeDenied()
}

/** The folders the user may read, by name; their groups for administrators. */
export async function listFolders(db: Queryable, user: DocUser): Promise<DocumentFolder[]> {
  const access = await loadFolderAccess(db, user)
  return [...access.folders.values()]
    .filter((f) => canRead(access, f.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((f) => ({
      id: f.id,
      parentId: readableParent(access, f.id),
      name: f.name,
      canWrite: canWrite(access, f.id),
      documentCount: f.document_count,
      ...(access.admin && {
        groups: (access.groups.get(f.id) ?? []).map((g) => ({
          groupId: g.group_id,
          name: g.name,
          canWrite: g.can_write,
        })),
      }),
    }))
}

/** Where a folder may go: the top (administrators) or a folder the user writes. */
function checkParent(access: FolderAccess, parentId: number | null): void {
  if (parentId === null) {
    if (!access.admin) throw new HttpError(403, t('documentsApi.rootWrite'))
    return
  }
  checkFolder(access, parentId, true)
}

const folderExists = () => new HttpError(400, t('documentsApi.folderExists'))

export async function createFolder(
  db: Queryable,
  user: DocUser,
  body: FolderCreate,
): Promise<DocumentFolder> {
  const access = await loadFolderAccess(db, user)
  const parentId = body.parentId ?? null
  checkParent(access, parentId)
  const id = await sql.insertFolder(db, { parentId, name: body.name, createdBy: user.id })
  if (id === undefined) throw folderExists()
  return (await listFolders(db, user)).find((f) => f.id === id)!
}

export async function updateFolder(
  db: Queryable,
  user: DocUser,
  id: number,
  body: FolderUpdate,
): Promise<DocumentFolder> {
  const access = await loadFolderAccess(db, user)
  checkFolder(access, id, true)
  const folder = access.folders.get(id)!
  const parentId = body.parentId === undefined ? folder.parent_id : body.parentId
  const name = body.name ?? folder.name
  if (parentId !== folder.parent_id) {
    checkParent(access, parentId)
    if (parentId !== null && subtree(access, id).includes(parentId)) {
      throw new HttpError(400, t('documentsApi.folderCycle'))
    }
  }
  if (await sql.siblingNameTaken(db, parentId, name, id)) throw folderExists()
  await sql.updateFolder(db, id, { parentId, name })
  return (await listFolders(db, user)).find((f) => f.id === id)!
}

/** Removes an empty folder (no subfolder, no document, none in the bin either). */
export async function deleteFolder(db: Queryable, user: DocUser, id: number): Promise<void> {
  const access = await loadFolderAccess(db, user)
  checkFolder(access, id, true)
  if (!(await sql.folderIsEmpty(db, id))) throw new HttpError(400, t('documentsApi.folderNotEmpty'))
  await sql.deleteFolder(db, id)
}

/** An administrator sets a folder's own groups (empty: it takes its parent's). */
export async function setFolderGroups(
  db: Db,
  user: DocUser,
  id: number,
  groups: FolderGroupsUpdate,
): Promise<DocumentFolder> {
  if (!user.admin) throw new HttpError(403, t('documentsApi.adminOnly'))
  const access = await loadFolderAccess(db, user)
  checkFolder(access, id, true)
  const unique = [...new Map(groups.map((g) => [g.groupId, g])).values()]
  if (
    (await sql.countGroups(
      db,
      unique.map((g) => g.groupId),
    )) !== unique.length
  ) {
    throw new HttpError(400, t('documentsApi.groupNotFound'))
  }
  await db.transaction((tx) => sql.setFolderGroups(tx, id, unique))
  return (await listFolders(db, user)).find((f) => f.id === id)!
}
