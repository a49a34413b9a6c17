import { describe, expect, it } from 'vitest'
import { LAYER_PERMISSION_FLAGS } from '@gis/shared'
import { DEMO, signIn, useTestApp } from '../../../test/harness'

const t = useTestApp({ signIn: false })

describe('POST /auth/login', () => {
  it('answers the user and a bearer token for an active user', async () => {
    const res = await t.post('/auth/login', DEMO.user, { from: '10.0.0.1' })
    expect(res.statusCode).toBe(200)
    expect(res.headers.authorization).toMatch(/^Bearer [\w-]{40,}$/)
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'demo',
      name: 'Ana Paula Ferreira',
      email: 'ana.ferreira@rodovias-interior.com.br',
      sector: 'Conservação',
      admin: false,
      active: true,
    })
    expect(res.body).not.toContain('password')
  })

  it('accepts the username in any case', async () => {
    const res = await t.post(
      '/auth/login',
      { username: '  DEMO ', password: DEMO.user.password },
      { from: '10.0.0.2' },
    )
    expect(res.statusCode).toBe(200)
  })

  it('answers active: false and no token for an inactive user', async () => {
    const res = await t.post('/auth/login', DEMO.inactive, { from: '10.0.0.3' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ username: 'maria.souza', active: false })
    expect(res.headers.authorization).toBeUndefined()
  })

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await t.post(
      '/auth/login',
      { username: 'demo', password: 'errada123' },
      { from: '10.0.0.4' },
    )
    const unknown = await t.post(
      '/auth/login',
      { username: 'ninguem', password: 'errada123' },
      { from: '10.0.0.4' },
    )
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'Falha ao realizar autenticação!' })
    expect(unknown.body).toBe(wrong.body)
    expect(wrong.headers.authorization).toBeUndefined()
  })

  it('gives the spec messages for empty fields', async () => {
    const res = await t.post('/auth/login', { username: '   ', password: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'É necessário informar um usuário!' },
        { field: 'password', message: 'É necessário informar a senha!' },
      ]),
    )
    const missing = await t.post('/auth/login', {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toHaveLength(2)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.post('/auth/login', '{nope', {
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Requisição inválida.' })
  })
})

describe('login rate limit', () => {
  const attempt = (username: string, password: string, from: string) =>
    t.post('/auth/login', { username, password }, { from })

  it('slows down the pair, not the account nor the address: twenty wrong passwords for the administrator', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      statuses.push((await attempt('admin', `errada-${i}`, '10.1.0.1')).statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(10).fill(429))
    // Another user behind the same address signs in at once.
    await expect(signIn(t.api, DEMO.user, '10.1.0.1')).resolves.toBeTruthy()
    // The administrator signs in from a second address.
    await expect(signIn(t.api, DEMO.admin, '10.1.0.2')).resolves.toBeTruthy()
    // The pair waits for its minute, even with the right password, with the same answer.
    const blocked = await attempt('admin', DEMO.admin.password, '10.1.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('60')
    expect(blocked.json().message).toBe(
      'Muitas tentativas de acesso. Aguarde um minuto e tente novamente.',
    )
    expect(blocked.headers.authorization).toBeUndefined()
    const unknown = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt('fantasma', `x-${i}`, '10.1.0.3')),
    )
    expect(unknown.map((r) => r.statusCode).sort()).toEqual(Array(10).fill(401))
    expect((await attempt('fantasma', 'x', '10.1.0.3')).body).toBe(blocked.body)
    // The window passes: move the failures back in time.
    await t.db.query(`UPDATE app.login_failures SET at = at - interval '2 minutes'`)
    await expect(signIn(t.api, DEMO.admin, '10.1.0.1')).resolves.toBeTruthy()
  })

  it('answers 429 to an address after 100 failures over any usernames, known or not', async () => {
    // 95 failures written directly (each real one costs an argon2 check), 5 through the API.
    await t.db.query(
      `INSERT INTO app.login_failures (username, address)
       SELECT 'fantasma' || i, '10.2.0.1' FROM generate_series(1, 95) i`,
    )
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`outro${i}`, 'qualquer1', '10.2.0.1')).statusCode).toBe(401)
    }
    const unknown = await attempt('mais-um', 'qualquer1', '10.2.0.1')
    const known = await attempt(DEMO.user.username, DEMO.user.password, '10.2.0.1')
    expect(unknown.statusCode).toBe(429)
    expect(known.statusCode).toBe(429)
    expect(known.body).toBe(unknown.body)
    await expect(signIn(t.api, DEMO.user, '10.2.0.2')).resolves.toBeTruthy()
  })

  it('keeps an account under a spread attack open to an address that has not failed', async () => {
    // 50 addresses fail once each for the administrator within the minute.
    await t.db.query(
      `INSERT INTO app.login_failures (username, address)
       SELECT 'admin', '10.7.0.' || i FROM generate_series(1, 50) i`,
    )
    // An attacking address is refused at once, even with the right password...
    expect((await attempt('admin', DEMO.admin.password, '10.7.0.1')).statusCode).toBe(429)
    // ...while the administrator at a clean address signs in.
    await expect(signIn(t.api, DEMO.admin, '10.7.1.1')).resolves.toBeTruthy()
    await t.db.query(`UPDATE app.login_failures SET at = at - interval '2 minutes'`)
  })
})

describe('HTTP Basic credentials on /ows', () => {
  const basic = (username: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
  })
  const capabilities = '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities'

  it('share the sign-in rate limit with the sign-in form', async () => {
    const ok = await t.get(capabilities, {
      headers: basic('demo', DEMO.user.password),
      from: '10.6.0.1',
    })
    expect(ok.statusCode).toBe(200)
    for (let i = 0; i < 10; i++) {
      const res = await t.get(capabilities, {
        headers: basic('fiscal', `errada-${i}`),
        from: '10.6.1.1',
      })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await t.get(capabilities, {
      headers: basic('fiscal', 'qualquer'),
      from: '10.6.1.1',
    })
    expect(blocked.statusCode).toBe(429)
    const form = await t.post(
      '/auth/login',
      { username: 'fiscal', password: 'qualquer' },
      { from: '10.6.1.1' },
    )
    expect(form.statusCode).toBe(429)
    const elsewhere = await t.get(capabilities, {
      headers: basic('fiscal', 'qualquer'),
      from: '10.6.1.2',
    })
    expect(elsewhere.statusCode).toBe(401)
  })
})

describe('HTTP Basic pairs remembered by /ows', () => {
  const capabilities = '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities'
  const basic = (password: string) => ({
    authorization: `Basic ${Buffer.from(`demo:${password}`).toString('base64')}`,
  })
  const ows = (password: string) =>
    t.get(capabilities, { headers: basic(password), from: '10.8.0.1' })

  it('stop working as soon as the user is deactivated or gets a new password', async () => {
    const admin = await signIn(t.api, DEMO.admin, '10.8.0.2')
    const demo = (await t.get('/api/users?query=demo', admin)).json()[0]
    const put = (payload: object) => t.put(`/api/users/${demo.id}`, payload, admin)
    expect((await ows(DEMO.user.password)).statusCode).toBe(200)
    expect((await put({ active: false })).statusCode).toBe(200)
    expect((await ows(DEMO.user.password)).statusCode).toBe(401)
    expect((await put({ active: true })).statusCode).toBe(200)
    expect((await ows(DEMO.user.password)).statusCode).toBe(200)
    expect((await put({ password: 'nova-para-o-qgis-9' })).statusCode).toBe(200)
    expect((await ows(DEMO.user.password)).statusCode).toBe(401)
    expect((await ows('nova-para-o-qgis-9')).statusCode).toBe(200)
    expect((await put({ password: DEMO.user.password })).statusCode).toBe(200)
  })
})

describe('sessions', () => {
  it('validates a token, refuses a missing, malformed or unknown one', async () => {
    const token = await signIn(t.api, DEMO.user, '10.3.0.1')
    const ok = await t.get('/auth/validate', token)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ ok: true, user: { username: 'demo' } })
    expect((await t.get('/auth/validate')).statusCode).toBe(401)
    expect((await t.get('/auth/validate', 'x'.repeat(43))).statusCode).toBe(401)
    const basic = await t.get('/auth/validate', { headers: { authorization: `Basic ${token}` } })
    expect(basic.statusCode).toBe(401)
    // The JSON API never takes the token from the URL (it would end up in logs and history).
    expect((await t.get(`/auth/validate?token=${token}`)).statusCode).toBe(401)
  })

  it('revokes the token at logout, and only that one', async () => {
    const a = await signIn(t.api, DEMO.user, '10.3.0.2')
    const b = await signIn(t.api, DEMO.user, '10.3.0.2')
    const out = await t.post('/auth/logout', undefined, a)
    expect(out.statusCode).toBe(200)
    expect((await t.get('/auth/validate', a)).statusCode).toBe(401)
    expect((await t.post('/auth/logout', undefined, a)).statusCode).toBe(401)
    expect((await t.get('/auth/validate', b)).statusCode).toBe(200)
  })

  it('refuses the token at once after logout and after a password change, on /ows, the tiles and the API', async () => {
    const capabilities = '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities'
    const tile = '/api/tiles/oae/0/0/0.pbf'
    const uses = (token: string) =>
      Promise.all([
        t.get(`${capabilities}&token=${token}`),
        t.get(`${tile}?token=${token}`),
        t.get('/api/me/profile', token),
      ]).then((answers) => answers.map((a) => a.statusCode))
    const a = await signIn(t.api, DEMO.user, '10.3.0.5')
    // Used (and so remembered by the map services' short cache) right before the logout.
    expect(await uses(a)).toEqual([200, 200, 200])
    expect((await t.post('/auth/logout', undefined, a)).statusCode).toBe(200)
    expect(await uses(a)).toEqual([401, 401, 401])

    const b = await signIn(t.api, DEMO.user, '10.3.0.5')
    const kept = await signIn(t.api, DEMO.user, '10.3.0.5')
    expect(await uses(b)).toEqual([200, 200, 200])
    const changed = await t.put(
      '/api/me/change-password',
      { currentPassword: DEMO.user.password, password: 'Outra-senha-forte-2026' },
      kept,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    try {
      expect(await uses(b)).toEqual([401, 401, 401])
      expect(await uses(kept)).toEqual([200, 200, 200])
    } finally {
      await t.put(
        '/api/me/change-password',
        { currentPassword: 'Outra-senha-forte-2026', password: DEMO.user.password },
        kept,
      )
    }
  })

  it('refuses an expired token', async () => {
    const token = await signIn(t.api, DEMO.user, '10.3.0.3')
    await t.db.query(
      `UPDATE app.sessions SET expires_at = now() - interval '1 second', last_seen_at = now()
        WHERE id = (SELECT max(id) FROM app.sessions)`,
    )
    expect((await t.get('/auth/validate', token)).statusCode).toBe(401)
  })

  it('stores only a hash of the token', async () => {
    const token = await signIn(t.api, DEMO.user, '10.3.0.4')
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app.sessions WHERE token_hash = $1',
      [token],
    )
    expect(rows[0]!.n).toBe(0)
  })
})

describe('GET /auth/permissions', () => {
  it('answers the union of the user’s group flags per layer', async () => {
    const token = await signIn(t.api, DEMO.user, '10.4.0.1')
    const res = await t.get('/auth/permissions', token)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.admin).toBe(false)
    // Every flag of the seven (spec 1, the permission check), granted.
    expect(Object.keys(body.layers.marcos_km ?? {}).sort()).toEqual(
      [
        'createFeature',
        'createFeatureAttachment',
        'deleteFeature',
        'deleteFeatureAttachment',
        'readFeature',
        'readFeatureAttachment',
        'updateFeature',
      ].sort(),
    )
    expect(body.layers.marcos_km).toEqual(
      Object.fromEntries(LAYER_PERMISSION_FLAGS.map((flag) => [flag, true])),
    )
    expect(body.layers.rodovias).toMatchObject({ readFeature: true, updateFeature: false })
    expect(body.layers.ocorrencias?.readFeature ?? false).toBe(false)
  })

  it('gives administrators every flag', async () => {
    const token = await signIn(t.api, DEMO.admin, '10.4.0.2')
    const body = (await t.get('/auth/permissions', token)).json()
    expect(body.admin).toBe(true)
    expect(Object.keys(body.layers).length).toBeGreaterThan(0)
    for (const flags of Object.values(body.layers) as Record<string, boolean>[]) {
      expect(Object.values(flags).every(Boolean)).toBe(true)
    }
  })

  it('needs a session', async () => {
    expect((await t.get('/auth/permissions')).statusCode).toBe(401)
  })
})

describe('GET /api/logins', () => {
  it('lists sign-ins with who, when and where, paged, with the total in x-rowcount', async () => {
    await signIn(t.api, DEMO.user, '10.5.0.9')
    const token = await signIn(t.api, DEMO.admin, '10.5.0.1')
    const res = await t.get('/api/logins?page=0&limit=2', token)
    expect(res.statusCode).toBe(200)
    const rows = res.json()
    expect(rows).toHaveLength(2)
    expect(Number(res.headers['x-rowcount'])).toBeGreaterThanOrEqual(2)
    expect(rows[0]).toMatchObject({
      username: 'admin',
      address: '10.5.0.1',
      name: 'Administrador do Sistema',
    })
    expect(rows[1]).toMatchObject({ username: 'demo', address: '10.5.0.9' })
    expect(new Date(rows[0].at).getTime()).toBeGreaterThanOrEqual(new Date(rows[1].at).getTime())
    const page1 = await t.get('/api/logins?page=1&limit=2', token)
    expect(page1.json()[0].id).not.toBe(rows[0].id)
    const asc = (await t.get('/api/logins?sort=at&limit=', token)).json()
    expect(asc.length).toBeLessThanOrEqual(15)
    expect(new Date(asc[0].at).getTime()).toBeLessThanOrEqual(
      new Date(asc[asc.length - 1].at).getTime(),
    )
  })

  it('names the browser and the system of each sign-in', async () => {
    const as = async (credentials: { username: string; password: string }, agent: string) => {
      const res = await t.post('/auth/login', credentials, {
        headers: { 'user-agent': agent },
        from: '10.5.1.1',
      })
      expect(res.statusCode).toBe(200)
      return res.headers.authorization!.replace(/^Bearer /, '')
    }
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
    const firefox =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
    await as(DEMO.user, chrome)
    await as(DEMO.user, firefox)
    const token = await as(DEMO.admin, 'curl/8.5.0')
    const rows = (await t.get('/api/logins?limit=3', token)).json()
    expect(rows.map((r: { browser: string; system: string }) => [r.browser, r.system])).toEqual([
      ['Desconhecido', 'Desconhecido'],
      ['Firefox 128', 'Windows 10'],
      ['Chrome 126', 'Linux'],
    ])
    expect(rows[2].userAgent).toBe(chrome)
  })

  it('refuses bad paging with a Portuguese message', async () => {
    const token = await signIn(t.api, DEMO.admin, '10.5.0.2')
    const bad = await t.get('/api/logins?page=-1', token)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0]).toEqual({
      field: 'page',
      message: 'Parâmetros de paginação inválidos',
    })
    const sort = await t.get('/api/logins?sort=password', token)
    expect(sort.statusCode).toBe(400)
    expect(sort.json().errors[0]).toEqual({ field: 'sort', message: 'Campo de ordenação inválido' })
  })

  it('is refused to ordinary users and to anonymous callers', async () => {
    const token = await signIn(t.api, DEMO.user, '10.5.0.3')
    expect((await t.get('/api/logins', token)).statusCode).toBe(403)
    expect((await t.get('/api/logins')).statusCode).toBe(401)
  })
})
