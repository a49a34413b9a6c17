import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, fieldErrors, signIn, startTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
let admin: string
let user: string
beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
})
afterAll(async () => {
  await t?.close()
})

const registration = {
  name: 'Carlos Lima',
  username: 'carlos.lima',
  email: 'carlos.lima@example.com',
  password: 'segredo123',
  sector: 'Operação',
}

describe('POST /api/users/register', () => {
  it('creates an inactive account that signs in only after an administrator activates it', async () => {
    const res = await t.api({ method: 'POST', url: '/api/users/register', payload: registration })
    expect(res.statusCode).toBe(201)
    const id = Number(res.headers.location?.split('/').pop())
    expect(id).toBeGreaterThan(0)

    const before = await t.api({ method: 'POST', url: '/auth/login', payload: registration })
    expect(before.json()).toMatchObject({ username: 'carlos.lima', active: false })
    expect(before.headers.authorization).toBeUndefined()

    const activate = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { active: true },
    })
    expect(activate.statusCode).toBe(200)
    expect(activate.json()).toMatchObject({ id, active: true, admin: false })
    await expect(signIn(t.api, registration)).resolves.toBeTruthy()
  })

  it('gives each rule’s message, the e-mail one naming the e-mail', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: ' ', username: '', email: '', password: '', sector: '' },
    })
    expect(res.statusCode).toBe(400)
    expect(fieldErrors(res)).toEqual({
      name: 'É necessário informar o nome',
      username: 'É necessário informar o usuário',
      email: 'É necessário informar o e-mail',
      password: 'É necessário informar a senha',
      sector: 'É necessário informar o setor',
    })
    const missing = await t.api({ method: 'POST', url: '/api/users/register', payload: {} })
    expect(Object.keys(fieldErrors(missing)).sort()).toEqual([
      'email',
      'name',
      'password',
      'sector',
      'username',
    ])
  })

  it('refuses a short password, a malformed e-mail and a bad username', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...registration, username: 'a b', email: 'sem-arroba', password: '1234567' },
    })
    expect(fieldErrors(res)).toEqual({
      username:
        'O usuário deve ter de 3 a 64 caracteres: letras, números, ponto, hífen ou sublinhado',
      email: 'Informe um e-mail válido',
      password: 'A senha deve ter pelo menos 8 caracteres',
    })
  })

  it('refuses a username that exists in any case, and changes nothing', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.users')).rows[0]!.n
    const before = await count()
    const res = await t.api({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...registration, username: 'DEMO' },
    })
    expect(res.statusCode).toBe(400)
    expect(fieldErrors(res)).toEqual({ username: 'O usuário já existe' })
    expect(await count()).toBe(before)
  })

  it('ignores fields a registration may not set', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...registration, username: 'espertinho', admin: true, active: true },
    })
    expect(res.statusCode).toBe(201)
    const { rows } = await t.db.query<{ admin: boolean; active: boolean }>(
      `SELECT admin, active FROM app.users WHERE username = 'espertinho'`,
    )
    expect(rows[0]).toEqual({ admin: false, active: false })
  })
})

describe('registration quota', () => {
  it('accepts five registrations an hour from one address, then answers 429 and creates nothing', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.users')).rows[0]!.n
    const from = '203.0.113.7'
    const register = (username: string, address = from) =>
      t.api({
        method: 'POST',
        url: '/api/users/register',
        payload: { ...registration, username },
        from: address,
      })
    // A refused registration does not use the quota.
    expect((await register('DEMO')).statusCode).toBe(400)
    for (let i = 0; i < 5; i++) expect((await register(`lote.${i}`)).statusCode).toBe(201)
    const before = await count()
    const sixth = await register('lote.5')
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe(
      'Muitos registros feitos a partir deste endereço. Tente novamente em uma hora.',
    )
    expect(sixth.headers['retry-after']).toBe('3600')
    expect(await count()).toBe(before)
    expect((await register('outro.endereco', '198.51.100.9')).statusCode).toBe(201)
  })
})

describe('password rules', () => {
  const common = 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'

  it('refuses common passwords and the username at registration, and creates nothing', async () => {
    for (const [password, message] of [
      ['12345678', common],
      ['senha123', common],
      ['Password1', common],
      ['Nova.Pessoa', 'A senha não pode ser igual ao nome de usuário'],
    ] as const) {
      const res = await t.api({
        method: 'POST',
        url: '/api/users/register',
        payload: { ...registration, username: 'nova.pessoa', password },
        from: '198.51.100.40',
      })
      expect(res.statusCode, password).toBe(400)
      expect(fieldErrors(res), password).toEqual({ password: message })
    }
    expect((await t.api({ url: '/api/users/exists?username=nova.pessoa' })).json().exists).toBe(
      false,
    )
  })

  it('applies them when an administrator creates a user or sets a password', async () => {
    const created = await t.api({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...registration, username: 'fraca.senha', password: 'qwerty123' },
    })
    expect(fieldErrors(created)).toEqual({ password: common })
    const ok = await t.api({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...registration, username: 'forte.senha' },
    })
    const id = Number(ok.headers.location!.split('/').pop())
    const set = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { password: 'forte.senha', name: 'Não Muda' },
    })
    expect(fieldErrors(set)).toEqual({ password: 'A senha não pode ser igual ao nome de usuário' })
    expect((await t.api({ url: `/api/users/${id}`, token: admin })).json().name).toBe(
      registration.name,
    )
  })
})

describe('GET /api/users/exists', () => {
  it('answers 429 to an address after 30 lookups in a minute', async () => {
    const look = (from: string) => t.api({ url: '/api/users/exists?username=alguem', from })
    for (let i = 0; i < 30; i++) expect((await look('203.0.113.30')).statusCode).toBe(200)
    const refused = await look('203.0.113.30')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('60')
    expect(refused.json().message).toBe(
      'Muitas consultas de usuário a partir deste endereço. Aguarde um minuto e tente novamente.',
    )
    expect((await look('203.0.113.31')).statusCode).toBe(200)
  })

  it('tells whether a username is taken, ignoring case', async () => {
    expect((await t.api({ url: '/api/users/exists?username=Admin' })).json()).toEqual({
      exists: true,
    })
    expect((await t.api({ url: '/api/users/exists?username=livre' })).json()).toEqual({
      exists: false,
    })
    expect((await t.api({ url: '/api/users/exists' })).json()).toEqual({ exists: false })
  })
})

describe('user administration', () => {
  it('lists users paged and sorted with the total in x-rowcount, and searches', async () => {
    const res = await t.api({ url: '/api/users?page=0&limit=2&sort=-username', token: admin })
    expect(res.statusCode).toBe(200)
    const total = Number(res.headers['x-rowcount'])
    expect(total).toBeGreaterThanOrEqual(3)
    const names = res.json().map((u: { username: string }) => u.username)
    expect(names).toHaveLength(2)
    expect([...names].sort().reverse()).toEqual(names)
    const all = (await t.api({ url: '/api/users?limit=100', token: admin })).json()
    expect(all).toHaveLength(total)
    expect(all[0]).not.toHaveProperty('password_hash')
    const found = await t.api({ url: '/api/users?query=ferreira', token: admin })
    expect(found.headers['x-rowcount']).toBe('1')
    expect(found.json()[0]).toMatchObject({ username: 'demo', name: 'Ana Paula Ferreira' })
  })

  it('creates a user (201, id in Location), reads, updates and deletes it', async () => {
    const created = await t.api({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...registration, username: 'joao.silva', admin: false, active: true },
    })
    expect(created.statusCode).toBe(201)
    const id = Number(created.headers.location!.split('/').pop())
    expect(created.json()).toEqual({ id })

    const one = await t.api({ url: `/api/users/${id}`, token: admin })
    expect(one.json()).toMatchObject({ id, username: 'joao.silva', active: true, lastLogin: null })

    const joao = await signIn(t.api, { username: 'joao.silva', password: registration.password })
    const updated = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { name: 'João Silva', sector: 'Engenharia', active: false },
    })
    expect(updated.json()).toMatchObject({
      name: 'João Silva',
      sector: 'Engenharia',
      active: false,
    })
    // Deactivation ends the user's sessions.
    expect((await t.api({ url: '/auth/validate', token: joao })).statusCode).toBe(401)

    const bad = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { name: '' },
    })
    expect(fieldErrors(bad)).toEqual({ name: 'Campo obrigatório' })

    expect(
      (await t.api({ method: 'DELETE', url: `/api/users/${id}`, token: admin })).statusCode,
    ).toBe(204)
    expect((await t.api({ url: `/api/users/${id}`, token: admin })).statusCode).toBe(404)
    expect(
      (await t.api({ method: 'DELETE', url: `/api/users/${id}`, token: admin })).statusCode,
    ).toBe(404)
  })

  it('sets a password that ends the user’s sessions', async () => {
    const created = await t.api({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...registration, username: 'pedro.alves' },
    })
    const id = Number(created.headers.location!.split('/').pop())
    const pedro = await signIn(t.api, { username: 'pedro.alves', password: registration.password })
    await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { password: 'novasenha99' },
    })
    expect((await t.api({ url: '/auth/validate', token: pedro })).statusCode).toBe(401)
    await expect(
      signIn(t.api, { username: 'pedro.alves', password: 'novasenha99' }),
    ).resolves.toBeTruthy()
  })

  it('keeps administrators from deleting, deactivating or demoting themselves', async () => {
    const me = (await t.api({ url: '/api/me/profile', token: admin })).json()
    const del = await t.api({ method: 'DELETE', url: `/api/users/${me.id}`, token: admin })
    expect(del.statusCode).toBe(400)
    expect(fieldErrors(del)).toEqual({ id: 'Não é possível excluir o próprio usuário' })
    const demote = await t.api({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      token: admin,
      payload: { admin: false },
    })
    expect(demote.statusCode).toBe(400)
    expect(fieldErrors(demote)).toEqual({
      admin: 'Não é possível remover as próprias permissões de administrador',
    })
    const deactivate = await t.api({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      token: admin,
      payload: { active: false, name: 'Outro Nome' },
    })
    expect(deactivate.statusCode).toBe(400)
    expect(fieldErrors(deactivate)).toEqual({
      active: 'Não é possível desativar o próprio usuário',
    })
    const both = await t.api({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      token: admin,
      payload: { active: false, admin: false },
    })
    expect(Object.keys(fieldErrors(both)).sort()).toEqual(['active', 'admin'])
    // Nothing changed, and the session lives on.
    const after = (await t.api({ url: '/auth/validate', token: admin })).json().user
    expect(after).toMatchObject({ admin: true, active: true, name: me.name })
    expect((await t.api({ url: `/api/users/${me.id}`, token: admin })).statusCode).toBe(200)
    // Saving one's own record unchanged is fine.
    const same = await t.api({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      token: admin,
      payload: { active: true, admin: true },
    })
    expect(same.statusCode).toBe(200)
  })

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await t.api({ url: '/api/users/abc', token: admin })).statusCode).toBe(400)
    expect((await t.api({ url: '/api/users/999999', token: admin })).statusCode).toBe(404)
  })

  it('is refused to ordinary users on every call, and changes nothing', async () => {
    const target = (await t.api({ url: '/api/me/profile', token: admin })).json().id
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'POST', url: '/api/users', payload: { ...registration, username: 'intruso' } },
      { method: 'GET', url: `/api/users/${target}` },
      { method: 'PUT', url: `/api/users/${target}`, payload: { active: false } },
      { method: 'DELETE', url: `/api/users/${target}` },
      { method: 'GET', url: '/api/logins' },
    ]
    for (const call of calls) {
      expect((await t.api({ ...call, token: user })).statusCode, `${call.method} ${call.url}`).toBe(
        403,
      )
      expect((await t.api(call)).statusCode, `${call.method} ${call.url} anonymous`).toBe(401)
    }
    expect((await t.api({ url: '/api/users/exists?username=intruso' })).json().exists).toBe(false)
    expect((await t.api({ url: '/auth/validate', token: admin })).statusCode).toBe(200)
  })
})

describe('workspace', () => {
  const workspace = {
    active: 'w2',
    windowCounter: 2,
    windows: [
      { id: 'w1', type: 'search', title: 'Buscar', props: {}, state: { query: 'SP-280' } },
      { id: 'w2', type: 'featureInfo', title: 'Feição', props: { layer: 'oae', id: 3 } },
    ],
  }

  it('saves the workspace and reads it back for boot, per user', async () => {
    expect((await t.api({ url: '/api/users/workspace', token: user })).json()).toBeNull()
    const saved = await t.api({
      method: 'POST',
      url: '/api/users/workspace',
      token: user,
      payload: workspace,
    })
    expect(saved.statusCode).toBe(200)
    const read = await t.api({ url: '/api/users/workspace', token: user })
    expect(read.json()).toEqual(workspace)
    expect((await t.api({ url: '/api/users/workspace', token: admin })).json()).toBeNull()
  })

  it('refuses a malformed workspace and anonymous callers', async () => {
    const bad = await t.api({
      method: 'POST',
      url: '/api/users/workspace',
      token: user,
      payload: { windows: 'x' },
    })
    expect(bad.statusCode).toBe(400)
    expect((await t.api({ url: '/api/users/workspace', token: user })).json()).toEqual(workspace)
    expect(
      (await t.api({ method: 'POST', url: '/api/users/workspace', payload: workspace })).statusCode,
    ).toBe(401)
  })
})

describe('activation queue and groups', () => {
  const fresh = (username: string) => ({
    name: `Pessoa ${username}`,
    username,
    email: `${username}@example.com`,
    password: 'Rodovia#2024',
    sector: 'Campo',
  })

  it('lists self-registered accounts awaiting activation; activating one tells the user', async () => {
    const reg = await t.api({
      method: 'POST',
      url: '/api/users/register',
      payload: fresh('fila.um'),
      from: '10.9.0.1',
    })
    const id = Number(reg.headers.location!.split('/').pop())
    const queue = await t.api({ url: '/api/users?status=pending&sort=-createdAt', token: admin })
    expect(queue.statusCode).toBe(200)
    const names = queue.json<any[]>().map((u) => u.username)
    expect(names).toContain('fila.um')
    expect(names).toContain('maria.souza')
    expect(queue.json<any[]>().every((u) => u.pending && !u.active)).toBe(true)
    expect(Number(queue.headers['x-rowcount'])).toBe(names.length)

    const { readdirSync, readFileSync } = await import('node:fs')
    const path = await import('node:path')
    const outbox = path.join(t.dataDir, 'outbox')
    const count = () => {
      try {
        return readdirSync(outbox).length
      } catch {
        return 0
      }
    }
    const mailsBefore = count()
    const activated = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { active: true },
    })
    expect(activated.json()).toMatchObject({ active: true, pending: false })
    await expect.poll(count).toBe(mailsBefore + 1)
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => m.includes('fila.um@example.com'))
    expect(mail).toContain('Seu acesso foi liberado')
    expect(mail).toContain('http://gis.test/login')

    // Deactivated later, it is not back in the queue.
    await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { active: false },
    })
    const after = await t.api({ url: '/api/users?status=pending', token: admin })
    expect(after.json<any[]>().map((u) => u.username)).not.toContain('fila.um')
    const inactive = await t.api({ url: '/api/users?status=inactive', token: admin })
    expect(inactive.json<any[]>().map((u) => u.username)).toContain('fila.um')
  })

  it('creates a user in groups and changes them; unknown groups are refused', async () => {
    const groups = (await t.api({ url: '/api/groups', token: admin })).json<any[]>()
    const [a, b] = groups
    const created = await t.api({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: { ...fresh('com.grupos'), groupIds: [a.id] },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    const read = await t.api({ url: `/api/users/${id}`, token: admin })
    expect(read.json()).toMatchObject({ pending: false, groups: [{ id: a.id, name: a.name }] })
    const changed = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { groupIds: [b.id, a.id] },
    })
    expect(
      changed
        .json()
        .groups.map((g: any) => g.id)
        .sort(),
    ).toEqual([a.id, b.id].sort())
    const unknown = await t.api({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { groupIds: [a.id, 987654] },
    })
    expect(unknown.statusCode).toBe(400)
    expect(fieldErrors(unknown)).toEqual({ 'groupIds.1': 'Grupo não encontrado: 987654' })
    const listed = await t.api({ url: '/api/users?query=com.grupos', token: admin })
    expect(listed.json()[0].groups).toHaveLength(2)
    const badStatus = await t.api({ url: '/api/users?status=todos', token: admin })
    expect(badStatus.statusCode).toBe(400)
  })
})
