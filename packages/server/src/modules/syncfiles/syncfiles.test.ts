import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, fieldErrors, signIn, startTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
let admin: string
let user: string

beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
}, 60_000)

afterAll(async () => {
  await t?.close()
})

const jobCount = async (): Promise<number> => {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.syncfiles_jobs',
  )
  return rows[0]!.n
}

async function createJob(folderName: string, fileCount: number): Promise<number> {
  const res = await t.api({
    method: 'POST',
    url: '/api/syncfiles',
    token: admin,
    payload: { folderName, fileCount },
  })
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

    const list = await t.api({ method: 'GET', url: '/api/syncfiles?limit=50', token: admin })
    expect(list.statusCode).toBe(200)
    const ids = list.json<{ id: number; folderName: string }[]>().map((j) => j.id)
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first))
    expect(Number(list.headers['x-rowcount'])).toBeGreaterThanOrEqual(2)
    expect(list.json<{ id: number; folderName: string }[]>()[ids.indexOf(first)]!.folderName).toBe(
      'fotos pontes',
    )

    const report = await t.api({
      method: 'PUT',
      url: `/api/syncfiles/${first}/report`,
      token: admin,
      payload: { layerName: 'oae', created: 2, updated: 0, pending: 0, errors: 1 },
    })
    expect(report.statusCode).toBe(200)
    expect(report.json()).toMatchObject({ id: first, layerName: 'oae', created: 2, errors: 1 })
    expect(report.json<{ finishedDate: string | null }>().finishedDate).not.toBeNull()

    const before = await jobCount()
    const deleted = await t.api({ method: 'DELETE', url: `/api/syncfiles/${first}`, token: admin })
    expect(deleted.statusCode).toBe(204)
    expect(await jobCount()).toBe(before - 1)
    const gone = await t.api({ method: 'GET', url: `/api/syncfiles/${first}`, token: admin })
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
      const res = await t.api({ ...req, token: admin })
      expect(res.statusCode, req.method).toBe(404)
    }
  })

  it('refuses bad input in Portuguese and changes nothing', async () => {
    const before = await jobCount()
    const empty = await t.api({
      method: 'POST',
      url: '/api/syncfiles',
      token: admin,
      payload: { folderName: '   ', fileCount: -1 },
    })
    expect(empty.statusCode).toBe(400)
    expect(fieldErrors(empty)).toEqual({
      folderName: 'É necessário informar o nome da pasta',
      fileCount: 'A quantidade de arquivos deve ser um número inteiro maior ou igual a zero',
    })
    const missing = await t.api({
      method: 'POST',
      url: '/api/syncfiles',
      token: admin,
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
    expect(fieldErrors(missing).folderName).toBe('É necessário informar o nome da pasta')

    const id = await createJob('relatorio', 1)
    const badReport = await t.api({
      method: 'PUT',
      url: `/api/syncfiles/${id}/report`,
      token: admin,
      payload: { layerName: '', created: 1.5, updated: 0, pending: 0, errors: 0 },
    })
    expect(badReport.statusCode).toBe(400)
    expect(fieldErrors(badReport)).toEqual({
      layerName: 'É necessário informar o layer de destino',
      created: 'O contador deve ser um número inteiro maior ou igual a zero',
    })
    const job = await t.api({ method: 'GET', url: `/api/syncfiles/${id}`, token: admin })
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
      const res = await t.api({ ...req, token: user })
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403)
      const anonymous = await t.api(req)
      expect(anonymous.statusCode, `${req.method} ${req.url}`).toBe(401)
    }
    expect(await jobCount()).toBe(before)
  })
})
