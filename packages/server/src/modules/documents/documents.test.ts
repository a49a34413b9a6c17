import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../../demo/seed'
import { signIn, useTestApp } from '../../../test/harness'
import { todayOf } from '../../../test/today'
import {
  makePdf,
  makePng,
  postForm,
  postLargeFile,
  previewsMade,
  storedFileCount,
} from '../../../test/uploads'
import { budget } from '../../../test/slowdown'

const t = useTestApp()
let campo: string
let folders: Record<string, number>
let bridge: number
beforeAll(async () => {
  campo = await signIn(t.api, { username: 'campo', password: 'campo1234' })
  const res = await t.get('/api/documents/folders', t.admin)
  folders = Object.fromEntries(res.json().map((f: { name: string; id: number }) => [f.name, f.id]))
  const { rows } = await t.db.query<{ id: number }>(
    'SELECT id::int AS id FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY id DESC LIMIT 1',
  )
  bridge = rows[0]!.id
})

type Fields = Record<string, string | { name: string; bytes: Buffer | string; type?: string }>
const uploadDoc = (token: string, fields: Fields) =>
  postForm(t.baseUrl, '/api/documents', token, fields)
const countDocs = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.documents')).rows[0]!.n

describe('documents library', () => {
  it('lists the demo folders each user may read, with the groups for administrators', async () => {
    expect(Object.keys(folders).sort()).toEqual([
      'Contratos',
      'Normas e manuais',
      'Projetos',
      'Relatórios de inspeção',
    ])
    const admin = (await t.get('/api/documents/folders', t.admin)).json()
    const reports = admin.find((f: { name: string }) => f.name === 'Relatórios de inspeção')
    expect(reports.groups.map((g: { name: string }) => g.name).sort()).toEqual([
      'Equipe de campo',
      'Fiscalização',
    ])
    expect(reports.documentCount).toBe(3)
    const mine = (await t.get('/api/documents/folders', t.user)).json()
    expect(mine).toHaveLength(4)
    expect(mine.find((f: { name: string }) => f.name === 'Relatórios de inspeção')).toMatchObject({
      canWrite: false,
    })
    expect(mine.find((f: { name: string }) => f.name === 'Projetos')).toMatchObject({
      canWrite: true,
    })
    expect(mine[0].groups).toBeUndefined()
    const theirs = (await t.get('/api/documents/folders', campo)).json()
    expect(theirs.map((f: { name: string }) => f.name)).not.toContain('Relatórios de inspeção')
    expect((await t.get('/api/documents/folders')).statusCode).toBe(401)
  })

  it('uploads a document, finds it by title, tag, type and date, edits, moves, versions, bins and restores it with its history', async () => {
    const pdf = await makePdf(2, 'Memorial')
    const res = await uploadDoc(t.user, {
      folderId: String(folders.Projetos),
      description: 'Memorial descritivo da obra',
      tags: 'Projeto, ponte , projeto,drenagem',
      file: { name: 'Memorial Ponte Rio Claro.pdf', bytes: pdf },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ kind: 'pdf', pageCount: null, preview: 'pending' })
    expect(await previewsMade(t.db, [res.json().contentId])).toEqual(['done'])
    const doc = (await t.get(`/api/documents/${res.json().id}`, t.user)).json()
    expect(doc).toMatchObject({
      folderId: folders.Projetos,
      folderPath: 'Projetos',
      title: 'Memorial Ponte Rio Claro',
      tags: ['Projeto', 'ponte', 'drenagem'],
      version: 1,
      kind: 'pdf',
      pageCount: 2,
      preview: 'done',
      thumbnail: true,
      canWrite: true,
      updatedBy: 'demo',
      linkCount: 0,
      deleted: null,
    })
    expect(doc.versions).toHaveLength(1)

    const find = async (q: string) => {
      const list = await t.get(`/api/documents?${q}`, t.user)
      expect(list.statusCode, list.body).toBe(200)
      return list.json().map((d: { id: number }) => d.id) as number[]
    }
    expect(await find('query=rio%20CLARO')).toEqual([doc.id])
    expect(await find('query=memorial%20descritivo')).toEqual([doc.id])
    expect(await find('tag=DRENAGEM')).toEqual([doc.id])
    expect(await find(`type=pdf&folder=${folders.Projetos}`)).toContain(doc.id)
    expect(await find('type=image')).not.toContain(doc.id)
    const today = await todayOf(t)
    expect(await find(`from=${today}`)).toContain(doc.id)
    expect(await find('to=2020-01-01')).not.toContain(doc.id)
    const all = await t.get('/api/documents?limit=2', t.user)
    expect(all.headers['x-rowcount']).toBe('10') // the 9 demo documents and this one
    expect(all.json()).toHaveLength(2)
    const badDate = await t.get('/api/documents?from=31/12/2025', t.user)
    expect(badDate.statusCode).toBe(400)

    const put = await t.put(
      `/api/documents/${doc.id}`,
      { title: 'Memorial descritivo', tags: ['projeto'], folderId: folders.Contratos },
      t.user,
    )
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toMatchObject({ title: 'Memorial descritivo', folderPath: 'Contratos' })

    const v2 = await postForm(t.baseUrl, `/api/documents/${doc.id}/versions`, t.user, {
      comment: 'Revisão B',
      file: { name: 'memorial-rev-b.pdf', bytes: await makePdf(3, 'Revisão B') },
    })
    expect(v2.statusCode, JSON.stringify(v2.json())).toBe(201)
    expect(v2.json()).toMatchObject({
      version: 2,
      preview: 'pending',
      filename: 'memorial-rev-b.pdf',
    })
    await previewsMade(t.db, [v2.json().contentId])
    expect((await t.get(`/api/documents/${doc.id}`, t.user)).json()).toMatchObject({
      version: 2,
      pageCount: 3,
    })
    expect(
      v2.json().versions.map((v: { version: number; comment: string }) => [v.version, v.comment]),
    ).toEqual([
      [2, 'Revisão B'],
      [1, ''],
    ])

    expect((await t.del(`/api/documents/${doc.id}`, t.user)).statusCode).toBe(204)
    expect(await find('query=memorial%20descritivo')).toEqual([])
    expect(await find('deleted=true')).toContain(doc.id)
    const inBin = await t.put(`/api/documents/${doc.id}`, { title: 'x' }, t.user)
    expect(inBin.statusCode).toBe(400)
    expect((await t.patch(`/api/documents/${doc.id}/restore`, undefined, t.user)).statusCode).toBe(
      204,
    )
    expect((await t.patch(`/api/documents/${doc.id}/restore`, undefined, t.user)).statusCode).toBe(
      400,
    )

    const history = (await t.get(`/api/documents/${doc.id}/history`, t.user)).json()
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'RESTORE',
      'DELETE',
      'VERSION',
      'MOVE',
      'UPDATE',
      'CREATE',
    ])
    expect(history[3].detail).toEqual({ from: 'Projetos', to: 'Contratos' })
    expect(history[0].username).toBe('demo')
  })

  it('draws the pages of a PDF version about 1200 px wide, kept after the first request', async () => {
    const res = await uploadDoc(t.user, {
      folderId: String(folders.Projetos),
      title: 'Paginado',
      file: { name: 'paginado.pdf', bytes: await makePdf(2) },
    })
    const { id } = res.json()
    const url = `${t.baseUrl}/api/documents/${id}/versions/1/pages`
    // While its preview is being made, a page is not there yet: 503 with Retry-After.
    const early = await fetch(`${url}/1.png?token=${t.user}`)
    expect([200, 503]).toContain(early.status)
    if (early.status === 503) expect(early.headers.get('retry-after')).toBe('1')
    await previewsMade(t.db, [res.json().contentId])
    const page = await fetch(`${url}/2.png?token=${t.user}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await page.arrayBuffer())).metadata()
    expect(meta.width).toBe(1200)
    const { rows } = await t.db.query('SELECT page FROM app.content_pages')
    expect(rows.length).toBeGreaterThan(0)
    const again = await fetch(`${url}/2.png`, { headers: { authorization: `Bearer ${t.user}` } })
    expect(again.status).toBe(200)
    expect((await fetch(`${url}/3.png?token=${t.user}`)).status).toBe(404)
    expect(
      (await fetch(`${t.baseUrl}/api/documents/${id}/versions/9/pages/1.png?token=${t.user}`))
        .status,
    ).toBe(404)
    expect((await fetch(`${url}/1.png`)).status).toBe(401)
    // the file itself through the content store
    const file = await fetch(`${t.baseUrl}/api/content/${res.json().contentId}?token=${t.user}`)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect((await t.get(`/api/content/${res.json().contentId}`, campo)).statusCode).toBe(200)
  })

  it('serves the demo documents, drawn on first request, with their thumbnails and pages', async () => {
    const list = (
      await t.get(`/api/documents?folder=${folders['Normas e manuais']}`, t.user)
    ).json()
    const manual = list.find((d: { title: string }) => d.title === 'Manual de inspeção de OAE')
    expect(manual).toMatchObject({ kind: 'pdf', pageCount: 4, thumbnail: true })
    const file = await fetch(`${t.baseUrl}/api/content/${manual.contentId}?token=${t.user}`)
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.length).toBe(manual.size)
    const thumb = await fetch(
      `${t.baseUrl}/api/content/${manual.contentId}?thumbnail&token=${t.user}`,
    )
    expect(thumb.status).toBe(200)
    const page = await fetch(
      `${t.baseUrl}/api/documents/${manual.id}/versions/1/pages/4.png?token=${t.user}`,
    )
    expect(page.status).toBe(200)
  })

  it('links a document to a feature, shows it as linked, and promotes an attachment', async () => {
    const res = await uploadDoc(t.user, {
      folderId: String(folders.Projetos),
      file: { name: 'croqui.png', bytes: await makePng() },
    })
    const { id } = res.json()
    expect(res.json().kind).toBe('image')
    const link = await t.post(
      `/api/documents/${id}/links`,
      { layer: 'oae', featureId: bridge },
      t.user,
    )
    expect(link.statusCode, link.body).toBe(201)
    expect(link.json().links).toEqual([
      expect.objectContaining({ layer: 'oae', featureId: bridge, layerTitle: expect.any(String) }),
    ])
    expect(link.json().links[0].label).toMatch(/^OAE-/)
    expect(link.json().linkCount).toBe(1)
    const twice = await t.post(
      `/api/documents/${id}/links`,
      { layer: 'oae', featureId: bridge },
      t.user,
    )
    expect(twice.statusCode).toBe(400)
    const ghost = await t.post(
      `/api/documents/${id}/links`,
      { layer: 'oae', featureId: 99999999 },
      t.user,
    )
    expect(ghost.json().message).toBe('Feição não encontrada.')
    // the field team may not read 'ocorrencias': same 400 as a layer that does not exist
    const hidden = await t.post(
      `/api/documents/${id}/links`,
      { layer: 'ocorrencias', featureId: 1 },
      t.user,
    )
    expect(hidden.statusCode).toBe(400)

    const linked = await t.get(`/api/documents/linked?layer=oae&featureId=${bridge}`, t.user)
    expect(linked.json().map((d: { id: number }) => d.id)).toContain(id)
    expect((await t.del(`/api/documents/${id}/links/oae/${bridge}`, t.user)).statusCode).toBe(204)
    expect((await t.del(`/api/documents/${id}/links/oae/${bridge}`, t.user)).statusCode).toBe(404)
    const after = await t.get(`/api/documents/linked?layer=oae&featureId=${bridge}`, t.user)
    expect(after.json().map((d: { id: number }) => d.id)).not.toContain(id)

    // a demo report is linked to a demo bridge, readable by the field team, hidden from campo
    const { rows } = await t.db.query<{ feature_id: number }>(
      `SELECT l.feature_id::int AS feature_id FROM app.document_links l
         JOIN app.documents d ON d.id = l.document_id WHERE d.title LIKE 'Relatório de inspeção%' LIMIT 1`,
    )
    const reportBridge = rows[0]!.feature_id
    expect(
      (await t.get(`/api/documents/linked?layer=oae&featureId=${reportBridge}`, t.user)).json(),
    ).toHaveLength(1)
    expect(
      (await t.get(`/api/documents/linked?layer=oae&featureId=${reportBridge}`, campo)).json(),
    ).toHaveLength(0)

    const { rows: att } = await t.db.query<{ id: number; feature_id: number }>(
      `SELECT id::int AS id, feature_id::int AS feature_id FROM app.attachments
        WHERE layer_name = 'oae' ORDER BY id LIMIT 1`,
    )
    const promoted = await t.post(
      '/api/documents/promote',
      { attachmentId: att[0]!.id, folderId: folders.Projetos, title: 'Foto da vistoria' },
      t.user,
    )
    expect(promoted.statusCode, promoted.body).toBe(201)
    expect(promoted.json()).toMatchObject({
      title: 'Foto da vistoria',
      kind: 'image',
      thumbnail: true,
    })
    expect(promoted.json().links).toEqual([
      expect.objectContaining({ layer: 'oae', featureId: att[0]!.feature_id }),
    ])
    const none = await t.post(
      '/api/documents/promote',
      { attachmentId: 99999999, folderId: folders.Projetos },
      t.user,
    )
    expect(none.statusCode).toBe(404)
  })

  it("keeps another group's folder invisible (404) and a read-only one unwritable (403); administrators see all", async () => {
    const reports = folders['Relatórios de inspeção']!
    const list = (await t.get(`/api/documents?folder=${reports}`, t.user)).json()
    expect(list).toHaveLength(3)
    const doc = list[0]
    expect(doc.canWrite).toBe(false)
    // campo (not in the folder's groups): 404 for everything
    expect((await t.get(`/api/documents/${doc.id}`, campo)).statusCode).toBe(404)
    expect((await t.get(`/api/documents?folder=${reports}`, campo)).statusCode).toBe(404)
    expect((await t.get(`/api/content/${doc.contentId}`, campo)).statusCode).toBe(404)
    expect(
      (await fetch(`${t.baseUrl}/api/documents/${doc.id}/versions/1/pages/1.png?token=${campo}`))
        .status,
    ).toBe(404)
    expect((await t.get(`/api/documents/${doc.id}/history`, campo)).statusCode).toBe(404)
    expect((await t.put(`/api/documents/${doc.id}`, { title: 'x' }, campo)).statusCode).toBe(404)
    const everything = (await t.get('/api/documents?limit=100', campo)).json()
    expect(everything.map((d: { id: number }) => d.id)).not.toContain(doc.id)
    // the field team reads but may not write
    const denied = 'Você não possui permissão para alterar documentos desta pasta!'
    const put = await t.put(`/api/documents/${doc.id}`, { title: 'x' }, t.user)
    expect(put.statusCode).toBe(403)
    expect(put.json().message).toBe(denied)
    expect((await t.del(`/api/documents/${doc.id}`, t.user)).statusCode).toBe(403)
    const before = await countDocs()
    const files = storedFileCount(t.dataDir)
    const up = await uploadDoc(t.user, {
      folderId: String(reports),
      file: { name: 'x.pdf', bytes: await makePdf(1) },
    })
    expect(up.statusCode).toBe(403)
    expect(up.json().message).toBe(denied)
    const move = await t.put(`/api/documents/${list[0].id}`, { folderId: folders.Projetos }, t.user)
    expect(move.statusCode).toBe(403)
    // bad input: no folder, a wrong type, and a file over 100 MB streamed: nothing kept
    const noFolder = await uploadDoc(t.user, { file: { name: 'x.pdf', bytes: await makePdf(1) } })
    expect(noFolder.statusCode).toBe(400)
    const exe = await uploadDoc(t.user, {
      folderId: String(folders.Projetos),
      file: { name: 'virus.exe', bytes: 'MZ' },
    })
    expect(exe.json().message).toBe('Tipo de arquivo não aceito: virus.exe.')
    const huge = await postLargeFile(
      `${t.baseUrl}/api/documents`,
      t.user,
      { folderId: String(folders.Projetos) },
      'enorme.pdf',
      100 * 1_048_576 + 1,
    )
    expect(huge.status).toBe(400)
    expect(JSON.parse(huge.body).message).toBe('O arquivo excede o limite de 100 MB.')
    expect(await countDocs()).toBe(before)
    expect(storedFileCount(t.dataDir)).toBe(files)
    // administrators do everything
    const admin = await t.put(`/api/documents/${doc.id}`, { description: 'Revisado' }, t.admin)
    expect(admin.statusCode).toBe(200)
    expect(admin.json().canWrite).toBe(true)
  })

  it('creates, renames, moves and removes folders, and lets administrators set their groups', async () => {
    const root = await t.post('/api/documents/folders', { name: 'Minha pasta' }, t.user)
    expect(root.statusCode).toBe(403)
    const sub = await t.post(
      '/api/documents/folders',
      { name: 'Pontes', parentId: folders.Projetos },
      t.user,
    )
    expect(sub.statusCode, sub.body).toBe(201)
    expect(sub.json()).toMatchObject({
      name: 'Pontes',
      parentId: folders.Projetos,
      canWrite: true,
      documentCount: 0,
    })
    const dup = await t.post(
      '/api/documents/folders',
      { name: 'PONTES', parentId: folders.Projetos },
      t.user,
    )
    expect(dup.json().message).toBe('Já existe uma pasta com este nome aqui.')
    const inReadOnly = await t.post(
      '/api/documents/folders',
      { name: 'X', parentId: folders['Relatórios de inspeção'] },
      t.user,
    )
    expect(inReadOnly.statusCode).toBe(403)
    const cycle = await t.put(
      `/api/documents/folders/${folders.Projetos}`,
      { parentId: sub.json().id },
      t.admin,
    )
    expect(cycle.json().message).toBe('Uma pasta não pode ser movida para dentro de si mesma.')
    const renamed = await t.put(
      `/api/documents/folders/${sub.json().id}`,
      { name: 'Pontes e viadutos' },
      t.user,
    )
    expect(renamed.json().name).toBe('Pontes e viadutos')
    // a document in it: listed with the parent's folder filter, and the folder is not empty
    await uploadDoc(t.user, {
      folderId: String(sub.json().id),
      title: 'Na subpasta',
      file: { name: 'a.pdf', bytes: await makePdf(1) },
    })
    const inParent = (
      await t.get(`/api/documents?folder=${folders.Projetos}&query=subpasta`, t.user)
    ).json()
    expect(inParent[0]).toMatchObject({ folderPath: 'Projetos / Pontes e viadutos' })
    const full = await t.del(`/api/documents/folders/${sub.json().id}`, t.user)
    expect(full.json().message).toBe('A pasta não está vazia.')
    const empty = await t.post(
      '/api/documents/folders',
      { name: 'Vazia', parentId: folders.Projetos },
      t.user,
    )
    expect((await t.del(`/api/documents/folders/${empty.json().id}`, t.user)).statusCode).toBe(204)

    // groups: administrators only; the folder then closes to the others
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM app.groups WHERE name = 'Fiscalização'`,
    )
    const groups = [{ groupId: rows[0]!.id, canWrite: true }]
    const refused = await t.put(`/api/documents/folders/${sub.json().id}/groups`, groups, t.user)
    expect(refused.statusCode).toBe(403)
    const set = await t.put(`/api/documents/folders/${sub.json().id}/groups`, groups, t.admin)
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().groups).toEqual([
      { groupId: rows[0]!.id, name: 'Fiscalização', canWrite: true },
    ])
    expect(
      (await t.get('/api/documents/folders', t.user)).json().map((f: { id: number }) => f.id),
    ).not.toContain(sub.json().id)
    const unknown = await t.put(
      `/api/documents/folders/${sub.json().id}/groups`,
      [{ groupId: 999999, canWrite: false }],
      t.admin,
    )
    expect(unknown.statusCode).toBe(400)
  })

  it('answers 404 while the module is off, and 401 to anonymous callers', async () => {
    expect((await t.get('/api/documents')).statusCode).toBe(401)
    expect((await t.get('/api/documents/folders')).statusCode).toBe(401)
    const { rows } = await t.db.query<{ value: unknown }>(
      `SELECT value FROM app.settings WHERE key = 'modules'`,
    )
    await t.db.query(`UPDATE app.settings SET value = '["orbit"]'::jsonb WHERE key = 'modules'`)
    try {
      for (const url of ['/api/documents', '/api/documents/folders', '/api/documents/1']) {
        expect((await t.get(url, t.admin)).statusCode).toBe(404)
      }
      const demo = (
        await t.db.query<{ id: number }>(
          `SELECT id::int AS id FROM app.contents WHERE tag = 'documentos' LIMIT 1`,
        )
      ).rows[0]!
      expect((await t.get(`/api/content/${demo.id}`, t.user)).statusCode).toBe(404)
    } finally {
      await t.db.query(`UPDATE app.settings SET value = $1::text::jsonb WHERE key = 'modules'`, [
        JSON.stringify(rows[0]!.value),
      ])
    }
  })

  it('gives a demo database seeded before the library its demo documents once, quickly', async () => {
    const count = async () =>
      (
        await t.db.query<{ folders: number; docs: number; links: number }>(
          `SELECT (SELECT count(*)::int FROM app.document_folders) AS folders,
                  (SELECT count(*)::int FROM app.documents) AS docs,
                  (SELECT count(*)::int FROM app.document_links) AS links`,
        )
      ).rows[0]!
    await t.db.query('DELETE FROM app.documents')
    await t.db.query('DELETE FROM app.document_folders')
    await t.db.query(`DELETE FROM app.contents WHERE tag = 'documentos'`)
    await t.db.query(`DELETE FROM app.settings WHERE key = 'demoDocumentsSeeded'`)
    const started = Date.now()
    expect(await seedDemo(t.db)).toBe(false)
    expect(Date.now() - started).toBeLessThan(budget(3000))
    expect(await count()).toEqual({ folders: 4, docs: 9, links: 6 })
    expect(await seedDemo(t.db)).toBe(false)
    expect(await count()).toEqual({ folders: 4, docs: 9, links: 6 })
  })
})
