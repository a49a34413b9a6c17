import { describe, expect, it } from 'vitest'
import { signIn, useTestApp } from '../../test/harness'
import { userWithPermissions } from '../../test/users'

// OGC API – Features Part 4 (create, replace, update, delete) under the web's rules, over HTTP.
const t = useTestApp()

type Json = Record<string, any>
const GEOJSON = { 'content-type': 'application/geo+json', 'user-agent': 'GDAL/3.6.2' }
const item = (layer: string, id: number | string) => `/ogcapi/collections/${layer}/items/${id}`
const write = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.api({
    method,
    url,
    token,
    headers: {
      ...GEOJSON,
      ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
const oae = (codigo: string, props: Json = {}) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-47.41, -23.49] },
  properties: { codigo, tipo: 'ponte', ...props },
})
async function row(id: number) {
  const { rows } = await t.db.query<Json>(
    `SELECT codigo, tipo, largura, d_e_l_e_t_ AS deleted, ST_X(geom) AS x, ST_Y(geom) AS y
       FROM data.oae WHERE id = $1`,
    [id],
  )
  return rows[0]
}
async function history(id: number) {
  const res = await t.get(`/api/audit/oae/${id}`, t.admin)
  expect(res.statusCode).toBe(200)
  return res.json<Json[]>()
}
const etagOf = async (id: number, token = t.admin) => {
  const res = await t.get(item('oae', id), token)
  expect(res.statusCode, res.body).toBe(200)
  return res.headers.etag as string
}

describe('OGC API – Features: writes (Part 4)', () => {
  it('creates, replaces, updates and deletes, each in the history with its ETag', async () => {
    const created = await write('POST', '/ogcapi/collections/oae/items', t.admin, oae('OAPI-1'))
    expect(created.statusCode, created.body).toBe(201)
    const location = created.headers.location as string
    const id = Number(/\/items\/(\d+)$/.exec(location)?.[1])
    expect(location).toBe(`http://gis.test${item('oae', id)}`)
    expect(await row(id)).toMatchObject({ codigo: 'OAPI-1', tipo: 'ponte', deleted: false })
    expect((await row(id))!.x).toBeCloseTo(-47.41, 9)
    expect(created.headers.etag).toBe(await etagOf(id))

    const replaced = await write('PUT', item('oae', id), t.admin, oae('OAPI-2'), {
      'if-match': created.headers.etag as string,
    })
    expect(replaced.statusCode, replaced.body).toBe(204)
    expect(replaced.headers.etag).not.toBe(created.headers.etag)

    // A merge patch changes what it names and keeps the rest.
    const patched = await write(
      'PATCH',
      item('oae', id),
      t.admin,
      { properties: { largura: 12.5 } },
      { 'if-match': replaced.headers.etag as string },
    )
    expect(patched.statusCode, patched.body).toBe(204)
    expect(await row(id)).toMatchObject({ codigo: 'OAPI-2', tipo: 'ponte', largura: 12.5 })

    // In SIRGAS 2000 / UTM 23S (Content-Crs), as PostGIS transforms it back.
    const { rows } = await t.db.query<{ e: number; n: number }>(
      'SELECT ST_X(u) AS e, ST_Y(u) AS n FROM (SELECT ST_Transform(ST_SetSRID(ST_MakePoint(-47.5, -23.45), 4326), 31983) AS u) s',
    )
    const moved = await write(
      'PATCH',
      item('oae', id),
      t.admin,
      { geometry: { type: 'Point', coordinates: [rows[0]!.e, rows[0]!.n] } },
      { 'content-crs': '<http://www.opengis.net/def/crs/EPSG/0/31983>' },
    )
    expect(moved.statusCode, moved.body).toBe(204)
    expect((await row(id))!.x).toBeCloseTo(-47.5, 6)
    expect((await row(id))!.y).toBeCloseTo(-23.45, 6)

    const removed = await write('DELETE', item('oae', id), t.admin)
    expect(removed.statusCode, removed.body).toBe(204)
    // Soft delete: the row stays, the service no longer serves it.
    expect((await row(id))!.deleted).toBe(true)
    expect((await t.get(item('oae', id), t.admin)).statusCode).toBe(404)
    expect((await write('DELETE', item('oae', id), t.admin)).statusCode).toBe(404)

    const entries = await history(id)
    expect(entries.map((e) => e.action).sort()).toEqual(['D', 'I', 'U', 'U', 'U'])
    expect(entries.every((e) => e.user === 'admin' && e.application === 'ogcapi (GDAL)')).toBe(true)
  })

  it('refuses a stale ETag (412) and changes nothing', async () => {
    const before = await etagOf(3)
    const first = await write(
      'PATCH',
      item('oae', 3),
      t.admin,
      { properties: { largura: 7 } },
      {
        'if-match': before,
      },
    )
    expect(first.statusCode, first.body).toBe(204)
    const stale = await write(
      'PATCH',
      item('oae', 3),
      t.admin,
      { properties: { largura: 99 } },
      {
        'if-match': before,
      },
    )
    expect(stale.statusCode).toBe(412)
    expect(stale.json()).toEqual({
      code: 'PreconditionFailed',
      description: `A feição oae/3 foi alterada por outra pessoa depois da versão lida (ETag ${before}): leia-a de novo antes de gravar.`,
    })
    const deleteStale = await write('DELETE', item('oae', 3), t.admin, undefined, {
      'if-match': before,
    })
    expect(deleteStale.statusCode).toBe(412)
    expect(await row(3)).toMatchObject({ largura: 7, deleted: false })
  })

  it('refuses a caller without the flag (403), a bad body and a bad value (400)', async () => {
    const reader = await userWithPermissions(t, 'oapi.leitor', {
      oae: ['readFeature', 'createFeature'],
    })
    const before = await row(4)
    const denied = await write('PATCH', item('oae', 4), reader, { properties: { largura: 1 } })
    expect(denied.statusCode, denied.body).toBe(403)
    expect(denied.json().description).toMatch(/permissão/)
    expect((await write('DELETE', item('oae', 4), reader)).statusCode).toBe(403)
    expect(await row(4)).toEqual(before)

    const notFeature = await write('POST', '/ogcapi/collections/oae/items', t.admin, { a: 1 })
    expect(notFeature.statusCode).toBe(400)
    expect(notFeature.json().description).toBe(
      'O corpo deve ser uma feição GeoJSON (type "Feature" com properties).',
    )
    const unknown = await write(
      'POST',
      '/ogcapi/collections/oae/items',
      t.admin,
      oae('OAPI-X', { nada: 1 }),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().description).toBe('Propriedade desconhecida: nada')
    const domain = await write(
      'POST',
      '/ogcapi/collections/oae/items',
      t.admin,
      oae('OAPI-X', { tipo: 'túnel' }),
    )
    expect(domain.statusCode, domain.body).toBe(400)
    expect(domain.json()).toMatchObject({
      code: 'ValidationFailed',
      errors: [{ field: 'tipo' }],
    })
    expect(domain.json().description).toMatch(/^Erros de validação foram encontrados! tipo: /)
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM data.oae WHERE codigo = 'OAPI-X'",
    )
    expect(rows[0]!.n).toBe(0)
    // A collection the caller may not read is not there for it.
    const hidden = await write('POST', '/ogcapi/collections/ocorrencias/items', t.user, {
      type: 'Feature',
      geometry: null,
      properties: {},
    })
    expect(hidden.statusCode).toBe(404)
  })

  it("turns campo's writes into approvals (202) and leaves the layer alone", async () => {
    const campo = await signIn(t.api, { username: 'campo', password: 'campo1234' })
    const before = await row(5)
    const { rows: count } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app.approvals',
    )
    const res = await write('PATCH', item('oae', 5), campo, { properties: { largura: 3.25 } })
    expect(res.statusCode, res.body).toBe(202)
    const approval = res.headers.location as string
    expect(approval).toMatch(/^\/api\/approvals\/\d+$/)
    const created = await write('POST', '/ogcapi/collections/oae/items', campo, oae('OAPI-C'))
    expect(created.statusCode, created.body).toBe(202)
    expect(await row(5)).toEqual(before)
    const { rows: after } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app.approvals',
    )
    expect(after[0]!.n).toBe(count[0]!.n + 2)
    const pending = await t.get(approval, t.admin)
    expect(pending.statusCode, pending.body).toBe(200)
    expect(pending.json()).toMatchObject({
      username: 'campo',
      status: 'PENDING',
      description: 'Atualização da feição 5 em Obras de arte especiais (pontes e viadutos)',
    })
  })
})
