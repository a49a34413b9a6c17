import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'

const t = useTestApp()

/** Every administration call, with a body that would be valid for an administrator. */
const CALLS: [method: string, url: string, payload?: unknown][] = [
  ['GET', '/api/users'],
  ['GET', '/api/users?status=pending'],
  [
    'POST',
    '/api/users',
    { name: 'X', username: 'xyz', email: 'x@x.com', password: 'Rodovia#2024', sector: 'X' },
  ],
  ['GET', '/api/users/1'],
  ['PUT', '/api/users/1', { admin: false }],
  ['DELETE', '/api/users/3'],
  ['GET', '/api/logins'],
  ['GET', '/api/groups'],
  ['POST', '/api/groups', { name: 'Intrusos' }],
  ['GET', '/api/groups/1'],
  ['PUT', '/api/groups/1', { name: 'Intrusos' }],
  ['DELETE', '/api/groups/1'],
  ['GET', '/api/groups/1/permissions'],
  ['PUT', '/api/groups/1/permissions', []],
  ['GET', '/api/groups/1/members'],
  ['PUT', '/api/groups/1/members', { userIds: [] }],
  ['GET', '/api/schema/tables'],
  ['POST', '/api/schema/tables', { name: 'intrusa', geometry: 'Point', fields: [] }],
  ['POST', '/api/schema/tables/delete/oae'],
  ['GET', '/api/schema/fields/oae'],
  ['POST', '/api/schema/fields/oae', { name: 'intruso', type: 'string', notNull: false }],
  ['DELETE', '/api/schema/fields/oae/codigo'],
  ['POST', '/api/schema/refresh'],
  ['GET', '/api/layers/unregistered'],
  ['POST', '/api/layers', { table: 'oae', title: 'X' }],
  ['PUT', '/api/layers/1', { title: 'X' }],
  ['DELETE', '/api/layers/1?confirm=true'],
  ['POST', '/api/layers/legend-preview', { title: 'X', geometryType: 'point', style: {} }],
  ['POST', '/api/features/remapindex'],
  ['POST', '/api/features/remapindex/oae'],
  ['POST', '/api/mapconfig', { mapStartPosLonLat: [0, 0, 1, 1] }],
  ['POST', '/api/mapconfig/layerlayout', { nodes: [] }],
  ['GET', '/api/base-layers'],
  ['GET', '/api/base-layers/1'],
  ['POST', '/api/base-layers', { type: 'osm', name: 'X' }],
  ['PUT', '/api/base-layers/1', { type: 'osm', name: 'X' }],
  ['DELETE', '/api/base-layers/1'],
  ['GET', '/api/config/settings'],
  ['PUT', '/api/config/settings', { projectName: 'X', modules: [] }],
]

async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    [
      'SELECT id, name, description FROM app.groups ORDER BY id',
      'SELECT * FROM app.group_layer_permissions ORDER BY group_id, layer_name',
      'SELECT user_id, group_id FROM app.user_groups ORDER BY 1, 2',
      'SELECT id, username, admin, active FROM app.users ORDER BY id',
      'SELECT id, title, attributes, style FROM app.layers ORDER BY id',
      'SELECT id, parent_id, title FROM app.layer_tree_nodes ORDER BY id',
      'SELECT id, name FROM app.base_layers ORDER BY id',
      `SELECT key, value FROM app.settings WHERE key <> 'demoSeeded' ORDER BY key`,
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'data'
        ORDER BY 1, 2`,
    ].map((sql) => t.db.query(sql)),
  )
  return JSON.stringify(parts.map((p) => p.rows))
}

describe('only administrators reach the administration', () => {
  it('answers 401 without a session and 403 to an ordinary user, changing nothing', async () => {
    const before = await snapshot()
    for (const [method, url, payload] of CALLS) {
      const anonymous = await t.api({ method, url, payload })
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401)
      const ordinary = await t.api({ method, url, payload, token: t.user })
      expect(ordinary.statusCode, `${method} ${url} as demo`).toBe(403)
      expect(ordinary.json().message).toBe('Você não tem permissão para realizar esta operação.')
    }
    // The editor's tree is behind the user scope: refused inside.
    const tree = await t.get('/api/mapconfig/layerlayout?all=true', t.user)
    expect(tree.statusCode).toBe(403)
    expect(await snapshot()).toBe(before)
  })

  it('does not take a session from ?token= on the administration', async () => {
    const res = await t.get(`/api/groups?token=${encodeURIComponent(t.user)}`)
    expect(res.statusCode).toBe(401)
  })
})
