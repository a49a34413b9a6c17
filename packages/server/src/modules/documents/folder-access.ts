import type { FolderGroupRow, FolderRow } from './folders.sql'

/** What a user may do in a folder. */
export interface FolderRights {
  read: boolean
  write: boolean
}

/** The folders, each with the user's rights, its readable parent and its path. */
export interface FolderAccess {
  folders: Map<number, FolderRow>
  rights: Map<number, FolderRights>
  /** Own group lists (empty: inherited). */
  groups: Map<number, FolderGroupRow[]>
  admin: boolean
}

/**
 * The rights of a user in every folder (the rule of migration 150): a folder's own groups,
 * else its parent's (up to the top), read by the listed groups and written by those with
 * can_write; a top folder listing none is open to every signed-in user; administrators may do
 * everything.
 */
export function folderAccess(
  folders: readonly FolderRow[],
  groupRows: readonly FolderGroupRow[],
  user: { admin: boolean },
  userGroups: ReadonlySet<number>,
): FolderAccess {
  const byId = new Map(folders.map((f) => [f.id, f]))
  const groups = new Map<number, FolderGroupRow[]>()
  for (const g of groupRows) groups.set(g.folder_id, [...(groups.get(g.folder_id) ?? []), g])
  const rights = new Map<number, FolderRights>()
  const rightsOf = (id: number, seen: Set<number>): FolderRights => {
    const known = rights.get(id)
    if (known) return known
    const folder = byId.get(id)
    let result: FolderRights
    const own = groups.get(id)
    if (user.admin) result = { read: true, write: true }
    else if (own?.length) {
      const mine = own.filter((g) => userGroups.has(g.group_id))
      result = { read: mine.length > 0, write: mine.some((g) => g.can_write) }
    } else if (folder?.parent_id != null && !seen.has(folder.parent_id)) {
      result = rightsOf(folder.parent_id, seen.add(id))
    } else result = { read: true, write: true }
    rights.set(id, result)
    return result
  }
  for (const f of folders) rightsOf(f.id, new Set())
  return { folders: byId, rights, groups, admin: user.admin }
}

export const canRead = (a: FolderAccess, id: number) => a.rights.get(id)?.read === true
export const canWrite = (a: FolderAccess, id: number) => a.rights.get(id)?.write === true

/** The nearest ancestor the user may read (null: the tree's top for them). */
export function readableParent(a: FolderAccess, id: number): number | null {
  let parent = a.folders.get(id)?.parent_id ?? null
  const seen = new Set<number>([id])
  while (parent !== null && !canRead(a, parent) && !seen.has(parent)) {
    seen.add(parent)
    parent = a.folders.get(parent)?.parent_id ?? null
  }
  return parent !== null && canRead(a, parent) ? parent : null
}

/** 'Projetos / Pontes': the readable folders from the top down to this one. */
export function folderPath(a: FolderAccess, id: number): string {
  const names: string[] = []
  for (let f: number | null = id; f !== null && names.length < 50; f = readableParent(a, f)) {
    names.unshift(a.folders.get(f)?.name ?? '')
  }
  return names.join(' / ')
}

/** The folder and all below it. */
export function subtree(a: FolderAccess, id: number): number[] {
  const children = new Map<number, number[]>()
  for (const f of a.folders.values()) {
    if (f.parent_id !== null)
      children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f.id])
  }
  const out: number[] = []
  const stack = [id]
  while (stack.length) {
    const next = stack.pop()!
    if (out.includes(next)) continue
    out.push(next)
    stack.push(...(children.get(next) ?? []))
  }
  return out
}
