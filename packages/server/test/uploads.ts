import { readdirSync } from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import type { Queryable } from '../src/db/types'

/**
 * Files to upload and how the tests send them (a multipart form, a large file streamed), and
 * what became of them (content previews, the files in the test storage).
 */

/** A small PDF of `pages` A4 pages, each saying its number. */
export async function makePdf(pages: number, text = 'Documento de teste'): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= pages; i++) {
    pdf.addPage([595, 842]).drawText(`${text} - página ${i}`, { x: 50, y: 780, size: 18, font })
  }
  return Buffer.from(await pdf.save())
}

/**
 * Waits until the preview job of these contents has ended (their state is no longer
 * `pending`), asking the database every 50 ms for at most a minute; answers their states.
 */
export async function previewsMade(db: Queryable, ids: readonly number[]): Promise<string[]> {
  for (let i = 0; i < 1200; i++) {
    const { rows } = await db.query<{ id: number; preview_state: string }>(
      'SELECT id::int AS id, preview_state FROM app.contents WHERE id = ANY($1::bigint[])',
      [ids],
    )
    if (rows.every((r) => r.preview_state !== 'pending')) {
      return ids.map((id) => rows.find((r) => r.id === id)?.preview_state ?? 'missing')
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`previews of ${ids.join(', ')} not made in a minute`)
}

export const makePng = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer()

/** Files in the test storage (under DATA_DIR/files), whatever their folder. */
export function storedFileCount(dataDir: string): number {
  const walk = (dir: string): number => {
    let n = 0
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return 0
    }
    for (const e of entries) n += e.isDirectory() ? walk(path.join(dir, e.name)) : 1
    return n
  }
  return walk(path.join(dataDir, 'files'))
}

/**
 * Streams a multipart upload of `fields` and a `file` of `size` bytes (zeros after a PDF
 * header) without ever holding it whole: for the size limits. `sentWhenAnswered` is how many
 * bytes of the file had been handed over when the answer came (the server may refuse early).
 */
export async function postLargeFile(
  url: string,
  token: string,
  fields: Record<string, string>,
  filename: string,
  size: number,
): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  const boundary = `----gis${Date.now()}`
  const head =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n'
  const chunk = Buffer.alloc(1024 * 1024)
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(Buffer.from(head + '%PDF-1.4\n'))
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`))
        controller.close()
        return
      }
      const n = Math.min(chunk.length, size - sent)
      sent += n
      controller.enqueue(chunk.subarray(0, n))
    },
  })
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      duplex: 'half',
    } as RequestInit)
    const sentWhenAnswered = sent
    return { status: res.status, body: await res.text(), sentWhenAnswered }
  } catch (err) {
    // The server may answer and close before the whole body was sent.
    return { status: -1, body: String(err), sentWhenAnswered: sent }
  }
}

/** Posts a multipart form straight to the test server (the harness sends JSON only). */
export async function postForm(
  baseUrl: string,
  url: string,
  token: string,
  fields: Record<string, string | { name: string; bytes: Buffer | string; type?: string }>,
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value)
    else form.append(key, new Blob([value.bytes], { type: value.type ?? '' }), value.name)
  }
  const res = await fetch(baseUrl + url, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await res.text()
  return { statusCode: res.status, headers: res.headers, json: () => JSON.parse(text) }
}
