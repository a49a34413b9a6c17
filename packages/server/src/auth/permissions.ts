import {
  GROUP_PERMISSION_FLAGS,
  LAYER_PERMISSION_FLAGS,
  type GroupPermissionFlags,
  type LayerPermissions,
  type SessionUser,
} from '@gis/shared'
import type { Queryable } from '../db/types'
import { knownLayerNames, userLayerFlags } from './permissions.sql'

export { FLAG_COLUMNS } from './permissions.sql'

const ALL: LayerPermissions = Object.fromEntries(
  LAYER_PERMISSION_FLAGS.map((f) => [f, true]),
) as LayerPermissions

/**
 * The per-layer flags of a user: the union over their groups. Administrators have every
 * flag on every layer.
 */
export async function layerPermissions(
  db: Queryable,
  user: Pick<SessionUser, 'id' | 'admin'>,
): Promise<Record<string, LayerPermissions>> {
  if (user.admin) {
    return Object.fromEntries((await knownLayerNames(db)).map((name) => [name, { ...ALL }]))
  }
  const rows = await userLayerFlags(db, user.id)
  return Object.fromEntries(
    rows.map((r) => [
      r.layer_name,
      {
        readFeature: r.read_feature,
        updateFeature: r.update_feature,
        createFeature: r.create_feature,
        deleteFeature: r.delete_feature,
        createFeatureAttachment: r.create_feature_attachment,
        readFeatureAttachment: r.read_feature_attachment,
        deleteFeatureAttachment: r.delete_feature_attachment,
      },
    ]),
  )
}

export const NO_FLAGS: GroupPermissionFlags = Object.fromEntries(
  GROUP_PERMISSION_FLAGS.map((f) => [f, false]),
) as GroupPermissionFlags

/*
 * Who may do what changes rarely, and is read on every tile and WFS request, where a user's
 * readable layers and the session behind a token are remembered for two seconds. Each change
 * (a group's flags or members, a user's administrator or active flag, a layer registered or
 * deleted) moves this process's permission epoch; those caches keep an entry only while the
 * epoch it was read at is current, so the change applies to the user's next request. Other
 * server processes see it when their two seconds end.
 */
let epoch = 0

/** The current permission epoch of this process. */
export function permissionEpoch(): number {
  return epoch
}

/** Says that permissions changed: every cached permission and session is read again. */
export function permissionsChanged(): void {
  epoch++
}
