import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../mail/mailer'
import { DEMO, expectFieldErrors, fieldErrors, signIn, useTestApp } from '../../../test/harness'
import { startSmtpServer } from '../../../test/smtp'

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp?.close()
})
const t = useTestApp(() => ({
  mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'GIS <gis@test>' }),
  signIn: false,
}))

describe('profile', () => {
  it('reads and updates the own profile; the username stays', async () => {
    const token = await signIn(t.api, DEMO.user)
    const profile = await t.get('/api/me/profile', token)
    expect(profile.json()).toMatchObject({
      username: 'demo',
      name: 'Ana Paula Ferreira',
      admin: false,
    })
    const res = await t.put(
      '/api/me/profile',
      {
        name: 'Ana P. Ferreira',
        email: profile.json().email,
        sector: 'Operação',
        username: 'outro',
        admin: true,
      },
      token,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      username: 'demo',
      name: 'Ana P. Ferreira',
      sector: 'Operação',
      admin: false,
    })
    expect((await t.get('/api/me/profile', token)).json().name).toBe('Ana P. Ferreira')
  })

  it('asks for the current password to change the e-mail, and tells the old address', async () => {
    const token = await signIn(t.api, DEMO.user)
    const before = (await t.get('/api/me/profile', token)).json()
    const change = (extra: object) =>
      t.put(
        '/api/me/profile',
        {
          name: before.name,
          email: 'ana@exemplo.com.br',
          sector: before.sector,
          ...extra,
        },
        token,
      )
    const missing = await change({})
    expectFieldErrors(missing, { currentPassword: 'Campo obrigatório' })
    const wrong = await change({ currentPassword: 'nao-e-essa' })
    expect(fieldErrors(wrong)).toEqual({ currentPassword: 'A senha atual não confere' })
    expect((await t.get('/api/me/profile', token)).json()).toEqual(before)

    const received = smtp.inbox.length
    const ok = await change({ currentPassword: DEMO.user.password })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().email).toBe('ana@exemplo.com.br')
    const mail = await smtp.waitFor(received + 1)
    expect(mail.to).toEqual([before.email])
    expect(mail.text).toContain(
      `O e-mail da sua conta em Rodovias do Interior - GIS foi alterado de ${before.email} para ana@exemplo.com.br.`,
    )
    // The same address again, in another case, is no change.
    const same = await change({ email: 'ANA@exemplo.com.br' })
    expect(same.statusCode).toBe(200)
    expect((await change({})).json().email).toBe('ana@exemplo.com.br')
  })

  it('requires name and sector, checks the e-mail, and changes nothing on error', async () => {
    const token = await signIn(t.api, DEMO.user)
    const before = (await t.get('/api/me/profile', token)).json()
    const res = await t.put('/api/me/profile', { name: '', email: 'x', sector: '  ' }, token)
    expectFieldErrors(
      res,
      {
        name: 'Campo obrigatório',
        email: 'Informe um e-mail válido',
        sector: 'Campo obrigatório',
      },
      'Erros de validação encontrados!',
    )
    expect((await t.get('/api/me/profile', token)).json()).toEqual(before)
  })

  it('needs a session', async () => {
    expect((await t.get('/api/me/profile')).statusCode).toBe(401)
    expect((await t.put('/api/me/profile', {})).statusCode).toBe(401)
  })
})

describe('PUT /api/me/change-password', () => {
  it('checks the current password and the rules', async () => {
    const token = await signIn(t.api, DEMO.admin)
    const empty = await t.put('/api/me/change-password', {}, token)
    expect(fieldErrors(empty)).toEqual({
      currentPassword: 'Campo obrigatório',
      password: 'Campo obrigatório',
    })
    const short = await t.put(
      '/api/me/change-password',
      { currentPassword: DEMO.admin.password, password: 'curta' },
      token,
    )
    expect(fieldErrors(short)).toEqual({ password: 'A senha deve ter pelo menos 8 caracteres' })
    const wrong = await t.put(
      '/api/me/change-password',
      { currentPassword: 'nao-e-essa', password: 'novasenha123' },
      token,
    )
    expect(fieldErrors(wrong)).toEqual({ currentPassword: 'A senha atual não confere' })
    const common = await t.put(
      '/api/me/change-password',
      { currentPassword: DEMO.admin.password, password: 'senha123' },
      token,
    )
    expect(fieldErrors(common)).toEqual({
      password: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    })
    await expect(signIn(t.api, DEMO.admin)).resolves.toBeTruthy()
  })

  it('changes the password, keeps this session and revokes the others', async () => {
    const other = await signIn(t.api, DEMO.user)
    const current = await signIn(t.api, DEMO.user)
    const res = await t.put(
      '/api/me/change-password',
      { currentPassword: DEMO.user.password, password: 'trocada-123' },
      current,
    )
    expect(res.statusCode).toBe(200)
    expect((await t.get('/auth/validate', current)).statusCode).toBe(200)
    expect((await t.get('/auth/validate', other)).statusCode).toBe(401)
    const old = await t.post('/auth/login', DEMO.user)
    expect(old.statusCode).toBe(401)
    const back = await signIn(t.api, { username: 'demo', password: 'trocada-123' })
    await t.put(
      '/api/me/change-password',
      { currentPassword: 'trocada-123', password: DEMO.user.password },
      back,
    )
  })
})

describe('password reset by e-mail', () => {
  /** Asks for a reset link; the answer is the same whether the user exists or not. */
  async function forgotPassword(username: string) {
    const res = await t.post('/api/me/forgot-password', { username })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
  }

  it('mails a link that sets a new password once and ends every session', async () => {
    const session = await signIn(t.api, DEMO.user)
    const received = smtp.inbox.length
    await forgotPassword('demo')
    const mail = await smtp.waitFor(received + 1)
    expect(mail.to).toEqual(['ana@exemplo.com.br'])
    const link = mail.text.match(/http:\/\/gis\.test\/reset-password\/([\w-]+)/)
    expect(link, mail.text).not.toBeNull()
    const token = link![1]!

    const short = await t.post('/api/me/reset-password', { token, password: 'curta' })
    expect(fieldErrors(short)).toEqual({ password: 'A senha deve ter pelo menos 8 caracteres' })

    const reset = await t.post('/api/me/reset-password', { token, password: 'redefinida-1' })
    expect(reset.statusCode).toBe(200)
    expect((await t.get('/auth/validate', session)).statusCode).toBe(401)
    await expect(
      signIn(t.api, { username: 'demo', password: 'redefinida-1' }),
    ).resolves.toBeTruthy()

    const again = await t.post('/api/me/reset-password', { token, password: 'outra-senha-2' })
    expectFieldErrors(again, {
      token: 'O link de redefinição de senha é inválido ou expirou',
    })
    await expect(
      signIn(t.api, { username: 'demo', password: 'redefinida-1' }),
    ).resolves.toBeTruthy()
  })

  it('answers the same for an unknown user and sends nothing', async () => {
    const received = smtp.inbox.length
    await forgotPassword('ninguem')
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.inbox.length).toBe(received)
  })

  it('sends one user at most three links an hour, whoever asks, with the same answer', async () => {
    await t.db.query('DELETE FROM app.request_events')
    const received = smtp.inbox.length
    // All at once: the quota must hold against a burst too.
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        t.post('/api/me/forgot-password', { username: 'demo' }, { from: `198.51.100.${i}` }),
      ),
    )
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true })
    }
    await smtp.waitFor(received + 3)
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.inbox.length).toBe(received + 3)
  })

  it('answers 429 to an address after ten requests in an hour', async () => {
    await t.db.query('DELETE FROM app.request_events')
    const ask = () =>
      t.post('/api/me/forgot-password', { username: 'ninguem' }, { from: '203.0.113.50' })
    for (let i = 0; i < 10; i++) expect((await ask()).statusCode).toBe(200)
    const refused = await ask()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(
      'Muitos pedidos de redefinição de senha a partir deste endereço. Tente novamente em uma hora.',
    )
    expect(refused.headers['retry-after']).toBe('3600')
    const elsewhere = await t.post(
      '/api/me/forgot-password',
      { username: 'ninguem' },
      { from: '203.0.113.51' },
    )
    expect(elsewhere.statusCode).toBe(200)
  })

  it('refuses an expired link', async () => {
    const received = smtp.inbox.length
    await t.post('/api/me/forgot-password', { username: 'admin' })
    const mail = await smtp.waitFor(received + 1)
    const token = mail.text.match(/reset-password\/([\w-]+)/)![1]!
    await t.db.query(`UPDATE app.password_resets SET expires_at = now() - interval '1 second'`)
    const res = await t.post('/api/me/reset-password', { token, password: 'expirada-1' })
    expect(res.statusCode).toBe(400)
    await expect(signIn(t.api, DEMO.admin)).resolves.toBeTruthy()
  })

  it('refuses an invented token', async () => {
    const res = await t.post('/api/me/reset-password', {
      token: 'inventado',
      password: 'qualquer-123',
    })
    expect(fieldErrors(res)).toEqual({
      token: 'O link de redefinição de senha é inválido ou expirou',
    })
  })

  async function resetLink(username: string): Promise<string> {
    const received = smtp.inbox.length
    await t.post('/api/me/forgot-password', { username })
    const mail = await smtp.waitFor(received + 1)
    return mail.text.match(/reset-password\/([\w-]+)/)![1]!
  }
  const reset = (token: string, password: string, from = '192.0.2.80') =>
    t.post('/api/me/reset-password', { token, password }, { from })

  it('checks the link before the password, and a refused password leaves the link usable', async () => {
    await t.db.query('DELETE FROM app.request_events')
    const invented = await reset('inventado-mas-comprido-o-bastante', '12345678')
    expect(fieldErrors(invented)).toEqual({
      token: 'O link de redefinição de senha é inválido ou expirou',
    })
    const token = await resetLink('demo')
    const common = await reset(token, '12345678')
    expect(fieldErrors(common)).toEqual({
      password: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    })
    const same = await reset(token, 'DEMO')
    expect(fieldErrors(same)).toEqual({ password: 'A senha deve ter pelo menos 8 caracteres' })
    expect((await reset(token, 'depois-do-susto-7')).statusCode).toBe(200)
    await expect(
      signIn(t.api, { username: 'demo', password: 'depois-do-susto-7' }),
    ).resolves.toBeTruthy()
  })

  it('ends every outstanding link once one is used, and at a password change', async () => {
    await t.db.query('DELETE FROM app.request_events')
    const first = await resetLink('demo')
    const second = await resetLink('demo')
    expect((await reset(first, 'primeira-troca-1')).statusCode).toBe(200)
    expect(fieldErrors(await reset(second, 'segunda-troca-2'))).toEqual({
      token: 'O link de redefinição de senha é inválido ou expirou',
    })
    // A link asked for, then the password changed in the profile: the link is dead.
    const third = await resetLink('demo')
    const session = await signIn(t.api, { username: 'demo', password: 'primeira-troca-1' })
    const changed = await t.put(
      '/api/me/change-password',
      { currentPassword: 'primeira-troca-1', password: DEMO.user.password + '-x' },
      session,
    )
    expect(changed.statusCode).toBe(200)
    expect(fieldErrors(await reset(third, 'terceira-troca-3'))).toEqual({
      token: 'O link de redefinição de senha é inválido ou expirou',
    })
    // And an administrator setting the password does the same.
    await t.db.query('DELETE FROM app.request_events')
    const fourth = await resetLink('demo')
    const admin = await signIn(t.api, DEMO.admin)
    const me = (await t.get('/api/me/profile', session)).json()
    const set = await t.put(`/api/users/${me.id}`, { password: DEMO.user.password }, admin)
    expect(set.statusCode).toBe(200)
    expect((await reset(fourth, 'quarta-troca-4')).statusCode).toBe(400)
    await expect(signIn(t.api, DEMO.user)).resolves.toBeTruthy()
  })

  it('answers 429 to an address after ten attempts in 15 minutes', async () => {
    await t.db.query('DELETE FROM app.request_events')
    for (let i = 0; i < 10; i++) {
      expect((await reset(`inventado-${i}`, 'qualquer-123', '203.0.113.90')).statusCode).toBe(400)
    }
    const refused = await reset('inventado-10', 'qualquer-123', '203.0.113.90')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('900')
    expect(refused.json().message).toBe(
      'Muitas tentativas de redefinição de senha a partir deste endereço. Tente novamente em 15 minutos.',
    )
    expect((await reset('inventado-11', 'qualquer-123', '203.0.113.91')).statusCode).toBe(400)
  })
})
