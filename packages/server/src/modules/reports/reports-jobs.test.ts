import type { ExportJob } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import { waitForJob as waitJob } from '../../../test/jobs'

const t = useTestApp()

async function exportJob(token: string) {
  const res = await t.post(
    '/api/features/oae/report?format=csv',
    { fields: ['id', 'codigo'] },
    token,
  )
  expect(res.statusCode).toBe(202)
  return res.json<{ id: number }>().id
}

const waitForJob = (id: number, token: string) => waitJob(t, id, token)

describe('report repository', () => {
  it("lists the caller's jobs newest first with x-rowcount; administrators see everyone's", async () => {
    const mine = [await exportJob(t.user), await exportJob(t.user)]
    const theirs = await exportJob(t.admin)
    for (const id of mine) expect((await waitForJob(id, t.user)).status).toBe('COMPLETE')
    await waitForJob(theirs, t.admin)

    const list = await t.get('/api/reports/jobs', t.user)
    expect(list.statusCode).toBe(200)
    expect(list.headers['x-rowcount']).toBe('2')
    const jobs = list.json<ExportJob[]>()
    expect(jobs.map((j) => j.id)).toEqual([mine[1], mine[0]])
    expect(jobs[0]).toMatchObject({
      type: 'export',
      username: 'demo',
      status: 'COMPLETE',
      filename: expect.stringMatching(/\.csv$/),
      fileUrl: `/api/report/${mine[1]}`,
    })
    expect(jobs[0]!.title).toContain('Obras de arte especiais')

    const all = await t.get('/api/reports/jobs?sort=created&order=asc', t.admin)
    expect(all.headers['x-rowcount']).toBe('3')
    expect(all.json<ExportJob[]>().map((j) => j.id)).toEqual([mine[0], mine[1], theirs])
    const page = await t.get('/api/reports/jobs?page=1&limit=2', t.admin)
    expect(page.headers['x-rowcount']).toBe('3')
    expect(page.json<ExportJob[]>().map((j) => j.id)).toEqual([mine[0]])

    const bad = await t.get('/api/reports/jobs?sort=senha', t.user)
    expect(bad.statusCode).toBe(400)

    // status of a job: own or, for administrators, anyone's; a plain user never another's
    const status = await t.get(`/api/reports/${mine[0]}/status`, t.user)
    expect(status.statusCode).toBe(200)
    expect(status.json()).toEqual({
      status: 'COMPLETE',
      progress: expect.any(Object),
      fileUrl: `/api/report/${mine[0]}`,
    })
    const denied = await t.get(`/api/reports/${theirs}/status`, t.user)
    expect(denied.statusCode).toBe(404)
    expect(denied.json().message).toBe('Trabalho não encontrado.')
    expect((await t.get(`/api/reports/jobs/${theirs}`, t.user)).statusCode).toBe(404)
    expect((await t.get(`/api/reports/jobs/${mine[0]}`, t.admin)).statusCode).toBe(200)
    expect((await t.get('/api/reports/jobs')).statusCode).toBe(401)

    // the file, at the job's fileUrl: only its own user, bearer or ?token=
    const { fileUrl } = (await t.get(`/api/reports/jobs/${mine[0]}`, t.user)).json<ExportJob>()
    const file = await fetch(`${t.baseUrl}${fileUrl}?token=${t.user}`)
    expect(file.status).toBe(200)
    expect(await file.text()).toContain('codigo')
    expect((await fetch(`${t.baseUrl}/api/report/${theirs}?token=${t.user}`)).status).toBe(404)
  })

  it('gives no fileUrl to a job that ended without a file', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO app.jobs (type, status, payload, message, user_id)
       SELECT 'export', 'ERROR', '{"layer":"oae","format":"csv"}', 'falhou', id
         FROM app.users WHERE username = 'demo'
       RETURNING id::float8 AS id`,
    )
    const failed = (await t.get(`/api/reports/jobs/${rows[0]!.id}`, t.user)).json<ExportJob>()
    expect(failed).toMatchObject({ status: 'ERROR', fileUrl: null })
  })
})
