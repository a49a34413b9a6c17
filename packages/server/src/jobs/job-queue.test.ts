import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb, type TestDb } from '../../test/harness'
import { createJobQueue, JobFailure, type JobQueue } from './job-queue'
import { budget } from '../../test/slowdown'

let t: TestDb
const queues: JobQueue[] = []
beforeAll(async () => {
  t = await openTestDb()
})
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()))
  await t?.drop()
})

function queue(options: { staleSeconds?: number; maxAttempts?: number } = {}): JobQueue {
  const q = createJobQueue({ db: t.db, pollMs: 50, ...options })
  queues.push(q)
  return q
}

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('timed out')
}

describe('job queue', () => {
  it('runs a job to COMPLETE with its progress and result', async () => {
    const q = queue()
    q.register<{ n: number }, { total: number }>('soma', async (ctx) => {
      let total = 0
      for (let i = 1; i <= ctx.payload.n; i++) {
        total += i
        await ctx.progress(i, ctx.payload.n, `item ${i}`)
      }
      return { total }
    })
    q.start()
    const id = await q.enqueue('soma', { n: 4 }, null)
    await until(async () => (await q.get(id))?.status === 'COMPLETE')
    const job = await q.get(id)
    expect(job).toMatchObject({
      type: 'soma',
      status: 'COMPLETE',
      result: { total: 10 },
      progress: { value: 4, max: 4 },
      message: 'item 4',
      attempts: 1,
    })
    expect(job?.finished).not.toBeNull()
    expect(job?.elapsedMs).toBeGreaterThanOrEqual(0)
  })

  it('fails with the handler’s Portuguese message, or a generic one', async () => {
    const q = queue()
    q.register('falha', async (ctx) => {
      if ((ctx.payload as { known: boolean }).known) throw new JobFailure('Planilha sem colunas.')
      throw new Error('ECONNRESET internal detail')
    })
    q.start()
    const known = await q.enqueue('falha', { known: true }, null)
    const unknown = await q.enqueue('falha', { known: false }, null)
    await until(async () => (await q.get(unknown))?.status === 'ERROR')
    expect((await q.get(known))?.message).toBe('Planilha sem colunas.')
    expect((await q.get(unknown))?.message).toBe('Erro ao processar o trabalho.')
  })

  it('gives each job to one worker only when several processes claim at once', async () => {
    const runs = new Map<number, number>()
    const workers = [queue(), queue(), queue()]
    for (const w of workers) {
      w.register('unico', async (ctx) => {
        runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1)
        await new Promise((r) => setTimeout(r, 5))
        return null
      })
    }
    const ids: number[] = []
    for (let i = 0; i < 24; i++) ids.push(await workers[i % 3]!.enqueue('unico', { i }, null))
    for (const w of workers) w.start()
    await until(async () => {
      const jobs = await Promise.all(ids.map((id) => workers[0]!.get(id)))
      return jobs.every((j) => j?.status === 'COMPLETE')
    }, budget(30_000))
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    expect(runs.size).toBe(24)
  })

  it('takes up the job of a process that died, and gives up after the attempts', async () => {
    const stale = async (attempts: number) => {
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO app.jobs (type, status, payload, attempts, claimed_by, started_at, heartbeat_at)
         VALUES ('retomar', 'IN_PROGRESS', '{}', $1, 'morto:1', now(), now() - interval '5 minutes')
         RETURNING id`,
        [attempts],
      )
      return rows[0]!.id
    }
    const resumed = await stale(1)
    const exhausted = await stale(3)
    const q = queue({ staleSeconds: 60, maxAttempts: 3 })
    q.register('retomar', async () => 'ok')
    q.start()
    await until(async () => (await q.get(resumed))?.status === 'COMPLETE')
    expect((await q.get(resumed))?.attempts).toBe(2)
    expect(await q.get(exhausted)).toMatchObject({
      status: 'ERROR',
      message:
        'O processamento foi interrompido várias vezes (o servidor reiniciou) e não pôde ser concluído.',
    })
  })

  it('gives a running job back to the queue when the server stops', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const first = queue()
    first.register('longo', async (ctx) => {
      await ctx.progress(1, 3)
      const aborted = new Promise((r) =>
        ctx.signal.aborted ? r(null) : ctx.signal.addEventListener('abort', r),
      )
      await Promise.race([gate, aborted])
      return 'primeiro'
    })
    first.start()
    const id = await first.enqueue('longo', {}, null)
    await until(async () => (await first.get(id))?.status === 'IN_PROGRESS')
    await first.stop()
    expect((await first.get(id))?.status).toBe('QUEUED')
    const second = queue()
    second.register('longo', async () => 'segundo')
    second.start()
    await until(async () => (await second.get(id))?.status === 'COMPLETE')
    expect((await second.get(id))?.result).toBe('segundo')
    release()
  })
})
