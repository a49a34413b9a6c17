import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../../test/harness'
import { postForm } from './reports.fixture'

let t: TestApp
let admin: string
let user: string
let png: Buffer

beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
  png = await sharp({
    create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer()
})
afterAll(async () => {
  await t?.close()
})

const upload = (token: string, name: string, bytes: Buffer | string, tag?: string) =>
  postForm(t.baseUrl, '/api/reports/contents', token, {
    ...(tag ? { tag } : {}),
    file: { name, bytes, type: 'image/png' },
  })
const count = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.report_contents')).rows[0]!.n

describe('report image library', () => {
  it('uploads images, lists them by tag and filename with x-rowcount, and serves their bytes', async () => {
    const a = await upload(user, 'logo_concessao.png', png, 'reports/imagens')
    expect(a.statusCode).toBe(201)
    expect(a.json()).toMatchObject({
      filename: 'logo_concessao.png',
      contentType: 'image/png',
      size: png.length,
      tag: 'reports/imagens',
    })
    const gif = Buffer.from(
      'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
      'base64',
    )
    const b = await upload(admin, 'Assinatura.gif', gif)
    expect(b.statusCode).toBe(201)
    expect(b.json()).toMatchObject({ contentType: 'image/gif', tag: 'reports/imagens' })
    const other = await upload(admin, 'outra.png', png, 'outros')
    expect(other.statusCode).toBe(201)

    const list = await t.api({ url: '/api/reports/contents?tag=reports/imagens', token: user })
    expect(list.statusCode).toBe(200)
    expect(list.headers['x-rowcount']).toBe('2')
    // newest first
    expect(list.json().map((c: { filename: string }) => c.filename)).toEqual([
      'Assinatura.gif',
      'logo_concessao.png',
    ])
    const found = await t.api({
      url: '/api/reports/contents?tag=reports/imagens&query=LOGO&page=0&limit=1',
      token: user,
    })
    expect(found.headers['x-rowcount']).toBe('1')
    expect(found.json()).toHaveLength(1)
    expect(found.json()[0].id).toBe(a.json().id)
    const paged = await t.api({
      url: '/api/reports/contents?tag=reports/imagens&page=1&limit=1',
      token: user,
    })
    expect(paged.headers['x-rowcount']).toBe('2')
    expect(paged.json()[0].id).toBe(a.json().id)
    const none = await t.api({
      url: '/api/reports/contents?tag=reports/imagens&query=%25',
      token: user,
    })
    expect(none.headers['x-rowcount']).toBe('0')

    const file = await fetch(`${t.baseUrl}/api/reports/contents/${a.json().id}/file?token=${user}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)
    expect((await fetch(`${t.baseUrl}/api/reports/contents/${a.json().id}/file`)).status).toBe(401)
    const missing = await t.api({ url: '/api/reports/contents/999999/file', token: user })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Imagem não encontrada.')
    expect((await t.api({ url: '/api/reports/contents' })).statusCode).toBe(401)
  })

  it('refuses what is not a PNG, JPEG, GIF or WebP by its bytes, and files over 5 MB, storing nothing', async () => {
    const before = await count()
    for (const [name, bytes] of [
      ['falsa.png', 'não sou uma imagem'],
      ['desenho.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
      ['bitmap.png', Buffer.concat([Buffer.from('BM'), Buffer.alloc(40)])],
    ] as const) {
      const res = await upload(user, name, bytes)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('A imagem deve ser PNG, JPEG, GIF ou WebP.')
    }
    const big = Buffer.concat([png, Buffer.alloc(5 * 1_048_576)])
    const tooLarge = await upload(user, 'grande.png', big)
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json().message).toBe('A imagem passa de 5 MB.')
    const noFile = await postForm(t.baseUrl, '/api/reports/contents', user, { tag: 'x' })
    expect(noFile.statusCode).toBe(400)
    expect(await count()).toBe(before)
  })
})
