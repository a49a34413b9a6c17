import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import { userWithPermissions } from '../../../test/users'
import {
  makePdf,
  makePng,
  postForm,
  postLargeFile,
  previewsMade,
  storedFileCount,
} from '../../../test/uploads'

const t = useTestApp()
let png: Buffer
beforeAll(async () => {
  png = await makePng(600, 300)
})

type FileField = { name: string; bytes: Buffer | string; type?: string }
const upload = (token: string, tag: string, file: FileField, title?: string) =>
  postForm(t.baseUrl, '/api/content', token, {
    tag,
    ...(title ? { title } : {}),
    file,
  })
const count = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.contents')).rows[0]!.n
const REPORT_TAG = encodeURIComponent('reports/imagens')

describe('content store', () => {
  it('stores an image of the report library, lists it by tag with x-rowcount and serves it by bearer or ?token=', async () => {
    const a = await upload(t.user, 'reports/imagens', { name: 'logo_concessao.png', bytes: png })
    expect(a.statusCode).toBe(201)
    expect(a.json()).toMatchObject({
      tag: 'reports/imagens',
      title: 'logo_concessao.png',
      filename: 'logo_concessao.png',
      contentType: 'image/png',
      size: png.length,
      thumbnail: true,
    })
    const gif = Buffer.from(
      'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
      'base64',
    )
    const b = await upload(
      t.admin,
      'reports/imagens',
      { name: 'Assinatura.gif', bytes: gif },
      'Assinatura',
    )
    expect(b.statusCode).toBe(201)
    expect(b.json()).toMatchObject({ contentType: 'image/gif', title: 'Assinatura' })

    const list = await t.get(`/api/content/tag/${REPORT_TAG}`, t.user)
    expect(list.statusCode).toBe(200)
    expect(list.headers['x-rowcount']).toBe('2')
    expect(list.json().map((c: { filename: string }) => c.filename)).toEqual([
      'Assinatura.gif',
      'logo_concessao.png',
    ])
    // the tag unencoded works too; query in title or file name, any case; paging
    const found = await t.get('/api/content/tag/reports/imagens?query=LOGO&limit=1', t.user)
    expect(found.headers['x-rowcount']).toBe('1')
    expect(found.json()[0].id).toBe(a.json().id)
    const paged = await t.get(`/api/content/tag/${REPORT_TAG}?page=1&limit=1`, t.user)
    expect(paged.json()[0].id).toBe(a.json().id)
    expect((await t.get('/api/content/tag/outra', t.user)).headers['x-rowcount']).toBe('0')

    const url = `${t.baseUrl}/api/content/${a.json().id}`
    const file = await fetch(`${url}?token=${t.user}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('content-disposition')).toMatch(/^inline/)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    const etag = file.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)
    const again = await fetch(url, {
      headers: { authorization: `Bearer ${t.user}`, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)

    const thumb = await fetch(`${url}?thumbnail&token=${t.user}`)
    expect(thumb.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([256, 128])

    expect((await fetch(url)).status).toBe(401)
    const missing = await t.get('/api/content/999999', t.user)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Conteúdo não encontrado.')
    expect((await t.get(`/api/content/tag/${REPORT_TAG}`)).statusCode).toBe(401)
    expect((await t.post('/api/content')).statusCode).toBe(401)
  })

  it('keeps PDFs and office files of other tags (a PDF with its thumbnail), as downloads unless PDF or image', async () => {
    const pdf = await upload(t.user, 'projetos/anexos', {
      name: 'memorial.pdf',
      bytes: await makePdf(3),
    })
    expect(pdf.statusCode).toBe(201)
    // The answer does not wait for poppler: the preview is a job.
    expect(pdf.json()).toMatchObject({
      contentType: 'application/pdf',
      thumbnail: false,
      preview: 'pending',
    })
    expect(await previewsMade(t.db, [pdf.json().id])).toEqual(['done'])
    const listed = await t.get('/api/content/tag/projetos%2Fanexos', t.user)
    expect(listed.json().find((c: { id: number }) => c.id === pdf.json().id)).toMatchObject({
      thumbnail: true,
      preview: 'done',
    })
    const { rows } = await t.db.query<{ page_count: number }>(
      'SELECT page_count FROM app.contents WHERE id = $1',
      [pdf.json().id],
    )
    expect(rows[0]!.page_count).toBe(3)
    const thumb = await fetch(`${t.baseUrl}/api/content/${pdf.json().id}?thumbnail&token=${t.user}`)
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(256)
    const inline = await fetch(`${t.baseUrl}/api/content/${pdf.json().id}?token=${t.user}`)
    expect(inline.headers.get('content-disposition')).toMatch(/^inline/)

    const csv = await upload(t.user, 'projetos/anexos', {
      name: 'quantitativos.csv',
      bytes: 'a;b\n1;2\n',
    })
    expect(csv.statusCode).toBe(201)
    expect(csv.json()).toMatchObject({ contentType: 'text/csv', thumbnail: false })
    const down = await fetch(`${t.baseUrl}/api/content/${csv.json().id}?token=${t.user}`)
    expect(down.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(down.headers.get('content-security-policy')).toContain('sandbox')
    expect((await t.get(`/api/content/${csv.json().id}?thumbnail`, t.user)).statusCode).toBe(404)

    // a PDF poppler cannot read is kept, without thumbnail
    const broken = await upload(t.user, 'projetos/anexos', {
      name: 'quebrado.pdf',
      bytes: '%PDF-1.4\nlixo',
    })
    expect(broken.statusCode).toBe(201)
    expect(await previewsMade(t.db, [broken.json().id])).toEqual(['failed'])
    const again = await t.get('/api/content/tag/projetos%2Fanexos', t.user)
    expect(again.json().find((c: { id: number }) => c.id === broken.json().id)).toMatchObject({
      thumbnail: false,
      preview: 'failed',
    })
  })

  it('refuses bad tags, the documents tags, wrong types and oversized files, storing nothing', async () => {
    const before = await count()
    const files = storedFileCount(t.dataDir)
    const refusals: [string, FileField, string][] = [
      ['Maiúsculas', { name: 'a.png', bytes: png }, 'Tag inválida'],
      ['', { name: 'a.png', bytes: png }, 'Tag inválida'],
      ['/começa', { name: 'a.png', bytes: png }, 'Tag inválida'],
      [
        'documentos',
        { name: 'a.pdf', bytes: 'x' },
        'Documentos devem ser enviados pela biblioteca de documentos.',
      ],
      ['documentos/x', { name: 'a.png', bytes: png }, 'Documentos devem ser enviados'],
      [
        'reports/imagens',
        { name: 'falsa.png', bytes: 'não sou uma imagem' },
        'A imagem deve ser PNG, JPEG, GIF ou WebP.',
      ],
      [
        'inspecoes/fotos',
        { name: 'a.pdf', bytes: await makePdf(1) },
        'A imagem deve ser PNG, JPEG, GIF ou WebP.',
      ],
      [
        'outros',
        { name: 'programa.exe', bytes: 'MZ' },
        'Tipo de arquivo não aceito: programa.exe.',
      ],
      [
        'outros',
        { name: 'falso.pdf', bytes: 'texto' },
        'O conteúdo do arquivo não corresponde à extensão: falso.pdf.',
      ],
      ['outros', { name: 'planilha.xlsx', bytes: 'texto' }, 'não corresponde'],
      ['outros', { name: 'dados.csv', bytes: png }, 'não corresponde'],
    ]
    for (const [tag, file, message] of refusals) {
      const res = await upload(t.user, tag, file)
      expect(res.statusCode, `${tag} ${file.name}`).toBe(400)
      expect(res.json().message).toContain(message)
    }
    const noFile = await postForm(t.baseUrl, '/api/content', t.user, { tag: 'outros' })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().message).toBe('Selecione um arquivo.')

    const big = Buffer.concat([png, Buffer.alloc(10 * 1_048_576)])
    const tooBig = await upload(t.user, 'reports/imagens', { name: 'grande.png', bytes: big })
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json().message).toBe('O arquivo excede o limite de 10 MB.')
    const huge = await postLargeFile(
      `${t.baseUrl}/api/content`,
      t.user,
      { tag: 'outros' },
      'enorme.pdf',
      100 * 1_048_576 + 10,
    )
    expect(huge.status).toBe(400)
    expect(JSON.parse(huge.body).message).toBe('O arquivo excede o limite de 100 MB.')
    expect(await count()).toBe(before)
    expect(storedFileCount(t.dataDir)).toBe(files)
  })

  it("does not list the documents' tags, and shows inspection photos only to who reads the inspections' layer", async () => {
    const docs = await t.get('/api/content/tag/documentos', t.user)
    expect(docs.statusCode).toBe(404)
    const photo = await upload(t.user, 'inspecoes/fotos', { name: 'foto.png', bytes: png })
    expect(photo.statusCode).toBe(201)
    const outsider = await userWithPermissions(t, 'sem_oae', { placas: ['readFeature'] })
    expect((await t.get(`/api/content/${photo.json().id}`, outsider)).statusCode).toBe(404)
    expect((await t.get('/api/content/tag/inspecoes%2Ffotos', outsider)).statusCode).toBe(404)
    expect((await t.get(`/api/content/${photo.json().id}`, t.user)).statusCode).toBe(200)
    const list = await t.get('/api/content/tag/inspecoes%2Ffotos', t.user)
    expect(list.json().map((c: { id: number }) => c.id)).toContain(photo.json().id)
  })
})
