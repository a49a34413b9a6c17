import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../mail/mailer'
import { captureLog, DEMO, signIn, useTestApp } from '../../test/harness'
import { startSmtpServer } from '../../test/smtp'
import { loggablePath } from './request-log'

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const log = captureLog('debug')
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp?.close()
})
const t = useTestApp(() => ({
  logger: log.logger,
  mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'GIS <gis@test>' }),
  signIn: false,
}))

describe('loggablePath', () => {
  it('hides credentials in the query and the reset link, and keeps the rest', () => {
    expect(loggablePath('/api/tiles/placas/13/1/2.pbf?v=3&token=abc')).toBe(
      '/api/tiles/placas/13/1/2.pbf?v=3&token=***',
    )
    expect(loggablePath('/ows?SERVICE=WFS&TOKEN=abc&typeNames=gis%3Aplacas')).toBe(
      '/ows?SERVICE=WFS&TOKEN=***&typeNames=gis%3Aplacas',
    )
    expect(loggablePath('/x?pass%77ord=segredo&senha=s&a=1')).toBe(
      '/x?pass%77ord=***&senha=***&a=1',
    )
    expect(loggablePath('/reset-password/Zm9vYmFy-_x?utm=1')).toBe('/reset-password/***?utm=1')
    expect(loggablePath('/api/users?page=1')).toBe('/api/users?page=1')
  })
})

describe('the request log', () => {
  it('holds no token, reset token or password, whatever the route; one short info line per request', async () => {
    const secrets: string[] = []
    // Sign-in: the password travels in the body, the token in the answer's header.
    const adminToken = await signIn(t.api, DEMO.admin, '10.9.0.1')
    const userToken = await signIn(t.api, DEMO.user, '10.9.0.2')
    secrets.push(adminToken, userToken, DEMO.admin.password, DEMO.user.password)
    let requests = 3 // the two sign-ins, and this one:
    await t.get('/auth/validate', userToken)
    // A failed sign-in with a password that exists nowhere else.
    requests++
    await t.post('/auth/login', { username: 'demo', password: 'uma-senha-que-vaza-1' })
    secrets.push('uma-senha-que-vaza-1')
    // The token in the URL, refused on the JSON API and accepted by the tiles.
    requests += 2
    await t.get(`/auth/validate?token=${userToken}`)
    await t.get(`/api/tiles/placas/13/3037/4645.pbf?v=1&token=${adminToken}`)
    // HTTP Basic on /ows, right and wrong.
    const basic = Buffer.from(`demo:${DEMO.user.password}`).toString('base64')
    const wrong = Buffer.from('demo:outra-senha-que-vaza-2').toString('base64')
    secrets.push(basic, wrong, 'outra-senha-que-vaza-2')
    requests += 2
    await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities', {
      headers: { authorization: `Basic ${basic}` },
    })
    await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities', {
      headers: { authorization: `Basic ${wrong}` },
      from: '10.9.0.3',
    })
    // Password change and the whole reset: link by mail, the page, the new password.
    requests++
    await t.put(
      '/api/me/change-password',
      { currentPassword: DEMO.user.password, password: 'trocada-no-log-3' },
      userToken,
    )
    secrets.push('trocada-no-log-3')
    const received = smtp.inbox.length
    requests++
    await t.post('/api/me/forgot-password', { username: 'demo' })
    const resetToken = (await smtp.waitFor(received + 1)).text.match(
      /reset-password\/([\w-]+)/,
    )![1]!
    secrets.push(resetToken)
    requests += 2
    await t.get(`/reset-password/${resetToken}`)
    const reset = await t.post('/api/me/reset-password', {
      token: resetToken,
      password: 'redefinida-no-log-4',
    })
    expect(reset.statusCode).toBe(200)
    secrets.push('redefinida-no-log-4')
    // A credential in the query of any route, and a bad request with one in its body.
    requests += 2
    await t.get(`/api/users/exists?username=demo&password=${'vaza-pela-url-5'}`)
    await t.post('/auth/login', { username: '', password: 'vaza-no-erro-6' })
    secrets.push('vaza-pela-url-5', 'vaza-no-erro-6')

    // Give the last onResponse hooks a moment to write.
    await new Promise((r) => setTimeout(r, 100))
    const text = log.text()
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret)

    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string; request?: unknown })
    const perRequest = lines.filter(
      (l) => l.level === 30 && /^(GET|POST|PUT|DELETE) \S+ \d{3} \d+,\d ms$/.test(l.msg),
    )
    expect(perRequest).toHaveLength(requests)
    expect(perRequest.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/reset-password\/\*\*\* 404 /),
        expect.stringMatching(/^GET \/api\/tiles\/placas\/13\/3037\/4645\.pbf\?v=1&token=\*\*\* /),
        expect.stringMatching(/^POST \/auth\/login 401 /),
      ]),
    )
    for (const line of perRequest) expect(JSON.stringify(line).length).toBeLessThan(300)
    // The details are at debug, one line per request too, credentials hidden.
    const details = lines.filter((l) => l.level === 20 && l.msg === 'detalhes da requisição')
    expect(details).toHaveLength(requests)
    expect(JSON.stringify(details)).toContain('"authorization":"***"')
  })
})
