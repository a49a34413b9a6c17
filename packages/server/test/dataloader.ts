import { expect } from 'vitest'
import { expectStatus, type TestApp } from './harness'
import { budget } from './slowdown'

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
export async function waitRead(t: TestApp, id: number, token: string, timeoutMs = budget(600_000)) {
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

/** Upload and reading that must succeed (201): the job, read. */
export async function uploaded(
  t: TestApp,
  name: string,
  bytes: Buffer | string | Blob,
  token: string,
) {
  const res = await uploadImport(t, name, bytes, token)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** Waits for the import's execution (or undo) to end; answers its last status. */
export async function waitDone(t: TestApp, id: number, token: string, timeoutMs = budget(900_000)) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await t.get(`/api/dataloader/${id}/status`, token)
    const body = res.json()
    if (['COMPLETE', 'ERROR', 'CANCELLED'].includes(body.status)) return body
    if (Date.now() > until) throw new Error(`import ${id} did not finish: ${JSON.stringify(body)}`)
    await pause(100)
  }
}

/* The scale tests' file (issue 43): lots with a key, Brazilian numbers and dates, coordinates. */

/** 1.234,56 as a Brazilian file writes it. */
const brFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
export const br = (n: number) => brFormat.format(n)
const date = (i: number) =>
  `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/20${10 + (i % 15)}`
export const km = (i: number) => (i % 5_000) * 1.37 + 1_000

/** A `;` csv of rows from..to-1: codigo, nome, km (1.234,56), data (dd/mm/aaaa), lon, lat. */
export function lotesCsv(from: number, to: number, nome: (i: number) => string, bad = false) {
  const lines = ['codigo;nome;km;data;lon;lat']
  for (let i = from; i < to; i++) {
    const kmText = bad && i % 10_000 === 7 ? 'abc' : br(km(i))
    const dateText = bad && i % 50_000 === 11 ? '31/02/2025' : date(i)
    const lon = (-49 + (i % 1000) / 1000).toFixed(6).replace('.', ',')
    const lat = (-16 + Math.floor(i / 1000) / 2000).toFixed(6).replace('.', ',')
    lines.push(`L-${i};${nome(i)};${kmText};${dateText};${lon};${lat}`)
  }
  return lines.join('\n') + '\n'
}

/** Each of these columns of the file into the layer's field of the same name. */
export const sameNames = (...columns: string[]) => columns.map((c) => ({ source: c, destiny: c }))

export const lotesMappings = sameNames('codigo', 'nome', 'km', 'data').map((m) => ({
  ...m,
  primaryKey: m.source === 'codigo',
}))
/** A point from the file's lon and lat columns, for every row. */
export const pointsFromLonLat = {
  spatializeType: 'generate',
  spatializeMode: 'all',
  spatializeVertices: [{ x: 'lon', y: 'lat' }],
}

/** Upload, execute, wait: the import's id, its job, last status and report. */
export async function runImport(
  t: TestApp,
  token: string,
  name: string,
  text: Buffer | string | Blob,
  body: object,
) {
  const job = await uploaded(t, name, text, token)
  expectStatus(await t.post(`/api/dataloader/${job.id}/execute`, body, token), 202)
  const status = await waitDone(t, job.id, token)
  const report = (await t.get(`/api/dataloader/${job.id}/report`, token)).json()
  return { id: job.id as number, job, status, report }
}
