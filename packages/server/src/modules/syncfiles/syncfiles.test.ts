import { indexValues, planFiles, recordValues } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { expectFieldErrors, fieldErrors, useTestApp } from '../../../test/harness'

const t = useTestApp()

const jobCount = async (): Promise<number> => {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.syncfiles_jobs',
  )
  return rows[0]!.n
}

async function createJob(folderName: string, fileCount: number): Promise<number> {
  const res = await t.post('/api/syncfiles', { folderName, fileCount }, t.admin)
  expect(res.statusCode).toBe(201)
  const id = Number(res.headers.location!.split('/').pop())
  expect(res.json()).toMatchObject({
    id,
    folderName: folderName.trim(),
    fileCount,
    layerName: null,
    created: 0,
    pending: fileCount,
    errors: 0,
    user: 'admin',
    finishedDate: null,
  })
  return id
}

describe('file association jobs', () => {
  it('creates a job when a folder is read, lists it newest first, records its report and deletes it', async () => {
    const first = await createJob('  fotos pontes  ', 3)
    const second = await createJob('vistoria 2026', 12)

    const list = await t.get('/api/syncfiles?limit=50', t.admin)
    expect(list.statusCode).toBe(200)
    const ids = list.json<{ id: number; folderName: string }[]>().map((j) => j.id)
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first))
    expect(Number(list.headers['x-rowcount'])).toBeGreaterThanOrEqual(2)
    expect(list.json<{ id: number; folderName: string }[]>()[ids.indexOf(first)]!.folderName).toBe(
      'fotos pontes',
    )

    const report = await t.put(
      `/api/syncfiles/${first}/report`,
      { layerName: 'oae', created: 2, updated: 0, pending: 0, errors: 1 },
      t.admin,
    )
    expect(report.statusCode).toBe(200)
    expect(report.json()).toMatchObject({ id: first, layerName: 'oae', created: 2, errors: 1 })
    expect(report.json<{ finishedDate: string | null }>().finishedDate).not.toBeNull()

    const before = await jobCount()
    const deleted = await t.del(`/api/syncfiles/${first}`, t.admin)
    expect(deleted.statusCode).toBe(204)
    expect(await jobCount()).toBe(before - 1)
    const gone = await t.get(`/api/syncfiles/${first}`, t.admin)
    expect(gone.statusCode).toBe(404)
    expect(gone.json<{ message: string }>().message).toBe('Trabalho de importação não encontrado')
  })

  it('answers 404 for an unknown job', async () => {
    for (const req of [
      { method: 'DELETE' as const, url: '/api/syncfiles/987654321' },
      { method: 'GET' as const, url: '/api/syncfiles/987654321' },
      {
        method: 'PUT' as const,
        url: '/api/syncfiles/987654321/report',
        payload: { layerName: 'oae', created: 0, updated: 0, pending: 0, errors: 0 },
      },
    ]) {
      const res = await t.api({ ...req, token: t.admin })
      expect(res.statusCode, req.method).toBe(404)
    }
  })

  it('refuses bad input in Portuguese and changes nothing', async () => {
    const before = await jobCount()
    const empty = await t.post('/api/syncfiles', { folderName: '   ', fileCount: -1 }, t.admin)
    expectFieldErrors(empty, {
      folderName: 'É necessário informar o nome da pasta',
      fileCount: 'A quantidade de arquivos deve ser um número inteiro maior ou igual a zero',
    })
    const missing = await t.post('/api/syncfiles', {}, t.admin)
    expect(missing.statusCode).toBe(400)
    expect(fieldErrors(missing).folderName).toBe('É necessário informar o nome da pasta')

    const id = await createJob('relatorio', 1)
    const badReport = await t.put(
      `/api/syncfiles/${id}/report`,
      { layerName: '', created: 1.5, updated: 0, pending: 0, errors: 0 },
      t.admin,
    )
    expectFieldErrors(badReport, {
      layerName: 'É necessário informar o layer de destino',
      created: 'O contador deve ser um número inteiro maior ou igual a zero',
    })
    const job = await t.get(`/api/syncfiles/${id}`, t.admin)
    expect(job.json()).toMatchObject({ layerName: null, created: 0, finishedDate: null })
    expect(await jobCount()).toBe(before + 1)
  })

  it('is for administrators only: 403 for a user, 401 without a session', async () => {
    const id = await createJob('somente admin', 2)
    const before = await jobCount()
    for (const req of [
      { method: 'GET' as const, url: '/api/syncfiles' },
      {
        method: 'POST' as const,
        url: '/api/syncfiles',
        payload: { folderName: 'x', fileCount: 1 },
      },
      { method: 'DELETE' as const, url: `/api/syncfiles/${id}` },
      {
        method: 'PUT' as const,
        url: `/api/syncfiles/${id}/report`,
        payload: { layerName: 'oae', created: 0, updated: 0, pending: 0, errors: 0 },
      },
    ]) {
      const res = await t.api({ ...req, token: t.user })
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403)
      const anonymous = await t.api(req)
      expect(anonymous.statusCode, `${req.method} ${req.url}`).toBe(401)
    }
    expect(await jobCount()).toBe(before)
  })
})

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** A multipart upload through fetch (FormData), as the browser sends it. */
async function attach(
  jobId: number,
  query: Record<string, string | number>,
  file: { name: string; bytes?: Buffer },
  token = t.admin,
) {
  const form = new FormData()
  form.append('file', new Blob([file.bytes ?? PNG], { type: 'image/png' }), file.name)
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  )
  const res = await fetch(`${t.baseUrl}/api/syncfiles/${jobId}/attach?${qs}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await res.text()
  return { status: res.status, json: <T = any>(): T => JSON.parse(text) as T }
}

async function newBridge(codigo: string): Promise<number> {
  const res = await t.post(
    '/api/features/oae',
    { attributes: { codigo }, geom: 'POINT(-47.5 -22.6)' },
    t.admin,
  )
  expect(res.statusCode).toBe(201)
  return res.json<{ id: number }>().id
}

const attachmentsOf = async (id: number) =>
  (await t.get(`/api/features/oae/${id}/attachments`, t.admin)).json<
    { id: number; filename: string }[]
  >()

async function putFiles(jobId: number, files: unknown[], token = t.admin) {
  return t.put(`/api/syncfiles/${jobId}/files`, { files }, token)
}

describe('file association: the files of a job and what was sent', () => {
  it('keeps the folder’s files with the reason each waits, and updates them by name', async () => {
    const id = await createJob('fotos', 2)
    const saved = await putFiles(id, [
      { name: 'b.jpg', size: 10, type: 'image/jpeg', reason: null },
      {
        name: 'a.jpg',
        size: 20,
        type: 'image/jpeg',
        reason: { code: 'severalRecords', value: 'a', count: 2, ids: [4, 9] },
      },
    ])
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual([
      {
        name: 'a.jpg',
        size: 20,
        type: 'image/jpeg',
        reason: { code: 'severalRecords', value: 'a', count: 2, ids: [4, 9] },
        association: [],
      },
      { name: 'b.jpg', size: 10, type: 'image/jpeg', reason: null, association: [] },
    ])
    // The folder picked again: the same names updated, a new one added.
    await putFiles(id, [
      { name: 'a.jpg', size: 21, type: 'image/jpeg', reason: { code: 'noRecord', value: 'a' } },
      { name: 'c.pdf', size: 5, type: 'application/pdf', reason: null },
    ])
    const listed = await t.get(`/api/syncfiles/${id}/files`, t.admin)
    expect(listed.json<{ name: string; size: number; reason: unknown }[]>()).toMatchObject([
      { name: 'a.jpg', size: 21, reason: { code: 'noRecord', value: 'a' } },
      { name: 'b.jpg', size: 10 },
      { name: 'c.pdf', size: 5 },
    ])
  })

  it('refuses bad files in Portuguese and changes nothing', async () => {
    const id = await createJob('ruins', 1)
    const bad = await putFiles(id, [
      { name: 'pasta/a.jpg', size: 1, type: '', reason: null },
      { name: 'b.jpg', size: -1, type: '', reason: { code: 'porque sim' } },
    ])
    expect(bad.statusCode).toBe(400)
    expect(fieldErrors(bad)['files.0.name']).toBe('Nome de arquivo inválido')
    const listed = await t.get(`/api/syncfiles/${id}/files`, t.admin)
    expect(listed.json()).toEqual([])
    const unknown = await putFiles(987654321, [])
    expect(unknown.statusCode).toBe(404)
  })

  it('sends a file to a record once, fills an empty photo field, and several files per record', async () => {
    const tag = `T${Date.now()}`
    const bridge = await newBridge(`OAE-${tag}`)
    const job = await createJob('pontes', 3)
    await putFiles(job, [
      { name: `OAE-${tag}.png`, size: PNG.length, type: 'image/png', reason: null },
      { name: `OAE-${tag}_2.png`, size: PNG.length, type: 'image/png', reason: null },
      { name: 'outro.png', size: PNG.length, type: 'image/png', reason: null },
    ])
    const query = { file: `OAE-${tag}.png`, layer: 'oae', id: bridge, field: 'foto' }
    const first = await attach(job, query, { name: `OAE-${tag}.png` })
    expect(first.status).toBe(201)
    const made = first.json<{ attachmentId: number }>()
    expect(made).toMatchObject({
      association: { name: 'oae', id: bridge },
      alreadySent: false,
      filled: 'foto',
    })
    // Again (a reload, the folder picked again): nothing sent twice.
    const again = await attach(job, query, { name: `OAE-${tag}.png` })
    expect(again.status).toBe(200)
    expect(again.json()).toMatchObject({ alreadySent: true, attachmentId: made.attachmentId })
    expect((await attachmentsOf(bridge)).map((a) => a.filename)).toEqual([`OAE-${tag}.png`])

    // The second photo of the record: attached, the photo field keeps the first.
    const second = await attach(
      job,
      { ...query, file: `OAE-${tag}_2.png` },
      { name: `OAE-${tag}_2.png` },
    )
    expect(second.status).toBe(201)
    expect(second.json()).toMatchObject({ filled: null })
    const feature = await t.get(`/api/features/oae/${bridge}`, t.admin)
    expect(feature.json<{ attributes: { foto: string } }>().attributes.foto).toBe(
      String(made.attachmentId),
    )
    expect(await attachmentsOf(bridge)).toHaveLength(2)

    const files = await t.get(`/api/syncfiles/${job}/files`, t.admin)
    expect(files.json()).toMatchObject([
      { name: `OAE-${tag}.png`, association: [{ name: 'oae', id: bridge }] },
      { name: `OAE-${tag}_2.png`, association: [{ name: 'oae', id: bridge }] },
      { name: 'outro.png', association: [] },
    ])
  })

  it('refuses a file not in the job, another file than named, and a field that holds no file', async () => {
    const bridge = await newBridge(`OAE-R${Date.now()}`)
    const job = await createJob('recusas', 1)
    await putFiles(job, [{ name: 'a.png', size: 1, type: 'image/png', reason: null }])
    const notInJob = await attach(
      job,
      { file: 'b.png', layer: 'oae', id: bridge },
      { name: 'b.png' },
    )
    expect(notInJob.status).toBe(400)
    expect(notInJob.json().message).toBe('O arquivo não faz parte deste trabalho de importação')
    const other = await attach(job, { file: 'a.png', layer: 'oae', id: bridge }, { name: 'x.png' })
    expect(other.status).toBe(400)
    expect(other.json().message).toBe('O arquivo enviado não é o arquivo indicado')
    const field = await attach(
      job,
      { file: 'a.png', layer: 'oae', id: bridge, field: 'sentido' },
      { name: 'a.png' },
    )
    expect(field.status).toBe(400)
    expect(field.json().message).toBe('O campo sentido não guarda fotos nem arquivos')
    const missingRecord = await attach(
      job,
      { file: 'a.png', layer: 'oae', id: 987654321 },
      { name: 'a.png' },
    )
    expect(missingRecord.status).toBe(404)
    expect(await attachmentsOf(bridge)).toEqual([])
    // Nothing was left claimed: the right file still goes.
    const ok = await attach(job, { file: 'a.png', layer: 'oae', id: bridge }, { name: 'a.png' })
    expect(ok.status).toBe(201)
    expect(await attachmentsOf(bridge)).toHaveLength(1)
  })

  it('sends a file whose name has accents and spaces, as the browser names it', async () => {
    const bridge = await newBridge(`São João ${Date.now() % 100_000}`)
    const job = await createJob('acentos', 1)
    const name = 'Ponte São João (2).png'
    await putFiles(job, [{ name, size: PNG.length, type: 'image/png', reason: null }])
    const sent = await attach(job, { file: name, layer: 'oae', id: bridge }, { name })
    expect(sent.status).toBe(201)
    expect((await attachmentsOf(bridge)).map((a) => a.filename)).toEqual([name])
  })

  it('lets no one but an administrator list, record or send files, even with edit rights on the layer', async () => {
    const bridge = await newBridge(`OAE-P${Date.now()}`)
    const job = await createJob('permissoes', 1)
    await putFiles(job, [{ name: 'a.png', size: 1, type: 'image/png', reason: null }])
    // 'demo' edits the bridges (Equipe de campo) but is no administrator.
    const sent = await attach(
      job,
      { file: 'a.png', layer: 'oae', id: bridge },
      { name: 'a.png' },
      t.user,
    )
    expect(sent.status).toBe(403)
    const listed = await t.get(`/api/syncfiles/${job}/files`, t.user)
    expect(listed.statusCode).toBe(403)
    const put = await putFiles(job, [{ name: 'z.png', size: 1, type: '', reason: null }], t.user)
    expect(put.statusCode).toBe(403)
    expect(await attachmentsOf(bridge)).toEqual([])
    const files = await t.get(`/api/syncfiles/${job}/files`, t.admin)
    expect(files.json<{ name: string }[]>().map((f) => f.name)).toEqual(['a.png'])
  })

  it('forgets the files of a deleted job, and keeps their attachments', async () => {
    const bridge = await newBridge(`OAE-D${Date.now()}`)
    const job = await createJob('apagar', 1)
    await putFiles(job, [{ name: 'a.png', size: 1, type: 'image/png', reason: null }])
    expect(
      (await attach(job, { file: 'a.png', layer: 'oae', id: bridge }, { name: 'a.png' })).status,
    ).toBe(201)
    await t.del(`/api/syncfiles/${job}`, t.admin)
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM app.syncfiles_files WHERE job_id = $1)
            + (SELECT count(*) FROM app.syncfiles_sent WHERE job_id = $1) AS n`,
      [job],
    )
    expect(Number(rows[0]!.n)).toBe(0)
    expect(await attachmentsOf(bridge)).toHaveLength(1)
  })
})

describe("file association: the demo's sample folder", () => {
  it('is offered to administrators as a zip whose photos match the demo bridges by Código', async () => {
    const info = await t.get('/api/syncfiles/sample', t.admin)
    expect(info.statusCode).toBe(200)
    const sample = info.json<{ name: string; files: string[]; href: string }>()
    expect(sample.name).toBe('fotos-vistoria-oae')
    expect(sample.files).toContain('OAE-SP280-172+976.jpg')
    expect((await t.get('/api/syncfiles/sample', t.user)).statusCode).toBe(403)

    const zip = await fetch(`${t.baseUrl}${sample.href}?token=${encodeURIComponent(t.admin)}`)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-disposition')).toContain('fotos-vistoria-oae.zip')
    const bytes = Buffer.from(await zip.arrayBuffer())
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304')
    expect(bytes.includes(Buffer.from('fotos-vistoria-oae/OAE-SP280-172+976_2.jpg'))).toBe(true)

    // The rules of decision 65 on the demo's bridges (the deleted one, id 7, left out).
    const { rows } = await t.db.query<Record<string, unknown>>(
      'SELECT id::float8 AS id, codigo, d_e_l_e_t_ FROM data.oae',
    )
    const index = indexValues(recordValues(rows, ['codigo']))
    const plan = planFiles(
      sample.files.map((name) => ({
        name,
        size: 1000,
        type: name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
      })),
      index,
      { photoField: 'foto' },
    )
    const byCode = (codigo: string) => rows.find((r) => r.codigo === codigo)!.id
    expect(Object.fromEntries(plan.map((p) => [p.name, p.ids?.[0] ?? p.reason?.code]))).toEqual({
      'OAE-SP075-034+055.jpeg': byCode('OAE-SP075-034+055'),
      'OAE-SP075-036+685.pdf': 'notImage',
      'OAE-SP280-039+580.jpg': 'noRecord',
      'OAE-SP280-172+976.jpg': byCode('OAE-SP280-172+976'),
      'OAE-SP280-172+976_2.jpg': byCode('OAE-SP280-172+976'),
      'OAE-SP280-180+387 (2).jpg': byCode('OAE-SP280-180+387'),
      'OAE-SP280-999+999.jpg': 'noRecord',
      'oae sp270 098+871.JPG': byCode('OAE-SP270-098+871'),
    })
  })

  it('is not offered without the demo data', async () => {
    await t.db.query("UPDATE app.settings SET value = 'false'::jsonb WHERE key = 'demoSeeded'")
    try {
      const info = await t.get('/api/syncfiles/sample', t.admin)
      expect(info.statusCode).toBe(404)
      expect(info.json().message).toBe(
        'Não há fotos de exemplo: este banco não tem os dados de demonstração',
      )
      const zip = await fetch(
        `${t.baseUrl}/api/syncfiles/sample.zip?token=${encodeURIComponent(t.admin)}`,
      )
      expect(zip.status).toBe(404)
    } finally {
      await t.db.query("UPDATE app.settings SET value = 'true'::jsonb WHERE key = 'demoSeeded'")
    }
  })
})
