import { describe, expect, it } from 'vitest'
import { expectFieldErrors, fieldErrors, signIn, useTestApp } from '../../../test/harness'

const t = useTestApp()

const registration = {
  name: 'Carlos Lima',
  username: 'carlos.lima',
  email: 'carlos.lima@example.com',
  password: 'segredo123',
  sector: 'Operação',
}

describe('POST /api/users/register', () => {
  it('creates an inactive account that signs in only after an administrator activates it', async () => {
    const res = await t.post('/api/users/register', registration)
    expect(res.statusCode).toBe(201)
    const id = Number(res.headers.location?.split('/').pop())
    expect(id).toBeGreaterThan(0)

    const before = await t.post('/auth/login', registration)
    expect(before.json()).toMatchObject({ username: 'carlos.lima', active: false })
    expect(before.headers.authorization).toBeUndefined()

    const activate = await t.put(`/api/users/${id}`, { active: true }, t.admin)
    expect(activate.statusCode).toBe(200)
    expect(activate.json()).toMatchObject({ id, active: true, admin: false })
    await expect(signIn(t.api, registration)).resolves.toBeTruthy()
  })

  it('gives each rule’s message, the e-mail one naming the e-mail', async () => {
    const res = await t.post('/api/users/register', {
      name: ' ',
      username: '',
      email: '',
      password: '',
      sector: '',
    })
    expectFieldErrors(res, {
      name: 'É necessário informar o nome',
      username: 'É necessário informar o usuário',
      email: 'É necessário informar o e-mail',
      password: 'É necessário informar a senha',
      sector: 'É necessário informar o setor',
    })
    const missing = await t.post('/api/users/register', {})
    expect(Object.keys(fieldErrors(missing)).sort()).toEqual([
      'email',
      'name',
      'password',
      'sector',
      'username',
    ])
  })

  it('refuses a short password, a malformed e-mail and a bad username', async () => {
    const res = await t.post('/api/users/register', {
      ...registration,
      username: 'a b',
      email: 'sem-arroba',
      password: '1234567',
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
    const res = await t.post('/api/users/register', { ...registration, username: 'DEMO' })
    expectFieldErrors(res, { username: 'O usuário já existe' })
    expect(await count()).toBe(before)
  })

  it('ignores fields a registration may not set', async () => {
    const res = await t.post('/api/users/register', {
      ...registration,
      username: 'espertinho',
      admin: true,
      active: true,
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
      t.post('/api/users/register', { ...registration, username }, { from: address })
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
      const res = await t.post(
        '/api/users/register',
        { ...registration, username: 'nova.pessoa', password },
        { from: '198.51.100.40' },
      )
      expect(res.statusCode, password).toBe(400)
      expect(fieldErrors(res), password).toEqual({ password: message })
    }
    expect((await t.get('/api/users/exists?username=nova.pessoa')).json().exists).toBe(false)
  })

  it('applies them when an administrator creates a user or sets a password', async () => {
    const created = await t.post(
      '/api/users',
      { ...registration, username: 'fraca.senha', password: 'qwerty123' },
      t.admin,
    )
    expect(fieldErrors(created)).toEqual({ password: common })
    const ok = await t.post('/api/users', { ...registration, username: 'forte.senha' }, t.admin)
    const id = Number(ok.headers.location!.split('/').pop())
    const set = await t.put(
      `/api/users/${id}`,
      { password: 'forte.senha', name: 'Não Muda' },
      t.admin,
    )
    expect(fieldErrors(set)).toEqual({ password: 'A senha não pode ser igual ao nome de usuário' })
    expect((await t.get(`/api/users/${id}`, t.admin)).json().name).toBe(registration.name)
  })
})

describe('GET /api/users/exists', () => {
  it('answers 429 to an address after 30 lookups in a minute', async () => {
    const look = (from: string) => t.get('/api/users/exists?username=alguem', { from })
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
    expect((await t.get('/api/users/exists?username=Admin')).json()).toEqual({
      exists: true,
    })
    expect((await t.get('/api/users/exists?username=livre')).json()).toEqual({
      exists: false,
    })
    expect((await t.get('/api/users/exists')).json()).toEqual({ exists: false })
  })
})

describe('user administration', () => {
  it('lists users paged and sorted with the total in x-rowcount, and searches', async () => {
    const res = await t.get('/api/users?page=0&limit=2&sort=-username', t.admin)
    expect(res.statusCode).toBe(200)
    const total = Number(res.headers['x-rowcount'])
    expect(total).toBeGreaterThanOrEqual(3)
    const names = res.json().map((u: { username: string }) => u.username)
    expect(names).toHaveLength(2)
    expect([...names].sort().reverse()).toEqual(names)
    const all = (await t.get('/api/users?limit=100', t.admin)).json()
    expect(all).toHaveLength(total)
    expect(all[0]).not.toHaveProperty('password_hash')
    const found = await t.get('/api/users?query=ferreira', t.admin)
    expect(found.headers['x-rowcount']).toBe('1')
    expect(found.json()[0]).toMatchObject({ username: 'demo', name: 'Ana Paula Ferreira' })
  })

  it('creates a user (201, id in Location), reads, updates and deletes it', async () => {
    const created = await t.post(
      '/api/users',
      { ...registration, username: 'joao.silva', admin: false, active: true },
      t.admin,
    )
    expect(created.statusCode).toBe(201)
    const id = Number(created.headers.location!.split('/').pop())
    expect(created.json()).toEqual({ id })

    const one = await t.get(`/api/users/${id}`, t.admin)
    expect(one.json()).toMatchObject({ id, username: 'joao.silva', active: true, lastLogin: null })

    const joao = await signIn(t.api, { username: 'joao.silva', password: registration.password })
    const updated = await t.put(
      `/api/users/${id}`,
      { name: 'João Silva', sector: 'Engenharia', active: false },
      t.admin,
    )
    expect(updated.json()).toMatchObject({
      name: 'João Silva',
      sector: 'Engenharia',
      active: false,
    })
    // Deactivation ends the user's sessions.
    expect((await t.get('/auth/validate', joao)).statusCode).toBe(401)

    const bad = await t.put(`/api/users/${id}`, { name: '' }, t.admin)
    expect(fieldErrors(bad)).toEqual({ name: 'Campo obrigatório' })

    expect((await t.del(`/api/users/${id}`, t.admin)).statusCode).toBe(204)
    expect((await t.get(`/api/users/${id}`, t.admin)).statusCode).toBe(404)
    expect((await t.del(`/api/users/${id}`, t.admin)).statusCode).toBe(404)
  })

  it('sets a password that ends the user’s sessions', async () => {
    const created = await t.post(
      '/api/users',
      { ...registration, username: 'pedro.alves' },
      t.admin,
    )
    const id = Number(created.headers.location!.split('/').pop())
    const pedro = await signIn(t.api, { username: 'pedro.alves', password: registration.password })
    await t.put(`/api/users/${id}`, { password: 'novasenha99' }, t.admin)
    expect((await t.get('/auth/validate', pedro)).statusCode).toBe(401)
    await expect(
      signIn(t.api, { username: 'pedro.alves', password: 'novasenha99' }),
    ).resolves.toBeTruthy()
  })

  it('keeps administrators from deleting, deactivating or demoting themselves', async () => {
    const me = (await t.get('/api/me/profile', t.admin)).json()
    const del = await t.del(`/api/users/${me.id}`, t.admin)
    expectFieldErrors(del, { id: 'Não é possível excluir o próprio usuário' })
    const demote = await t.put(`/api/users/${me.id}`, { admin: false }, t.admin)
    expectFieldErrors(demote, {
      admin: 'Não é possível remover as próprias permissões de administrador',
    })
    const deactivate = await t.put(
      `/api/users/${me.id}`,
      { active: false, name: 'Outro Nome' },
      t.admin,
    )
    expectFieldErrors(deactivate, {
      active: 'Não é possível desativar o próprio usuário',
    })
    const both = await t.put(`/api/users/${me.id}`, { active: false, admin: false }, t.admin)
    expect(Object.keys(fieldErrors(both)).sort()).toEqual(['active', 'admin'])
    // Nothing changed, and the session lives on.
    const after = (await t.get('/auth/validate', t.admin)).json().user
    expect(after).toMatchObject({ admin: true, active: true, name: me.name })
    expect((await t.get(`/api/users/${me.id}`, t.admin)).statusCode).toBe(200)
    // Saving one's own record unchanged is fine.
    const same = await t.put(`/api/users/${me.id}`, { active: true, admin: true }, t.admin)
    expect(same.statusCode).toBe(200)
  })

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await t.get('/api/users/abc', t.admin)).statusCode).toBe(400)
    expect((await t.get('/api/users/999999', t.admin)).statusCode).toBe(404)
  })

  it('is refused to ordinary users on every call, and changes nothing', async () => {
    const target = (await t.get('/api/me/profile', t.admin)).json().id
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'POST', url: '/api/users', payload: { ...registration, username: 'intruso' } },
      { method: 'GET', url: `/api/users/${target}` },
      { method: 'PUT', url: `/api/users/${target}`, payload: { active: false } },
      { method: 'DELETE', url: `/api/users/${target}` },
      { method: 'GET', url: '/api/logins' },
    ]
    for (const call of calls) {
      expect(
        (await t.api({ ...call, token: t.user })).statusCode,
        `${call.method} ${call.url}`,
      ).toBe(403)
      expect((await t.api(call)).statusCode, `${call.method} ${call.url} anonymous`).toBe(401)
    }
    expect((await t.get('/api/users/exists?username=intruso')).json().exists).toBe(false)
    expect((await t.get('/auth/validate', t.admin)).statusCode).toBe(200)
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
    expect((await t.get('/api/users/workspace', t.user)).json()).toBeNull()
    const saved = await t.post('/api/users/workspace', workspace, t.user)
    expect(saved.statusCode).toBe(200)
    const read = await t.get('/api/users/workspace', t.user)
    expect(read.json()).toEqual(workspace)
    expect((await t.get('/api/users/workspace', t.admin)).json()).toBeNull()
  })

  it('refuses a malformed workspace and anonymous callers', async () => {
    const bad = await t.post('/api/users/workspace', { windows: 'x' }, t.user)
    expect(bad.statusCode).toBe(400)
    expect((await t.get('/api/users/workspace', t.user)).json()).toEqual(workspace)
    expect((await t.post('/api/users/workspace', workspace)).statusCode).toBe(401)
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
    const reg = await t.post('/api/users/register', fresh('fila.um'), { from: '10.9.0.1' })
    const id = Number(reg.headers.location!.split('/').pop())
    const queue = await t.get('/api/users?status=pending&sort=-createdAt', t.admin)
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
    const activated = await t.put(`/api/users/${id}`, { active: true }, t.admin)
    expect(activated.json()).toMatchObject({ active: true, pending: false })
    await expect.poll(count).toBe(mailsBefore + 1)
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => m.includes('fila.um@example.com'))
    expect(mail).toContain('Seu acesso foi liberado')
    expect(mail).toContain('http://gis.test/login')

    // Deactivated later, it is not back in the queue.
    await t.put(`/api/users/${id}`, { active: false }, t.admin)
    const after = await t.get('/api/users?status=pending', t.admin)
    expect(after.json<any[]>().map((u) => u.username)).not.toContain('fila.um')
    const inactive = await t.get('/api/users?status=inactive', t.admin)
    expect(inactive.json<any[]>().map((u) => u.username)).toContain('fila.um')
  })

  it('creates a user in groups and changes them; unknown groups are refused', async () => {
    const groups = (await t.get('/api/groups', t.admin)).json<any[]>()
    const [a, b] = groups
    const created = await t.post(
      '/api/users',
      { ...fresh('com.grupos'), groupIds: [a.id] },
      t.admin,
    )
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    const read = await t.get(`/api/users/${id}`, t.admin)
    expect(read.json()).toMatchObject({ pending: false, groups: [{ id: a.id, name: a.name }] })
    const changed = await t.put(`/api/users/${id}`, { groupIds: [b.id, a.id] }, t.admin)
    expect(
      changed
        .json()
        .groups.map((g: any) => g.id)
        .sort(),
    ).toEqual([a.id, b.id].sort())
    const unknown = await t.put(`/api/users/${id}`, { groupIds: [a.id, 987654] }, t.admin)
    expectFieldErrors(unknown, { 'groupIds.1': 'Grupo não encontrado: 987654' })
    const listed = await t.get('/api/users?query=com.grupos', t.admin)
    expect(listed.json()[0].groups).toHaveLength(2)
    const badStatus = await t.get('/api/users?status=todos', t.admin)
    expect(badStatus.statusCode).toBe(400)
  })
})
