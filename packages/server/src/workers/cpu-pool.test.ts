import type { RenderedReport } from '@gis/shared'
import { afterEach, describe, expect, it } from 'vitest'
import { cell, context, feature, table } from '../../test/report-render'
import { RENDER_TASK, XLSX_TASK } from '../modules/reports/report-tasks'
import { createCpuPool, CpuTaskError, defaultCpuWorkers, type CpuPool } from './cpu-pool'

/** The pool over the real worker entry (dist/cpu-worker.js, built by the tests' global setup). */
const render = (n: number) =>
  context([table([[cell('${nome}')]])], [feature(n, { nome: `lote ${n}` })])

let pool: CpuPool | undefined
afterEach(async () => {
  await pool?.close()
  pool = undefined
})

describe('CPU pool', () => {
  it('sizes itself from the cores, one left for the server, at most two', () => {
    expect([1, 2, 3, 4, 16].map((n) => defaultCpuWorkers(n))).toEqual([1, 1, 2, 2, 2])
  })

  it('runs at most `size` tasks at once; the others wait, urgent ones first', async () => {
    pool = createCpuPool({ size: 1, memoryMb: 256 })
    const order: number[] = []
    const run = (n: number, urgent = false) =>
      pool!.run<RenderedReport>(RENDER_TASK, render(n), { urgent }).then((r) => {
        order.push(n)
        return r.pages[0]!.cells[0]!.text
      })
    const runs = [run(1), run(2), run(3), run(4, true)]
    expect(pool.stats).toEqual({ threads: 1, busy: 1, queued: 3 })
    expect(await Promise.all(runs)).toEqual(['lote 1', 'lote 2', 'lote 3', 'lote 4'])
    expect(order).toEqual([1, 4, 2, 3])
    expect(pool.stats).toEqual({ threads: 1, busy: 0, queued: 0 })
  })

  it('ends a thread that stays idle, and starts one for the next task', async () => {
    pool = createCpuPool({ size: 1, memoryMb: 256, idleMs: 200 })
    await pool.run(RENDER_TASK, render(1))
    expect(pool.stats.threads).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect.poll(() => pool!.stats.threads).toBe(0)
    const again = await pool.run<RenderedReport>(RENDER_TASK, render(2))
    expect(again.pages[0]!.cells[0]!.text).toBe('lote 2')
  })

  it('answers the calls a task makes, and a task that throws fails alone', async () => {
    pool = createCpuPool({ size: 1, memoryMb: 256 })
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const asked: unknown[] = []
    const withImage = context(
      [
        table([
          [
            cell('', {
              image: {
                location: 'CONTENT',
                value: '7',
                marginTop: 0,
                marginRight: 0,
                marginBottom: 0,
                marginLeft: 0,
              },
            }),
          ],
        ]),
      ],
      [feature(1, {})],
    )
    const bytes = await pool.run<Uint8Array>(XLSX_TASK, withImage, {
      calls: {
        image: async (image: unknown) => {
          asked.push(image)
          return { bytes: new Uint8Array(png), extension: 'png' }
        },
      },
    })
    expect(asked).toEqual([expect.objectContaining({ contentId: 7 })])
    // an xlsx is a zip that holds the image
    expect(Buffer.from(bytes).subarray(0, 2).toString()).toBe('PK')
    expect(Buffer.from(bytes).includes(Buffer.from('xl/media/image'))).toBe(true)

    await expect(pool.run(XLSX_TASK, withImage)).rejects.toThrow('unknown call image')
    await expect(pool.run('nao.existe', {})).rejects.toThrow('unknown CPU task nao.existe')
    expect(pool.stats.threads).toBe(1)
  })

  it('a thread past its memory fails its task in Portuguese and is replaced', async () => {
    pool = createCpuPool({ size: 1, memoryMb: 32 })
    const many = Array.from({ length: 3000 }, (_, i) => feature(i, { nome: 'x'.repeat(200) }))
    const row = Array.from({ length: 50 }, () => cell('${nome} ${nome}'))
    const heavy = context([table([row, row])], many, { reportType: 'record' })
    const err = await pool.run(RENDER_TASK, heavy).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CpuTaskError)
    expect((err as CpuTaskError).kind).toBe('memory')
    expect((err as Error).message).toBe(
      'O processamento precisou de mais memória que o limite de 32 MB e foi interrompido.',
    )
    const after = await pool.run<RenderedReport>(RENDER_TASK, render(5))
    expect(after.pages[0]!.cells[0]!.text).toBe('lote 5')
  })

  it('an aborted task leaves the queue or ends its thread; closing fails what remains', async () => {
    pool = createCpuPool({ size: 1, memoryMb: 256 })
    const running = new AbortController()
    const waiting = new AbortController()
    const first = pool.run(RENDER_TASK, render(1), { signal: running.signal })
    const second = pool.run(RENDER_TASK, render(2), { signal: waiting.signal })
    const third = pool.run<RenderedReport>(RENDER_TASK, render(3))
    waiting.abort(new Error('parado'))
    running.abort(new Error('parado também'))
    await expect(second).rejects.toThrow('parado')
    await expect(first).rejects.toThrow('parado também')
    expect((await third).pages[0]!.cells[0]!.text).toBe('lote 3')

    const closing = 'O servidor está sendo encerrado. Tente novamente em instantes.'
    const last = expect(pool.run(RENDER_TASK, render(4))).rejects.toThrow(closing)
    const queued = expect(pool.run(RENDER_TASK, render(5))).rejects.toThrow(closing)
    await pool.close()
    await last
    await queued
    expect(pool.stats).toEqual({ threads: 0, busy: 0, queued: 0 })
    await expect(pool.run(RENDER_TASK, render(6))).rejects.toBeInstanceOf(CpuTaskError)
  })
})
