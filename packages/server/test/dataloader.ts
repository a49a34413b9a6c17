import type { TestApp } from './harness'

/**
 * IMPORTAR DADOS over HTTP as the wizard drives it (issue 43): the multipart upload answers the
 * import READING, its status is followed until the file is read, then the import is asked for.
 */

export interface Uploaded {
  /** 201 once read; 400 when the upload or its reading was refused (then `body.message`). */
  status: number
  body: any
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The multipart upload alone (the browser's FormData): its 201 or 400, as sent. */
export async function postImport(
  t: TestApp,
  name: string,
  bytes: Buffer | string | Blob,
  token: string,
) {
  const form = new FormData()
  form.append('file', bytes instanceof Blob ? bytes : new Blob([bytes]), name)
  const res = await fetch(`${t.baseUrl}/api/dataloader/import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: JSON.parse(await res.text()) }
}

/** Waits while the import is READING; answers its status then. */
export async function waitRead(t: TestApp, id: number, token: string, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await t.get(`/api/dataloader/${id}/status`, token)
    if (res.statusCode !== 200) return { status: 'GONE', message: null, code: res.statusCode }
    const body = res.json()
    if (body.status !== 'READING') return body
    if (Date.now() > until) throw new Error(`import ${id} still reading`)
    await pause(50)
  }
}

/** Upload, then its reading: the job once READY (201), or the refusal's message (400). */
export async function uploadImport(
  t: TestApp,
  name: string,
  bytes: Buffer | string | Blob,
  token: string,
): Promise<Uploaded> {
  const posted = await postImport(t, name, bytes, token)
  if (posted.status !== 201) return posted
  const read = await waitRead(t, posted.body.id, token)
  if (read.status === 'FAILED') return { status: 400, body: { message: read.message } }
  const job = await t.get(`/api/dataloader/${posted.body.id}`, token)
  return { status: 201, body: job.json() }
}

/** Waits for the import's execution (or undo) to end; answers its last status. */
export async function waitDone(t: TestApp, id: number, token: string, timeoutMs = 900_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await t.get(`/api/dataloader/${id}/status`, token)
    const body = res.json()
    if (['COMPLETE', 'ERROR', 'CANCELLED'].includes(body.status)) return body
    if (Date.now() > until) throw new Error(`import ${id} did not finish: ${JSON.stringify(body)}`)
    await pause(100)
  }
}
