import type { ExportJob } from '@gis/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
let admin: string
let user: string

beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
})
afterAll(async () => {
  await t?.close()
})

async function exportJob(token: string) {
  const res = await t.api({
    method: 'POST',
    url: '/api/features/oae/report?format=csv',
    token,
    payload: { fields: ['id', 'codigo'] },
  })
  expect(res.statusCode).toBe(202)
  return res.json<{ id: number }>().id
}

async function waitForJob(id: number, token: string) {
  for (;;) {
    const res = await t.api({ url: `/api/reports/jobs/${id}`, token })
    expect(res.statusCode).toBe(200)
    const job = res.json<ExportJob>()
    if (job.status === 'COMPLETE' || job.status === 'ERROR') return job
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('report repository', () => {
  it("lists the caller's jobs newest first with x-rowcount; administrators see everyone's", async () => {
    const mine = [await exportJob(user), await exportJob(user)]
    const theirs = await exportJob(admin)
    for (const id of mine) expect((await waitForJob(id, user)).status).toBe('COMPLETE')
    await waitForJob(theirs, admin)

    const list = await t.api({ url: '/api/reports/jobs', token: user })
    expect(list.statusCode).toBe(200)
    expect(list.headers['x-rowcount']).toBe('2')
    const jobs = list.json<ExportJob[]>()
    expect(jobs.map((j) => j.id)).toEqual([mine[1], mine[0]])
    expect(jobs[0]).toMatchObject({
      type: 'export',
      username: 'demo',
      status: 'COMPLETE',
      filename: expect.stringMatching(/\.csv$/),
    })
    expect(jobs[0]!.title).toContain('Obras de arte especiais')

    const all = await t.api({ url: '/api/reports/jobs?sort=created&order=asc', token: admin })
    expect(all.headers['x-rowcount']).toBe('3')
    expect(all.json<ExportJob[]>().map((j) => j.id)).toEqual([mine[0], mine[1], theirs])
    const page = await t.api({ url: '/api/reports/jobs?page=1&limit=2', token: admin })
    expect(page.headers['x-rowcount']).toBe('3')
    expect(page.json<ExportJob[]>().map((j) => j.id)).toEqual([mine[0]])

    const bad = await t.api({ url: '/api/reports/jobs?sort=senha', token: user })
    expect(bad.statusCode).toBe(400)

    // status of a job: own or, for administrators, anyone's; a plain user never another's
    const status = await t.api({ url: `/api/reports/${mine[0]}/status`, token: user })
    expect(status.statusCode).toBe(200)
    expect(status.json()).toEqual({ status: 'COMPLETE', progress: expect.any(Object) })
    const denied = await t.api({ url: `/api/reports/${theirs}/status`, token: user })
    expect(denied.statusCode).toBe(404)
    expect(denied.json().message).toBe('Trabalho não encontrado.')
    expect((await t.api({ url: `/api/reports/jobs/${theirs}`, token: user })).statusCode).toBe(404)
    expect((await t.api({ url: `/api/reports/jobs/${mine[0]}`, token: admin })).statusCode).toBe(
      200,
    )
    expect((await t.api({ url: '/api/reports/jobs' })).statusCode).toBe(401)

    // the file: only its own user, bearer or ?token=
    const file = await fetch(`${t.baseUrl}/api/report/${mine[0]}?token=${user}`)
    expect(file.status).toBe(200)
    expect(await file.text()).toContain('codigo')
    expect((await fetch(`${t.baseUrl}/api/report/${theirs}?token=${user}`)).status).toBe(404)
  })
})
