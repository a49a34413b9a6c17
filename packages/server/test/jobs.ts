import type { ExportJob } from '@gis/shared'
import { expect } from 'vitest'
import type { SignedInApp, TestApp } from './harness'
import { withoutReadPermission } from './users'

/** Polls a job of the report repository until it is complete or failed. */
export async function waitForJob(
  t: TestApp,
  id: number,
  token: string,
  pollMs = 25,
): Promise<ExportJob> {
  for (;;) {
    const res = await t.get(`/api/reports/jobs/${id}`, token)
    expect(res.statusCode).toBe(200)
    const job = res.json<ExportJob>()
    if (job.status === 'COMPLETE' || job.status === 'ERROR') return job
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/**
 * A finished job's file for the demo user: downloaded while the user reads `layer`; while no
 * group of the user does, the 404 of a missing feature (by ?token= and by bearer); then again.
 */
export async function expectFileOnlyWhileReading(t: SignedInApp, jobId: number, layer: string) {
  const download = () => fetch(`${t.baseUrl}/api/report/${jobId}?token=${t.user}`)
  expect((await download()).status).toBe(200)
  await withoutReadPermission(t, 'demo', layer, async () => {
    const refused = await download()
    expect(refused.status).toBe(404)
    const missing = await t.get('/api/features/nao_existe/1', t.user)
    expect(((await refused.json()) as { message: string }).message).toBe(missing.json().message)
    const bearer = await t.get(`/api/report/${jobId}`, t.user)
    expect(bearer.statusCode).toBe(404)
  })
  const again = await download()
  expect(again.status).toBe(200)
  expect((await again.text()).length).toBeGreaterThan(0)
}
