import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { fieldErrors, useTestApp } from '../../../test/harness'

const t = useTestApp({ config: { attachmentMaxMb: 1 } })

interface Uploaded {
  id: number
  uuid: string
  filename: string
  description: string
  contentType: string
  src: string
  uploadDate: string
  user: string
  size: number
}

/** A multipart upload through fetch (FormData), as the browser sends it. */
async function upload(
  url: string,
  file: { bytes: Buffer; name: string; type?: string } | undefined,
  token: string,
  description?: string,
) {
  const form = new FormData()
  if (description !== undefined) form.append('description', description)
  if (file) {
    form.append(
      'file',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  }
  const res = await fetch(t.baseUrl + url, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: () => JSON.parse(text) }
}

/** A file (and its description) attached by the demo user to bridge 2. */
const attach = (file: { bytes: Buffer; name: string; type?: string }, description?: string) =>
  upload('/api/features/oae/2/attachments', file, t.user, description)

/** A PNG attached by `token` to the feature of `url`. */
const uploadPng = async (url: string, name: string, token: string) =>
  upload(url, { bytes: await png(), name }, token)

/** A one-byte text file attached by `token` to the feature of `url`. */
const uploadText = (url: string, token: string) =>
  upload(url, { bytes: Buffer.from('x'), name: 'a.txt' }, token)

/** A multipart body written by hand, as a hostile client would (any bytes in the file name). */
async function rawUpload(url: string, filename: string, bytes: Buffer, token: string) {
  const boundary = '----gis-test-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename.replaceAll('"', '\\"')}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const res = await fetch(t.baseUrl + url, {
    method: 'POST',
    body: Buffer.concat([head, bytes, tail]),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  })
  const text = await res.text()
  return { status: res.status, json: () => JSON.parse(text) }
}

const download = (src: string, token: string, extra = '') =>
  fetch(`${t.baseUrl}${src}?token=${encodeURIComponent(token)}${extra}`)

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer()

describe('upload, list, download, thumbnail, delete', () => {
  let photo: Uploaded

  it('stores an image with its description and lists it', async () => {
    const bytes = await png()
    const res = await attach({ bytes, name: 'ponte.png', type: 'image/png' }, 'Vista da ponte')
    expect(res.status).toBe(201)
    photo = res.json()
    expect(photo).toMatchObject({
      filename: 'ponte.png',
      description: 'Vista da ponte',
      contentType: 'image/png',
      user: 'demo',
      size: bytes.length,
      src: `/api/attachments/${photo.id}`,
    })
    expect(res.headers.get('location')).toBe(photo.src)
    const list = await t.get('/api/features/oae/2/attachments', t.user)
    expect(list.statusCode).toBe(200)
    expect(list.headers['x-attachment-max-bytes']).toBe(String(1_048_576))
    expect(list.json()).toContainEqual(photo)
  })

  it('serves the image inline with ?token= and a thumbnail made with sharp', async () => {
    const res = await download(photo.src, t.user)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="ponte.png"/)
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await png())
    const thumb = await download(photo.src, t.user, '&thumbnail')
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect(meta.height).toBe(160)
    expect(meta.width).toBe(213)
    // Made once, then served from the storage.
    const files = (await t.storedFiles()).length
    expect((await download(photo.src, t.user, '&thumbnail')).status).toBe(200)
    expect((await t.storedFiles()).length).toBe(files)
  })

  it('refuses the JSON list with ?token= and downloads without a session', async () => {
    expect((await t.get(`/api/features/oae/2/attachments?token=${t.user}`)).statusCode).toBe(401)
    expect((await fetch(`${t.baseUrl}${photo.src}`)).status).toBe(401)
    expect((await fetch(`${t.baseUrl}${photo.src}?token=nao-e-um-token`)).status).toBe(401)
  })

  it('deletes the attachment and its files', async () => {
    const before = await t.storedFiles()
    const res = await t.del(photo.src, t.user)
    expect(res.statusCode).toBe(204)
    expect((await download(photo.src, t.user)).status).toBe(404)
    expect((await t.storedFiles()).length).toBe(before.length - 2)
    const list = await t.get('/api/features/oae/2/attachments', t.user)
    expect(list.json().find((a: Uploaded) => a.id === photo.id)).toBeUndefined()
  })
})

describe('files that must never run in our origin', () => {
  it('serves HTML as a download, never inline', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>')
    const res = await attach({ bytes: html, name: 'relatorio.html', type: 'text/html' })
    expect(res.status).toBe(201)
    const a: Uploaded = res.json()
    expect(a.contentType).toBe('text/html')
    const got = await download(a.src, t.user)
    expect(got.headers.get('content-type')).toBe('application/octet-stream')
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="relatorio.html"/)
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    expect(got.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
    expect((await download(a.src, t.user, '&thumbnail')).status).toBe(404)
  })

  it('serves SVG as a download (it can carry script)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const res = await attach({ bytes: svg, name: 'desenho.svg', type: 'image/svg+xml' })
    const got = await download(res.json().src, t.user)
    expect(got.headers.get('content-type')).toBe('application/octet-stream')
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/)
  })

  it('believes the bytes, not the declared type nor the name', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>')
    const res = await attach({ bytes: html, name: 'foto.png', type: 'image/png' })
    const a: Uploaded = res.json()
    expect(a.contentType).toBe('application/octet-stream')
    const got = await download(a.src, t.user)
    expect(got.headers.get('content-type')).toBe('application/octet-stream')
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/)
    // And a real PNG sent as text is an image.
    const real = await attach({ bytes: await png(), name: 'x.txt', type: 'text/plain' })
    expect(real.json().contentType).toBe('image/png')
  })

  it('keeps a path-traversal name as a label only; the file lands under a generated key', async () => {
    const before = new Set(await t.storedFiles())
    const res = await rawUpload(
      '/api/features/oae/2/attachments',
      '../../../etc/passwd',
      Buffer.from('root:x:0:0'),
      t.user,
    )
    expect(res.status).toBe(201)
    const a: Uploaded = res.json()
    expect(a.filename).toBe('passwd')
    const added = (await t.storedFiles()).filter((f) => !before.has(f))
    expect(added).toHaveLength(1)
    expect(added[0]).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/)
    const windows = await rawUpload(
      '/api/features/oae/2/attachments',
      'C:\\fakepath\\..\\relatório "final".pdf',
      Buffer.from('%PDF-1.4'),
      t.user,
    )
    const b: Uploaded = windows.json()
    expect(b.filename).toBe('relatório "final".pdf')
    const got = await download(b.src, t.user)
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="relat_rio _final_.pdf"; filename*=UTF-8''relat%C3%B3rio%20%22final%22.pdf`,
    )
    const hidden = await rawUpload(
      '/api/features/oae/2/attachments',
      '..',
      Buffer.from('x'),
      t.user,
    )
    expect(hidden.json().filename).toBe('arquivo')
  })
})

describe('limits and refusals', () => {
  it('refuses a file over ATTACHMENT_MAX_MB and keeps nothing', async () => {
    const before = await t.storedFiles()
    const rows = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.attachments')).rows[0]!.n
    const count = await rows()
    const big = Buffer.alloc(1_048_576 + 10, 7)
    const res = await attach({ bytes: big, name: 'grande.bin' })
    expect(res.status).toBe(413)
    expect(res.json().message).toBe('O arquivo excede o tamanho máximo de 1 MB.')
    expect(await t.storedFiles()).toEqual(before)
    expect(await rows()).toBe(count)
    // Exactly the limit is accepted.
    const exact = await attach({ bytes: Buffer.alloc(1_048_576, 1), name: 'limite.bin' })
    expect(exact.status).toBe(201)
  })

  it('needs a file and a short description, in Portuguese', async () => {
    const none = await upload('/api/features/oae/2/attachments', undefined, t.user, 'sem arquivo')
    expect(none.status).toBe(400)
    expect(none.json().errors).toEqual([
      { field: 'file', message: 'É necessário escolher um arquivo' },
    ])
    const long = await attach({ bytes: Buffer.from('x'), name: 'a.txt' }, 'x'.repeat(501))
    expect(long.status).toBe(400)
    expect(long.json().errors[0].field).toBe('description')
    const json = await t.post('/api/features/oae/2/attachments', {}, t.user)
    expect(json.statusCode).toBe(415)
    expect(json.json().message).toMatch(/multipart/)
  })

  it('answers 404 for a feature that does not exist', async () => {
    const res = await uploadText('/api/features/oae/999999/attachments', t.user)
    expect(res.status).toBe(404)
    expect((await t.get('/api/features/oae/999999/attachments', t.user)).statusCode).toBe(404)
  })
})

describe('the three attachment flags, on the attachment’s own layer', () => {
  let secret: Uploaded

  beforeAll(async () => {
    // An attachment of `ocorrencias`, which the demo user may not read at all.
    const res = await uploadPng('/api/features/ocorrencias/1/attachments', 'sigilo.png', t.admin)
    secret = res.json()
  })

  it('hides another layer’s attachments from a guessed id: the same 404 as none', async () => {
    const missing = await download('/api/attachments/999999', t.user)
    const guessed = await download(secret.src, t.user)
    expect(guessed.status).toBe(404)
    expect(await guessed.text()).toBe(await missing.text())
    expect((await download(secret.src, t.user, '&thumbnail')).status).toBe(404)
    const del = await t.del(secret.src, t.user)
    expect(del.statusCode).toBe(404)
    expect((await download(secret.src, t.admin)).status).toBe(200)
    expect((await t.get('/api/features/ocorrencias/1/attachments', t.user)).statusCode).toBe(404)
    const up = await uploadText('/api/features/ocorrencias/1/attachments', t.user)
    expect(up.status).toBe(404)
  })

  it('lets a read-only layer be read, never added to or deleted from', async () => {
    // rodovias: readFeature and readFeatureAttachment only, for the demo user.
    const own = await uploadPng('/api/features/rodovias/1/attachments', 'eixo.png', t.admin)
    const list = await t.get('/api/features/rodovias/1/attachments', t.user)
    expect(list.statusCode).toBe(200)
    expect((await download(own.json().src, t.user)).status).toBe(200)
    const up = await uploadText('/api/features/rodovias/1/attachments', t.user)
    expect(up.status).toBe(403)
    expect(up.json().message).toBe('Você não possui permissão para anexar arquivos neste layer!')
    const del = await t.del(own.json().src, t.user)
    expect(del.statusCode).toBe(403)
    expect(del.json().message).toBe('Você não possui permissão para excluir anexos neste layer!')
  })

  it('refuses reading attachments without readFeatureAttachment', async () => {
    await t.db.query(
      `UPDATE app.group_layer_permissions SET read_feature_attachment = false
        WHERE layer_name = 'pracas_pedagio'`,
    )
    const own = await uploadPng('/api/features/pracas_pedagio/1/attachments', 'praca.png', t.admin)
    const list = await t.get('/api/features/pracas_pedagio/1/attachments', t.user)
    expect(list.statusCode).toBe(403)
    expect(list.json().message).toBe('Você não possui permissão para ver os anexos deste layer!')
    expect((await download(own.json().src, t.user)).status).toBe(403)
  })
})

describe('demo photos of the bridges', () => {
  it('are drawn into the storage on first use: 1280x720 JPEG without metadata', async () => {
    const { rows } = await t.db.query<{ feature_id: number }>(
      `SELECT feature_id FROM app.attachments WHERE demo_photo IS NOT NULL ORDER BY id LIMIT 1`,
    )
    const featureId = Number(rows[0]!.feature_id)
    const list = await t.get(`/api/features/oae/${featureId}/attachments`, t.user)
    expect(list.statusCode).toBe(200)
    const photos: Uploaded[] = list.json()
    expect(photos.length).toBeGreaterThanOrEqual(2)
    for (const p of photos) {
      expect(p).toMatchObject({ contentType: 'image/jpeg', user: 'demo' })
      expect(p.filename).toMatch(/^IMG_\d{8}_\d{4}/)
      expect(p.size).toBeGreaterThan(20_000)
    }
    const res = await download(photos[0]!.src, t.user)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([1280, 720, 'jpeg'])
    expect(meta.exif).toBeUndefined()
    const thumb = await download(photos[1]!.src, t.user, '&thumbnail')
    expect(thumb.status).toBe(200)
  })

  it('seed one bridge in three, two or three photos each', async () => {
    const { rows } = await t.db.query<{ bridges: number; photos: number }>(
      `SELECT count(DISTINCT feature_id)::int AS bridges, count(*)::int AS photos
         FROM app.attachments WHERE demo_photo IS NOT NULL`,
    )
    expect(rows[0]!.bridges).toBeGreaterThanOrEqual(20)
    expect(rows[0]!.photos).toBeGreaterThanOrEqual(rows[0]!.bridges * 2)
  })
})

describe('photo and file fields take an attachment of the feature', () => {
  it('accepts the id of one of its attachments, refuses another feature’s', async () => {
    const mine = await uploadPng('/api/features/oae/5/attachments', 'foto.png', t.user)
    const other = await uploadPng('/api/features/oae/6/attachments', 'outra.png', t.user)
    const loaded = (await t.get('/api/features/oae/5', t.user)).json()
    const bad = await t.put(
      '/api/features/oae/5',
      { version: loaded.version, attributes: { foto: String(other.json().id) } },
      t.user,
    )
    expect(fieldErrors(bad)).toEqual({ foto: 'Escolha um anexo desta feição' })
    const ok = await t.put(
      '/api/features/oae/5',
      { version: loaded.version, attributes: { foto: String(mine.json().id) } },
      t.user,
    )
    expect(ok.statusCode).toBe(200)
    expect(ok.json().attributes.foto).toBe(String(mine.json().id))
  })
})
