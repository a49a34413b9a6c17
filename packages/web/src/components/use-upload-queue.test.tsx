import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileOf, formFields, holdUploads } from '../../test/held-uploads'
import { makeStore } from '../app/store'
import { useUploadQueue, type UploadQueueOptions, type UploadRun } from './use-upload-queue'

afterEach(() => vi.unstubAllGlobals())

const request: UploadQueueOptions['request'] = (file) => {
  const form = new FormData()
  form.append('file', file, file.name)
  return { path: '/api/content', form }
}

function queueOf(options: Partial<UploadQueueOptions> = {}) {
  const store = makeStore({ persist: false })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  )
  return renderHook(() => useUploadQueue<{ id: number }>({ request, ...options }), { wrapper })
}

const files = (...names: string[]) => names.map((n) => fileOf(n, 'text/plain', 10))
const statuses = (q: { items: { file: File; status: string }[] }) =>
  q.items.map((i) => `${i.file.name}: ${i.status}`)

describe('useUploadQueue', () => {
  it('sends the files in order, at most `parallel` at a time, each with its percent', async () => {
    const uploads = holdUploads()
    const { result } = queueOf({ parallel: 2 })
    act(() => result.current.add(files('a.txt', 'b.txt', 'c.txt')))
    expect(result.current.waiting).toBe(3)

    let run: Promise<UploadRun<{ id: number }> | null> = Promise.resolve(null)
    act(() => {
      run = result.current.send()
    })
    expect(uploads.map((u) => formFields(u.form).file)).toEqual(['a.txt (10 B)', 'b.txt (10 B)'])
    expect(uploads.map((u) => `${u.method} ${u.url}`)).toEqual([
      'POST /api/content',
      'POST /api/content',
    ])
    expect(result.current.running).toBe(true)
    await uploads[1]!.progress(40)
    expect(result.current.items[1]).toMatchObject({ status: 'sending', percent: 40 })

    // The second answers first: the third goes in its place.
    await uploads[1]!.answer(201, { id: 2 })
    expect(uploads).toHaveLength(3)
    expect(formFields(uploads[2]!.form).file).toBe('c.txt (10 B)')
    await uploads[0]!.answer(201, { id: 1 })
    await uploads[2]!.answer(201, { id: 3 })
    // The answers in the queue's order, whatever order they came in.
    await expect(run).resolves.toEqual({
      answers: [{ id: 1 }, { id: 2 }, { id: 3 }],
      failures: [],
      allDone: true,
    })
    expect(result.current).toMatchObject({ running: false, sent: 3, waiting: 0, done: true })
  })

  it("keeps the server's message on the file it refused; the others still go; retry sends it again", async () => {
    const uploads = holdUploads()
    const { result } = queueOf()
    act(() => result.current.add(files('a.txt', 'b.txt')))
    let run: Promise<UploadRun<{ id: number }> | null> = Promise.resolve(null)
    act(() => {
      run = result.current.send()
    })
    await uploads[0]!.answer(400, { message: 'Tipo de arquivo não permitido.', errors: [] })
    await uploads[1]!.answer(201, { id: 2 })
    const failure = { status: 400, message: 'Tipo de arquivo não permitido.', errors: [] }
    await expect(run).resolves.toEqual({
      answers: [{ id: 2 }],
      failures: [failure],
      allDone: false,
    })
    expect(statuses(result.current)).toEqual(['a.txt: failed', 'b.txt: done'])
    expect(result.current.items[0]!.failure).toEqual(failure)
    expect(result.current.done).toBe(false)

    act(() => result.current.retry(result.current.items[0]!.key))
    expect(result.current.items[0]).toMatchObject({ status: 'waiting', failure: undefined })
    act(() => {
      run = result.current.send()
    })
    // Only the failed file goes again.
    expect(uploads).toHaveLength(3)
    expect(formFields(uploads[2]!.form).file).toBe('a.txt (10 B)')
    await uploads[2]!.answer(201, { id: 1 })
    await expect(run).resolves.toMatchObject({ answers: [{ id: 1 }], allDone: true })
    expect(result.current.done).toBe(true)
  })

  it('says in Portuguese that the server could not be reached, or gave no reason', async () => {
    const uploads = holdUploads()
    const { result } = queueOf()
    act(() => result.current.add(files('a.txt', 'b.txt')))
    let run: Promise<UploadRun<{ id: number }> | null> = Promise.resolve(null)
    act(() => {
      run = result.current.send()
    })
    await uploads[0]!.fail()
    await uploads[1]!.answer(502)
    await run
    const message = 'Não foi possível completar a operação. Tente novamente.'
    expect(result.current.items.map((i) => i.failure)).toEqual([
      { status: 0, message, errors: [] },
      { status: 502, message, errors: [] },
    ])
  })

  it('skips a file removed while others go, never sends one that may not go, and cancels one going', async () => {
    const uploads = holdUploads()
    const { result } = queueOf({ sendable: (f) => f.size < 100 })
    act(() =>
      result.current.add([...files('a.txt', 'b.txt'), fileOf('big.txt', 'text/plain', 500)]),
    )
    expect(result.current.waiting).toBe(2)
    let run: Promise<UploadRun<{ id: number }> | null> = Promise.resolve(null)
    act(() => {
      run = result.current.send()
    })
    act(() => result.current.remove(result.current.items[1]!.key))
    // A file going is not removed: it is cancelled.
    act(() => result.current.remove(result.current.items[0]!.key))
    expect(statuses(result.current)).toEqual(['a.txt: sending', 'big.txt: waiting'])
    await act(async () => result.current.cancel(result.current.items[0]!.key))
    expect(uploads[0]!.aborted).toBe(true)
    await expect(run).resolves.toEqual({ answers: [], failures: [], allDone: false })
    expect(uploads).toHaveLength(1)
    expect(statuses(result.current)).toEqual(['a.txt: cancelled', 'big.txt: waiting'])
  })

  it('stop aborts what goes and cancels what waits; the run answers nothing', async () => {
    const uploads = holdUploads()
    const { result } = queueOf()
    act(() => result.current.add(files('a.txt', 'b.txt')))
    let run: Promise<UploadRun<{ id: number }> | null> = Promise.resolve(null)
    act(() => {
      run = result.current.send()
    })
    await act(async () => result.current.stop())
    await expect(run).resolves.toBeNull()
    expect(uploads).toHaveLength(1)
    expect(uploads[0]!.aborted).toBe(true)
    expect(statuses(result.current)).toEqual(['a.txt: cancelled', 'b.txt: cancelled'])
  })

  it('aborts on unmount only when asked to', async () => {
    const uploads = holdUploads()
    for (const cancelOnUnmount of [true, false]) {
      const { result, unmount } = queueOf({ cancelOnUnmount })
      act(() => result.current.add(files('a.txt')))
      act(() => void result.current.send())
      unmount()
      expect(uploads.at(-1)!.aborted).toBe(cancelOnUnmount)
    }
  })
})
