import { LAYER_PERMISSION_FLAGS, type LayerPermissions, type SessionUser } from '@gis/shared'
import type { Queryable } from '../db/types'

interface PermissionRow {
  layer_name: string
  read_feature: boolean
  update_feature: boolean
  create_feature: boolean
  delete_feature: boolean
  create_feature_attachment: boolean
  read_feature_attachment: boolean
  delete_feature_attachment: boolean
}

const ALL: LayerPermissions = Object.fromEntries(
  LAYER_PERMISSION_FLAGS.map((f) => [f, true]),
) as LayerPermissions

/** Layer names known for permission purposes: the layers of the catalogue. */
async function knownLayerNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM app.layers ORDER BY name`)
  return rows.map((r) => r.name)
}

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
    [user.id],
  )
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
