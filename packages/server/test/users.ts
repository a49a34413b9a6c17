import { LAYER_PERMISSION_FLAGS, type LayerPermissionFlag } from '@gis/shared'
import { expect } from 'vitest'
import { signIn, type SignedInApp } from './harness'

const PASSWORD = 'Us3r-de-teste!'

/**
 * A new active user (created by the administrator through the API) in a group of its own that
 * holds, on each layer named, just these permission flags, and 'Enviar para aprovação' too when
 * `moderated`: the way to test one permission alone. Answers the user's bearer token.
 */
export async function userWithPermissions(
  t: SignedInApp,
  name: string,
  layers: Record<string, readonly LayerPermissionFlag[]>,
  { moderated = false } = {},
): Promise<string> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO app.groups (name) VALUES ($1) RETURNING id`,
    [`grupo ${name}`],
  )
  const groupId = rows[0]!.id
  const cols = LAYER_PERMISSION_FLAGS.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
  for (const [layer, flags] of Object.entries(layers)) {
    await t.db.query(
      `INSERT INTO app.group_layer_permissions (group_id, layer_name, submit_for_review, ${cols.join(', ')})
       VALUES ($1, $2, $3, ${cols.map((_, i) => `$${i + 4}`).join(', ')})`,
      [groupId, layer, moderated, ...LAYER_PERMISSION_FLAGS.map((f) => flags.includes(f))],
    )
  }
  const res = await t.post(
    '/api/users',
    {
      name: `Teste ${name}`,
      username: name,
      email: `${name}@example.com`,
      sector: 'Testes',
      password: PASSWORD,
      active: true,
    },
    t.admin,
  )
  expect(res.statusCode).toBe(201)
  const userId = Number(res.headers.location!.split('/').pop())
  await t.db.query('INSERT INTO app.user_groups (user_id, group_id) VALUES ($1, $2)', [
    userId,
    groupId,
  ])
  return signIn(t.api, { username: name, password: PASSWORD })
}

type PermissionRow = { layer: string; title?: string } & Record<string, unknown>

/**
 * Runs `during` while no group of the user reads `layer`, the administrator having taken the
 * read permission away through the API; gives each group's permissions back after.
 */
export async function withoutReadPermission(
  t: SignedInApp,
  username: string,
  layer: string,
  during: () => Promise<void>,
): Promise<void> {
  const { rows: groups } = await t.db.query<{ group_id: number }>(
    `SELECT DISTINCT p.group_id FROM app.group_layer_permissions p
       JOIN app.user_groups ug ON ug.group_id = p.group_id
       JOIN app.users u ON u.id = ug.user_id
      WHERE u.username = $1 AND p.layer_name = $2 AND p.read_feature`,
    [username, layer],
  )
  expect(groups.length).toBeGreaterThan(0)
  const saved = new Map<number, PermissionRow[]>()
  const save = async (group: number, rows: PermissionRow[]) => {
    const put = await t.put(
      `/api/groups/${group}/permissions`,
      rows.map(({ title: _t, ...r }) => r),
      t.admin,
    )
    expect(put.statusCode).toBe(200)
  }
  for (const { group_id: group } of groups) {
    const matrix = await t.get(`/api/groups/${group}/permissions`, t.admin)
    const rows = matrix.json<PermissionRow[]>()
    saved.set(group, rows)
    await save(
      group,
      rows.map((r) => (r.layer === layer ? { ...r, readFeature: false } : r)),
    )
  }
  try {
    await during()
  } finally {
    for (const [group, rows] of saved) await save(group, rows)
  }
}
