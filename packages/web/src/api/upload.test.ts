import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './client'
import { uploadForm, type UploadProgress } from './upload'

/** A stand-in for the browser's XMLHttpRequest that the test drives by hand. */
class FakeXhr {
  static last: FakeXhr
  headers: Record<string, string> = {}
  method = ''
  url = ''
  status = 0
  responseText = ''
  sent: unknown
  upload: {
    onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void
  } = {}
  onload?: () => void
  onerror?: () => void
  onabort?: () => void
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.sent = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('uploadForm', () => {
  it('sends the form with the token and reports percent progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const seen: UploadProgress[] = []
    const form = new FormData()
    const done = uploadForm<{ id: number }>('/api/x', form, {
      token: 'Bearer abc',
      onProgress: (p) => seen.push(p),
    })
    const xhr = FakeXhr.last
    expect(xhr.method).toBe('POST')
    expect(xhr.headers.authorization).toBe('Bearer abc')
    expect(xhr.sent).toBe(form)
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 })
    xhr.answer(201, { id: 7 })
    expect(await done).toEqual({ id: 7 })
    expect(seen.map((p) => p.percent)).toEqual([25, 100])
  })

  it('answers the server’s message and field errors as an ApiError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const done = uploadForm('/api/x', new FormData(), { token: null })
    FakeXhr.last.answer(413, { message: 'Conteúdo grande demais.' })
    await expect(done).rejects.toEqual(new ApiError(413, 'Conteúdo grande demais.'))
  })

  it('cancels through the signal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const controller = new AbortController()
    const done = uploadForm('/api/x', new FormData(), { token: null, signal: controller.signal })
    controller.abort()
    await expect(done).rejects.toMatchObject({ name: 'AbortError' })
  })
})
