import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('POST /auth/login', () => {
  it('answers the user and a bearer token for an active user', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: DEMO.user,
      from: '10.0.0.1',
    })
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
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { username: '  DEMO ', password: DEMO.user.password },
      from: '10.0.0.2',
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers active: false and no token for an inactive user', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: DEMO.inactive,
      from: '10.0.0.3',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ username: 'maria.souza', active: false })
    expect(res.headers.authorization).toBeUndefined()
  })

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'demo', password: 'errada123' },
      from: '10.0.0.4',
    })
    const unknown = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'ninguem', password: 'errada123' },
      from: '10.0.0.4',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'Falha ao realizar autenticação!' })
    expect(unknown.body).toBe(wrong.body)
    expect(wrong.headers.authorization).toBeUndefined()
  })

  it('gives the spec messages for empty fields', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { username: '   ', password: '' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'É necessário informar um usuário!' },
        { field: 'password', message: 'É necessário informar a senha!' },
      ]),
    )
    const missing = await t.api({ method: 'POST', url: '/auth/login', payload: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toHaveLength(2)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Requisição inválida.' })
  })
})

describe('login rate limit', () => {
  it('answers 429 after 10 failures in a minute for one username, even with the right password', async () => {
    // Failures from different addresses: only the per-user counter reaches the limit.
    for (let i = 0; i < 10; i++) {
      const res = await t.api({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'admin', password: `errada-${i}` },
        from: `10.1.0.${i + 1}`,
      })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: DEMO.admin,
      from: '10.1.1.1',
    })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('60')
    expect(blocked.json().message).toBe(
      'Muitas tentativas de acesso. Aguarde um minuto e tente novamente.',
    )
    expect(blocked.headers.authorization).toBeUndefined()
    // Other users are not affected.
    await expect(signIn(t.api, DEMO.user, '10.1.1.2')).resolves.toBeTruthy()
    // The window passes: move the failures back in time.
    await t.db.query(`UPDATE app.login_failures SET at = at - interval '2 minutes'`)
    await expect(signIn(t.api, DEMO.admin, '10.1.1.3')).resolves.toBeTruthy()
  })

  it('answers 429 after 10 failures from one address, for unknown users alike', async () => {
    for (let i = 0; i < 10; i++) {
      await t.api({
        method: 'POST',
        url: '/auth/login',
        payload: { username: `fantasma${i}`, password: 'qualquer1' },
        from: '10.2.0.1',
      })
    }
    const unknown = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'outro-fantasma', password: 'qualquer1' },
      from: '10.2.0.1',
    })
    const known = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: DEMO.user,
      from: '10.2.0.1',
    })
    expect(unknown.statusCode).toBe(429)
    expect(known.statusCode).toBe(429)
    expect(known.body).toBe(unknown.body)
    // Another address is fine.
    await expect(signIn(t.api, DEMO.user, '10.2.0.2')).resolves.toBeTruthy()
  })
})

describe('HTTP Basic credentials on /ows', () => {
  const basic = (username: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
  })
  const capabilities = '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities'

  it('share the sign-in rate limit: 429 after 10 wrong passwords, even with the right one', async () => {
    const ok = await t.api({
      url: capabilities,
      headers: basic('demo', DEMO.user.password),
      from: '10.6.0.1',
    })
    expect(ok.statusCode).toBe(200)
    for (let i = 0; i < 10; i++) {
      const res = await t.api({
        url: capabilities,
        headers: basic('fiscal', `errada-${i}`),
        from: `10.6.1.${i}`,
      })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await t.api({
      url: capabilities,
      headers: basic('fiscal', 'qualquer'),
      from: '10.6.2.1',
    })
    expect(blocked.statusCode).toBe(429)
    const signIn = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'fiscal', password: 'qualquer' },
      from: '10.6.2.2',
    })
    expect(signIn.statusCode).toBe(429)
  })
})

describe('sessions', () => {
  it('validates a token, refuses a missing, malformed or unknown one', async () => {
    const token = await signIn(t.api, DEMO.user, '10.3.0.1')
    const ok = await t.api({ url: '/auth/validate', token })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ ok: true, user: { username: 'demo' } })
    expect((await t.api({ url: '/auth/validate' })).statusCode).toBe(401)
    expect((await t.api({ url: '/auth/validate', token: 'x'.repeat(43) })).statusCode).toBe(401)
    const basic = await t.api({
      url: '/auth/validate',
      headers: { authorization: `Basic ${token}` },
    })
    expect(basic.statusCode).toBe(401)
    expect((await t.api({ url: `/auth/validate?token=${token}` })).statusCode).toBe(200)
  })

  it('revokes the token at logout, and only that one', async () => {
    const a = await signIn(t.api, DEMO.user, '10.3.0.2')
    const b = await signIn(t.api, DEMO.user, '10.3.0.2')
    const out = await t.api({ method: 'POST', url: '/auth/logout', token: a })
    expect(out.statusCode).toBe(200)
    expect((await t.api({ url: '/auth/validate', token: a })).statusCode).toBe(401)
    expect((await t.api({ method: 'POST', url: '/auth/logout', token: a })).statusCode).toBe(401)
    expect((await t.api({ url: '/auth/validate', token: b })).statusCode).toBe(200)
  })

  it('refuses an expired token', async () => {
    const token = await signIn(t.api, DEMO.user, '10.3.0.3')
    await t.db.query(
      `UPDATE app.sessions SET expires_at = now() - interval '1 second', last_seen_at = now()
        WHERE id = (SELECT max(id) FROM app.sessions)`,
    )
    expect((await t.api({ url: '/auth/validate', token })).statusCode).toBe(401)
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
    const res = await t.api({ url: '/auth/permissions', token })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.admin).toBe(false)
    expect(body.layers.marcos_km).toEqual({
      readFeature: true,
      updateFeature: true,
      createFeature: true,
      deleteFeature: true,
      createFeatureAttachment: true,
      readFeatureAttachment: true,
      deleteFeatureAttachment: true,
    })
    expect(body.layers.rodovias).toMatchObject({ readFeature: true, updateFeature: false })
    expect(body.layers.ocorrencias?.readFeature ?? false).toBe(false)
  })

  it('gives administrators every flag', async () => {
    const token = await signIn(t.api, DEMO.admin, '10.4.0.2')
    const body = (await t.api({ url: '/auth/permissions', token })).json()
    expect(body.admin).toBe(true)
    expect(Object.keys(body.layers).length).toBeGreaterThan(0)
    for (const flags of Object.values(body.layers) as Record<string, boolean>[]) {
      expect(Object.values(flags).every(Boolean)).toBe(true)
    }
  })

  it('needs a session', async () => {
    expect((await t.api({ url: '/auth/permissions' })).statusCode).toBe(401)
  })
})

describe('GET /api/logins', () => {
  it('lists sign-ins with who, when and where, paged, with the total in x-rowcount', async () => {
    await signIn(t.api, DEMO.user, '10.5.0.9')
    const token = await signIn(t.api, DEMO.admin, '10.5.0.1')
    const res = await t.api({ url: '/api/logins?page=0&limit=2', token })
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
    const page1 = await t.api({ url: '/api/logins?page=1&limit=2', token })
    expect(page1.json()[0].id).not.toBe(rows[0].id)
    const asc = (await t.api({ url: '/api/logins?sort=at&limit=', token })).json()
    expect(asc.length).toBeLessThanOrEqual(15)
    expect(new Date(asc[0].at).getTime()).toBeLessThanOrEqual(
      new Date(asc[asc.length - 1].at).getTime(),
    )
  })

  it('refuses bad paging with a Portuguese message', async () => {
    const token = await signIn(t.api, DEMO.admin, '10.5.0.2')
    const bad = await t.api({ url: '/api/logins?page=-1', token })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0]).toEqual({
      field: 'page',
      message: 'Parâmetros de paginação inválidos',
    })
    const sort = await t.api({ url: '/api/logins?sort=password', token })
    expect(sort.statusCode).toBe(400)
    expect(sort.json().errors[0]).toEqual({ field: 'sort', message: 'Campo de ordenação inválido' })
  })

  it('is refused to ordinary users and to anonymous callers', async () => {
    const token = await signIn(t.api, DEMO.user, '10.5.0.3')
    expect((await t.api({ url: '/api/logins', token })).statusCode).toBe(403)
    expect((await t.api({ url: '/api/logins' })).statusCode).toBe(401)
  })
})
