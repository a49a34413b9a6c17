import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb, type TestDb } from '../../test/harness'
import { registerErrorHandler } from '../http/errors'
import { registerScopes, type Access } from '../http/scopes'
import { getSessionUser, userStore } from '../modules/users/users.sql'
import { createAuth } from './authenticate'
import { hashPassword } from './passwords'
import { createSession } from './sessions.sql'
import { hashToken, newToken } from './tokens'

// The hooks on a small app of their own: one route per access, answering who called.
let test: TestDb
let app: FastifyInstance
const ACCESS: Access[] = ['public', 'user', 'admin', 'download', 'service']

beforeAll(async () => {
  test = await openTestDb()
  const auth = createAuth(test.db, { sessionTtlHours: 12, sessionMaxDays: 7 }, userStore)
  app = Fastify({ trustProxy: true })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  await registerScopes(
    app,
    auth,
    ACCESS.map((access) => ({
      prefix: `/${access}`,
      access,
      routes: async (scope) => {
        scope.get('/whoami', async (request) =>
          access === 'public' ? { username: null } : auth.contextOf(request).user,
        )
      },
    })),
  )
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await test?.drop()
})

async function userId(username: string): Promise<number> {
  const { rows } = await test.db.query<{ id: number }>(
    'SELECT id FROM app.users WHERE username = $1',
    [username],
  )
  return rows[0]!.id
}

async function sessionOf(username: string): Promise<string> {
  const token = newToken()
  await createSession(test.db, {
    userId: await userId(username),
    tokenHash: hashToken(token),
    ttlHours: 12,
    maxDays: 7,
    address: '127.0.0.1',
  })
  return token
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`

function call(
  access: Access,
  opts: { bearer?: string; query?: string; authorization?: string; from?: string } = {},
) {
  const headers: Record<string, string> = {}
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`
  if (opts.authorization) headers.authorization = opts.authorization
  if (opts.from) headers['x-forwarded-for'] = opts.from
  return app.inject({
    url: `/${access}/whoami${opts.query ? `?token=${opts.query}` : ''}`,
    headers,
  })
}

describe('scopes: one hook per prefix', () => {
  it('lets anyone call a public scope', async () => {
    expect((await call('public')).statusCode).toBe(200)
  })

  it('takes the session from the Authorization header on the JSON API, never from the URL', async () => {
    const token = await sessionOf('demo')
    const ok = await call('user', { bearer: token })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().username).toBe('demo')
    const byUrl = await call('user', { query: token })
    expect(byUrl.statusCode).toBe(401)
    expect(byUrl.json().message).toBe('Sessão inválida ou expirada. Entre novamente.')
    expect((await call('user', { authorization: basic('demo', 'demo1234') })).statusCode).toBe(401)
    expect((await call('admin', { query: await sessionOf('admin') })).statusCode).toBe(401)
  })

  it('answers 403 to an ordinary user in an administrators’ scope', async () => {
    expect((await call('admin', { bearer: await sessionOf('demo') })).statusCode).toBe(403)
    expect((await call('admin', { bearer: await sessionOf('admin') })).statusCode).toBe(200)
  })

  it('accepts ?token= on download scopes', async () => {
    const token = await sessionOf('demo')
    expect((await call('download', { query: token })).json().username).toBe('demo')
    expect((await call('download', { bearer: token })).statusCode).toBe(200)
    expect((await call('download', { query: 'x'.repeat(43) })).statusCode).toBe(401)
  })
})

describe('requireServiceUser (map services)', () => {
  it('accepts a bearer token, ?token=, Basic user and password, and Basic with a token as password', async () => {
    const token = await sessionOf('demo')
    for (const opts of [
      { bearer: token },
      { query: token },
      { authorization: basic('demo', 'demo1234') },
      { authorization: basic('qualquer-nome', token) },
    ]) {
      const res = await call('service', { ...opts, from: '192.0.2.1' })
      expect(res.statusCode, JSON.stringify(opts)).toBe(200)
      expect(res.json().username).toBe('demo')
    }
  })

  it('answers 401 asking for Basic credentials', async () => {
    for (const opts of [
      {},
      { authorization: basic('demo', 'errada-123') },
      { authorization: basic('ninguem', 'errada-123') },
      { query: 'x'.repeat(43) },
      { authorization: 'Basic !!!' },
    ]) {
      const res = await call('service', { ...opts, from: '192.0.2.2' })
      expect(res.statusCode, JSON.stringify(opts)).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Basic realm="GIS", charset="UTF-8"')
      expect(res.json().message).toBe(
        'Autenticação necessária: informe usuário e senha ou o token da sessão.',
      )
    }
  })

  it('ends a remembered Basic pair as soon as the user is deactivated', async () => {
    const id = await userId('demo')
    const auth = basic('demo', 'demo1234')
    expect((await call('service', { authorization: auth, from: '192.0.2.3' })).statusCode).toBe(200)
    await test.db.query('UPDATE app.users SET active = false WHERE id = $1', [id])
    try {
      expect((await call('service', { authorization: auth, from: '192.0.2.3' })).statusCode).toBe(
        401,
      )
    } finally {
      await test.db.query('UPDATE app.users SET active = true WHERE id = $1', [id])
    }
    expect((await call('service', { authorization: auth, from: '192.0.2.3' })).statusCode).toBe(200)
  })

  it('ends a remembered Basic pair as soon as the password changes', async () => {
    const id = await userId('demo')
    const before = (await getSessionUser(test.db, id))!.password_hash
    const auth = basic('demo', 'demo1234')
    expect((await call('service', { authorization: auth, from: '192.0.2.4' })).statusCode).toBe(200)
    await test.db.query('UPDATE app.users SET password_hash = $2 WHERE id = $1', [
      id,
      await hashPassword('uma-senha-nova-42'),
    ])
    try {
      expect((await call('service', { authorization: auth, from: '192.0.2.4' })).statusCode).toBe(
        401,
      )
      const fresh = basic('demo', 'uma-senha-nova-42')
      expect((await call('service', { authorization: fresh, from: '192.0.2.4' })).statusCode).toBe(
        200,
      )
    } finally {
      await test.db.query('UPDATE app.users SET password_hash = $2 WHERE id = $1', [id, before])
    }
  })

  it('sees a changed profile at once (the administrator flag)', async () => {
    const id = await userId('demo')
    const auth = basic('demo', 'demo1234')
    expect((await call('service', { authorization: auth, from: '192.0.2.5' })).json().admin).toBe(
      false,
    )
    await test.db.query('UPDATE app.users SET name = $2 WHERE id = $1', [id, 'Ana Renomeada'])
    expect((await call('service', { authorization: auth, from: '192.0.2.5' })).json().name).toBe(
      'Ana Renomeada',
    )
  })

  it('puts Basic passwords through the sign-in limit: the pair waits, other addresses do not', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await call('service', {
        authorization: basic('fiscal', `errada-${i}`),
        from: '192.0.2.10',
      })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await call('service', {
      authorization: basic('fiscal', 'qualquer-1'),
      from: '192.0.2.10',
    })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('60')
    // The same address, another user; the same user, another address.
    expect(
      (await call('service', { authorization: basic('demo', 'demo1234'), from: '192.0.2.10' }))
        .statusCode,
    ).toBe(200)
    expect(
      (await call('service', { authorization: basic('fiscal', 'errada-x'), from: '192.0.2.11' }))
        .statusCode,
    ).toBe(401)
  })
})

describe('session lifetimes', () => {
  it('ends a session past SESSION_MAX_DAYS even while it is in use', async () => {
    const token = await sessionOf('demo')
    expect((await call('user', { bearer: token })).statusCode).toBe(200)
    await test.db.query(
      `UPDATE app.sessions SET created_at = now() - interval '7 days 1 minute',
              expires_at = now() + interval '1 hour', last_seen_at = now()
        WHERE token_hash = $1`,
      [hashToken(token)],
    )
    expect((await call('user', { bearer: token })).statusCode).toBe(401)
  })

  it('renews the idle lifetime, never past the absolute end', async () => {
    const token = await sessionOf('demo')
    await test.db.query(
      `UPDATE app.sessions SET created_at = now() - interval '6 days 23 hours',
              last_seen_at = now() - interval '1 hour'
        WHERE token_hash = $1`,
      [hashToken(token)],
    )
    expect((await call('user', { bearer: token })).statusCode).toBe(200)
    const { rows } = await test.db.query<{ left: number }>(
      `SELECT extract(epoch FROM (created_at + interval '7 days') - expires_at)::int AS left
         FROM app.sessions WHERE token_hash = $1`,
      [hashToken(token)],
    )
    expect(rows[0]!.left).toBe(0)
  })

  it('renews an idle session in use by SESSION_TTL_HOURS', async () => {
    const token = await sessionOf('demo')
    await test.db.query(
      `UPDATE app.sessions SET last_seen_at = now() - interval '1 hour',
              expires_at = now() + interval '1 minute'
        WHERE token_hash = $1`,
      [hashToken(token)],
    )
    expect((await call('user', { bearer: token })).statusCode).toBe(200)
    const { rows } = await test.db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 3600)::int AS hours
         FROM app.sessions WHERE token_hash = $1`,
      [hashToken(token)],
    )
    expect(rows[0]!.hours).toBe(12)
  })
})
