import { describe, expect, it } from 'vitest'
import { GROUP_PERMISSION_FLAGS, RESERVED_WORDS } from '@gis/shared'
import { expectFieldErrors, fieldErrors, rawGet, signIn, useTestApp } from '../../../test/harness'

const t = useTestApp()

const CREATE_FAILED = 'Não foi possivel criar a tabela, favor corrigir todos os campos.'

const createTable = (payload: unknown) => t.post('/api/schema/tables', payload, t.admin)

const field = (name: string, type = 'string', extra: object = {}) => ({
  name,
  type,
  notNull: false,
  ...extra,
})

async function tableNames(): Promise<string[]> {
  const res = await t.get('/api/schema/tables?limit=1000', t.admin)
  return res.json<{ name: string }[]>().map((r) => r.name)
}

/** A bad table name's message names the table (the spec's text spoke of a field). */
const TABLE_NAME_INVALID =
  'Nome de campo inválido: use letras minúsculas sem acento, números e _, começando por letra ou _, com até 63 caracteres'

describe('table and field names (spec 3 §5)', () => {
  it('refuses a table name that tries SQL, and changes nothing', async () => {
    const before = await tableNames()
    const res = await createTable({
      name: 'a"; DROP TABLE data.oae;--',
      geometry: 'Point',
      fields: [],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(CREATE_FAILED)
    expect(fieldErrors(res)).toEqual({ name: TABLE_NAME_INVALID })
    expect(await tableNames()).toEqual(before)
    expect(before).toContain('oae')
  })

  it('refuses a field name that tries SQL with the field message', async () => {
    const res = await createTable({
      name: 'sql_field_try',
      geometry: 'Tabular',
      fields: [field('x" text); DROP TABLE data.oae;--')],
    })
    expectFieldErrors(res, { 'fields.0.name': 'Nome do campo não é valido' })
    expect(await tableNames()).toContain('oae')
    expect(await tableNames()).not.toContain('sql_field_try')
  })

  it('gives each name rule its message, every field at once', async () => {
    const res = await createTable({
      name: '',
      geometry: 'Point',
      fields: [
        field(''),
        field('1km'),
        field('km'),
        field('km'),
        field('select'),
        field('d_e_l_e_t_'),
        field('geom'),
        field('Situação'),
        field('xmin'),
      ],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(CREATE_FAILED)
    expect(fieldErrors(res)).toEqual({
      name: 'É necessário informar um nome!',
      'fields.0.name': 'O nome não pode ser vazio.',
      'fields.1.name': 'Nome do campo não é valido',
      'fields.3.name': 'Já existe um campo com esse nome',
      'fields.4.name': 'Não é possível criar um campo com o nome de select!',
      'fields.5.name': 'Não é possível criar um campo com o nome de d_e_l_e_t_!',
      'fields.6.name': 'Não é possível criar um campo com o nome de geom!',
      'fields.7.name': 'Nome do campo não é valido',
      'fields.8.name': 'Não é possível criar um campo com o nome de xmin!',
    })
  })

  it('refuses names over 63 bytes, and two names equal in their first 63 bytes', async () => {
    const long = 'a'.repeat(63)
    const res = await createTable({
      name: `t${'x'.repeat(63)}`,
      geometry: 'Tabular',
      fields: [field(`${long}_primeiro`), field(`${long}_segundo`), field(long)],
    })
    expectFieldErrors(res, {
      name: TABLE_NAME_INVALID,
      'fields.0.name': 'Nome do campo não é valido',
      'fields.1.name': 'Já existe um campo com esse nome',
      'fields.2.name': 'Já existe um campo com esse nome',
    })
    // 63 bytes exactly is a name.
    const ok = await createTable({
      name: `t${'x'.repeat(62)}`,
      geometry: 'Tabular',
      fields: [field(long)],
    })
    expect(ok.statusCode).toBe(201)
    const added = await t.post(`/api/schema/fields/t${'x'.repeat(62)}`, field(`${long}b`), t.admin)
    expectFieldErrors(added, { name: 'Já existe um campo com esse nome' })
  })

  it('refuses a table name already taken, a reserved word or a relation of schema data', async () => {
    for (const [name, message] of [
      ['oae', 'Já existe uma tabela com este nome'],
      ['oae_geom', 'Já existe uma tabela com este nome'],
      ['user', 'Não é possível criar uma tabela com o nome de user!'],
      ['remapindex', 'Não é possível criar uma tabela com o nome de remapindex!'],
      ['Placas', TABLE_NAME_INVALID],
      ['1placas', TABLE_NAME_INVALID],
      ['placas-2', TABLE_NAME_INVALID],
    ]) {
      const res = await createTable({ name, geometry: 'Point', fields: [] })
      expect(res.statusCode, name).toBe(400)
      expect(fieldErrors(res), name).toEqual({ name: message })
    }
  })

  it('knows every reserved word of the running PostgreSQL', async () => {
    const { rows } = await t.db.query<{ word: string }>(
      `SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'T')`,
    )
    expect(rows.length).toBeGreaterThan(90)
    for (const { word } of rows) expect(RESERVED_WORDS.has(word), word).toBe(true)
  })
})

describe('tables and fields', () => {
  it('creates a table with the system fields, the six types and their defaults', async () => {
    const res = await createTable({
      name: 'defensas',
      geometry: 'LineString',
      fields: [
        field('tipo', 'string'),
        field('descricao', 'string', { length: 200, notNull: true }),
        field('segmentos', 'integer'),
        field('comprimento', 'double'),
        field('custo', 'numeric'),
        field('custo_exato', 'numeric', { precision: 14, scale: 2 }),
        field('instalada_em', 'datetime'),
        field('refletiva', 'boolean'),
      ],
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers.location).toBe('/api/schema/tables/defensas')
    const fields = await t.get('/api/schema/fields/defensas', t.admin)
    expect(fields.statusCode).toBe(200)
    expect(
      fields.json<any[]>().map((f) => [f.name, f.type, f.sqlType, f.notNull, f.system]),
    ).toEqual([
      ['id', 'integer', 'bigint', true, true],
      ['uuid', 'uuid', 'uuid', true, true],
      ['geom', 'geometry', 'geometry(LineString,4326)', false, true],
      ['d_e_l_e_t_', 'boolean', 'boolean', true, true],
      ['m_o_d_i_f_', 'datetime', 'timestamp with time zone', true, true],
      ['tipo', 'string', 'character varying(32)', false, false],
      ['descricao', 'string', 'character varying(200)', true, false],
      ['segmentos', 'integer', 'integer', false, false],
      ['comprimento', 'double', 'double precision', false, false],
      ['custo', 'numeric', 'numeric(12,6)', false, false],
      ['custo_exato', 'numeric', 'numeric(14,2)', false, false],
      ['instalada_em', 'datetime', 'timestamp with time zone', false, false],
      ['refletiva', 'boolean', 'boolean', false, false],
    ])
    const { rows: indexes } = await t.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'data' AND tablename = 'defensas'`,
    )
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/USING gist \(geom\)/)
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/WHERE \(?NOT d_e_l_e_t_\)?/)
    const { rows: triggers } = await t.db.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = 'data.defensas'::regclass AND NOT tgisinternal
        ORDER BY tgname`,
    )
    expect(triggers.map((r) => r.tgname)).toEqual(['audit', 'data_version'])

    const list = await t.get('/api/schema/tables?query=defens', t.admin)
    expect(list.headers['x-rowcount']).toBe('1')
    expect(list.json()).toEqual([
      { name: 'defensas', geometry: 'LineString', srid: 4326, fields: 8, rows: 0, layer: null },
    ])
  })

  it('lists the demo tables with their layers, paged and sorted', async () => {
    const res = await t.get('/api/schema/tables?limit=3&sort=-name', t.admin)
    expect(res.statusCode).toBe(200)
    expect(Number(res.headers['x-rowcount'])).toBeGreaterThanOrEqual(8)
    const rows = res.json<any[]>()
    expect(rows).toHaveLength(3)
    const placas = (await t.get('/api/schema/tables?query=placas', t.admin)).json()[0]
    expect(placas).toMatchObject({ name: 'placas', geometry: 'Point', layer: { name: 'placas' } })
    expect(placas.rows).toBeGreaterThan(20_000)
    const names = rows.map((r) => r.name)
    expect(names).toEqual([...names].sort().reverse())
    const bad = await t.get('/api/schema/tables?sort=senha', t.admin)
    expectFieldErrors(bad, { sort: 'Campo de ordenação inválido' })
  })

  it('adds and drops fields; system fields stay; a mandatory field needs an empty table', async () => {
    await createTable({ name: 'campos_teste', geometry: 'Tabular', fields: [field('nome')] })
    const added = await t.post(
      '/api/schema/fields/campos_teste',
      field('valor', 'numeric', { precision: 8, scale: 3 }),
      t.admin,
    )
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ name: 'valor', sqlType: 'numeric(8,3)', system: false })
    const scale = await t.post(
      '/api/schema/fields/campos_teste',
      field('razao', 'numeric', { precision: 4, scale: 6 }),
      t.admin,
    )
    expect(fieldErrors(scale)).toEqual({
      scale: 'A escala deve ser um número inteiro de 0 até a precisão',
    })
    const system = await t.del('/api/schema/fields/campos_teste/uuid', t.admin)
    expectFieldErrors(system, { field: 'Não é possível excluir um campo de sistema.' })
    const dropped = await t.del('/api/schema/fields/campos_teste/nome', t.admin)
    expect(dropped.statusCode).toBe(204)
    const unknown = await t.del('/api/schema/fields/campos_teste/nome', t.admin)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Campo não encontrado.')

    await t.db.query(`INSERT INTO data.campos_teste (valor) VALUES (1.5)`)
    const required = await t.post(
      '/api/schema/fields/campos_teste',
      field('obrigatorio', 'string', { notNull: true }),
      t.admin,
    )
    expectFieldErrors(required, {
      notNull: 'A tabela já tem registros: um campo obrigatório novo não teria valor neles',
    })
    const missing = await t.get('/api/schema/fields/nao_existe', t.admin)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Tabela não encontrada.')
  })

  it('deletes a table no layer uses; a layer’s table is refused with 409', async () => {
    await createTable({ name: 'descartavel', geometry: 'Point', fields: [] })
    const gone = await t.post('/api/schema/tables/delete/descartavel', undefined, t.admin)
    expect(gone.statusCode).toBe(204)
    expect(await tableNames()).not.toContain('descartavel')
    const used = await t.post('/api/schema/tables/delete/oae', undefined, t.admin)
    expect(used.statusCode).toBe(409)
    expect(used.json().message).toBe(
      'A tabela oae é usada pelo layer Obras de arte especiais (pontes e viadutos). Exclua o layer antes de excluir a tabela.',
    )
    const again = await t.post('/api/schema/tables/delete/descartavel', undefined, t.admin)
    expect(again.statusCode).toBe(404)
  })
})

describe('a created table is a working layer once registered', () => {
  let layerId: number
  let wkt: string

  it('creates, registers and serves it: features, history, tiles and WFS', async () => {
    expect(
      (
        await createTable({
          name: 'bueiros',
          geometry: 'Point',
          fields: [
            field('rodovia', 'string', { length: 12 }),
            field('km', 'numeric', { precision: 9, scale: 3 }),
            field('diametro', 'double'),
            field('limpo', 'boolean'),
          ],
        })
      ).statusCode,
    ).toBe(201)
    const reg = await t.post('/api/layers', { table: 'bueiros', title: 'Bueiros' }, t.admin)
    expect(reg.statusCode).toBe(201)
    layerId = reg.json().id
    expect(reg.headers.location).toBe(`/api/layers/${layerId}`)
    expect(reg.json()).toMatchObject({ name: 'bueiros', title: 'Bueiros', geometryType: 'point' })

    // The feature API inserts (with the audit trail) and reads it back.
    wkt = 'POINT(-47.45 -23.5)'
    const inserted = await t.post(
      '/api/features/bueiros',
      {
        attributes: { rodovia: 'SP-280', km: 98.25, diametro: 1.2, limpo: true },
        geom: wkt,
      },
      t.admin,
    )
    expect(inserted.statusCode).toBe(201)
    const id = Number(inserted.headers.location!.split('/').at(-1))
    const feature = await t.get(`/api/features/bueiros/${id}`, t.admin)
    expect(feature.statusCode).toBe(200)
    expect(feature.json().attributes).toMatchObject({ rodovia: 'SP-280', km: 98.25, limpo: true })
    const history = await t.get(`/api/audit/bueiros/${id}`, t.admin)
    expect(history.statusCode).toBe(200)
    expect(history.json<any[]>()[0]).toMatchObject({ action: 'I', user: 'admin' })

    // The map's vector tile at zoom 10 over the point, and WFS.
    const layers = await t.get('/api/layers/bueiros', t.admin)
    const version = layers.json().dataVersion
    expect(version).toBeGreaterThan(1)
    const tile = await rawGet(`${t.baseUrl}/api/tiles/bueiros/10/377/580.pbf?v=${version}`, {
      authorization: `Bearer ${t.admin}`,
    })
    expect(tile.status).toBe(200)
    expect(tile.body.length).toBeGreaterThan(10)
    const wfs = await t.get(
      '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:bueiros&OUTPUTFORMAT=application/json',
      t.admin,
    )
    expect(wfs.statusCode).toBe(200)
    expect(wfs.json().features).toHaveLength(1)
    expect(wfs.json().features[0].properties).toMatchObject({ rodovia: 'SP-280', limpo: true })
    const caps = await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities', t.admin)
    expect(caps.body).toContain('gis:bueiros')
  })

  it('is edited at once by a member a group gives read and update, and refused without update', async () => {
    const user = await t.post(
      '/api/users',
      {
        username: 'membro.bueiros',
        password: 'membro-bueiros-1',
        name: 'Membro dos Bueiros',
        email: 'membro.bueiros@example.com',
        sector: 'Conservação',
        active: true,
      },
      t.admin,
    )
    expect(user.statusCode).toBe(201)
    const group = await t.post('/api/groups', { name: 'Equipe dos bueiros' }, t.admin)
    expect(group.statusCode).toBe(201)
    const groupId = group.json().id
    const members = await t.put(
      `/api/groups/${groupId}/members`,
      { userIds: [user.json().id] },
      t.admin,
    )
    expect(members.statusCode).toBe(200)
    const member = await signIn(t.api, { username: 'membro.bueiros', password: 'membro-bueiros-1' })
    const none = Object.fromEntries(GROUP_PERMISSION_FLAGS.map((f) => [f, false]))
    const grant = (flags: object) =>
      t.put(
        `/api/groups/${groupId}/permissions`,
        [{ layer: 'bueiros', ...none, ...flags }],
        t.admin,
      )

    // Before any grant the new layer is hidden from the member.
    const hidden = await t.get('/api/features/bueiros/1', member)
    expect(hidden.statusCode).toBe(404)
    expect((await grant({ readFeature: true, updateFeature: true })).statusCode).toBe(200)

    // The member's next requests: the feature, its tile and WFS, then an edit and its history.
    const loaded = await t.get('/api/features/bueiros/1', member)
    expect(loaded.statusCode).toBe(200)
    const version = (await t.get('/api/layers/bueiros', member)).json().dataVersion
    const tile = await rawGet(`${t.baseUrl}/api/tiles/bueiros/10/377/580.pbf?v=${version}`, {
      authorization: `Bearer ${member}`,
    })
    expect(tile.status).toBe(200)
    const wfs = await t.get(
      '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:bueiros&OUTPUTFORMAT=application/json',
      member,
    )
    expect(wfs.json().features).toHaveLength(1)
    const edited = await t.put(
      '/api/features/bueiros/1',
      { version: loaded.json().version, attributes: { rodovia: 'SP-300' } },
      member,
    )
    expect(edited.statusCode).toBe(200)
    expect(edited.json().attributes.rodovia).toBe('SP-300')
    const history = (await t.get('/api/audit/bueiros/1', t.admin)).json<any[]>()
    expect(history[0]).toMatchObject({ action: 'U', user: 'membro.bueiros' })

    // Update taken away: the next save is refused and changes nothing.
    expect((await grant({ readFeature: true })).statusCode).toBe(200)
    const refused = await t.put(
      '/api/features/bueiros/1',
      { version: edited.json().version, attributes: { rodovia: 'SP-999' } },
      member,
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(
      'Você não possui permissão para editar features nesta layer!',
    )
    const now = await t.get('/api/features/bueiros/1', member)
    expect(now.json().attributes.rodovia).toBe('SP-300')
  })

  it('follows a field added to its table at once, and forgets a dropped one', async () => {
    const added = await t.post(
      '/api/schema/fields/bueiros',
      field('material', 'string', { length: 40 }),
      t.admin,
    )
    expect(added.statusCode).toBe(201)
    const desc = await t.get('/api/config/layers', t.admin)
    const bueiros = desc.json<any[]>().find((l) => l.name === 'bueiros')
    expect(bueiros.attributes.map((a: any) => a.name)).toContain('material')
    expect(bueiros.attributes.find((a: any) => a.name === 'material').maxLength).toBe(40)
    const dropped = await t.del('/api/schema/fields/bueiros/diametro', t.admin)
    expect(dropped.statusCode).toBe(204)
    const after = await t.get(`/api/layers/${layerId}`, t.admin)
    expect(after.json().attributes.map((a: any) => a.name)).not.toContain('diametro')
  })

  it('POST /api/schema/refresh takes columns changed outside the application', async () => {
    await t.db.exec(`ALTER TABLE data.bueiros ADD COLUMN obs text, DROP COLUMN limpo`)
    const res = await t.post('/api/schema/refresh', undefined, t.admin)
    expect(res.statusCode).toBe(200)
    expect(res.json().layers.find((l: any) => l.name === 'bueiros')).toEqual({
      name: 'bueiros',
      added: ['obs'],
      removed: ['limpo'],
      changed: [],
    })
    const after = await t.get(`/api/layers/${layerId}`, t.admin)
    const names = after.json().attributes.map((a: any) => a.name)
    expect(names).toContain('obs')
    expect(names).not.toContain('limpo')
  })
})
