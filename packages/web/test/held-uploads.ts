import { act } from '@testing-library/react'
import { vi } from 'vitest'

/** One upload the app started (api/upload.ts sends through XMLHttpRequest), held until answered. */
export interface HeldUpload {
  method: string
  url: string
  headers: Record<string, string>
  form: FormData
  /** Whether the app aborted it. */
  aborted: boolean
  /** The browser reports this share of the file sent. */
  progress(percent: number): Promise<void>
  /** The server's answer: its status and JSON body. */
  answer(status: number, body?: unknown): Promise<void>
  /** No answer: the network failed. */
  fail(): Promise<void>
}

/**
 * Replaces XMLHttpRequest for one test (vi.unstubAllGlobals() puts it back): every upload is
 * kept in `uploads`, in the order it was sent, and waits until the test answers it. No request
 * leaves the test, and nothing answers but the test itself.
 */
export function holdUploads(): HeldUpload[] {
  const uploads: HeldUpload[] = []

  class HeldRequest {
    status = 0
    responseText = ''
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = ''
    private url = ''
    private headers: Record<string, string> = {}
    private held: HeldUpload | null = null

    open(method: string, url: string) {
      this.method = method
      this.url = url
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }

    send(form: FormData) {
      const held: HeldUpload = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        form,
        aborted: false,
        progress: async (percent) => {
          await act(async () => {
            this.upload.onprogress?.({
              lengthComputable: true,
              loaded: percent,
              total: 100,
            } as ProgressEvent)
          })
        },
        answer: async (status, body) => {
          await act(async () => {
            this.status = status
            this.responseText = body === undefined ? '' : JSON.stringify(body)
            this.onload?.()
          })
        },
        fail: async () => {
          await act(async () => this.onerror?.())
        },
      }
      this.held = held
      uploads.push(held)
    }

    abort() {
      if (this.held) this.held.aborted = true
      this.onabort?.()
    }
  }

  vi.stubGlobal('XMLHttpRequest', HeldRequest)
  return uploads
}

/** A form's fields as text (a file by its name), to compare what was sent. */
export function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : `${value.name} (${value.size} B)`,
    ]),
  )
}

const REAL_BYTES = 1_048_576

/**
 * A file of this name, type and size: that many bytes up to 1 MB; a larger one only claims
 * its size (enough for a limit checked before sending; not to be sent).
 */
export function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'.repeat(Math.min(size, REAL_BYTES))], name, { type })
  if (size > REAL_BYTES) Object.defineProperty(file, 'size', { value: size })
  return file
}
