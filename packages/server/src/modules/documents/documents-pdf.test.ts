import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import {
  makePdf,
  postForm,
  postLargeFile,
  previewsMade,
  storedFileCount,
} from '../../../test/uploads'
import { heavyStrokes, pdfOf } from '../../../../../scripts/test-files.mjs'

/**
 * PDF work is bounded (issue 41): a PDF whose pages take poppler minutes is uploaded at once
 * (its preview is a job), at most PDF_WORKERS poppler processes run at a time, each is killed
 * past PDF_TIMEOUT_SECONDS, and what failed is remembered, so the next request for it starts
 * nothing. The processes are watched in /proc: the children of this process (the server runs
 * in it) named pdftoppm or pdfinfo.
 */

const t = useTestApp({ config: { pdfWorkers: 1, pdfTimeoutSeconds: 2 } })
let folder: number

beforeAll(async () => {
  const res = await t.get('/api/documents/folders', t.user)
  folder = res.json().find((f: { name: string }) => f.name === 'Projetos').id
})

const LIGHT = '0 0 m 595 842 l S\n'
/** A million strokes: minutes of pdftoppm at any size, 170 KB compressed. */
const HEAVY = heavyStrokes()

/** The poppler processes this process started, seen every 10 ms: most at once, and all pids. */
function watchPoppler() {
  const pids = new Set<number>()
  let most = 0
  const look = () => {
    let now = 0
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        // pid (comm) state ppid …
        const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat)
        if (!m || Number(m[2]) !== process.pid || !/^pdf(toppm|info)$/.test(m[1]!)) continue
        now++
        pids.add(Number(name))
      } catch {
        // ended meanwhile
      }
    }
    most = Math.max(most, now)
  }
  const timer = setInterval(look, 10)
  return {
    pids,
    most: () => most,
    stop: () => clearInterval(timer),
  }
}

const upload = (name: string, bytes: Buffer) =>
  postForm(t.baseUrl, '/api/documents', t.user, {
    folderId: String(folder),
    file: { name, bytes },
  })

const pageOf = (doc: number, page: number) =>
  fetch(`${t.baseUrl}/api/documents/${doc}/versions/1/pages/${page}.png?token=${t.user}`)

describe('PDF previews and pages, bounded', () => {
  it('three heavy PDFs at once: the uploads answer at once, one poppler at a time, the failure remembered', async () => {
    const watch = watchPoppler()
    try {
      const heavy = pdfOf([HEAVY])
      const started = performance.now()
      const docs = await Promise.all([1, 2, 3].map((i) => upload(`pesado-${i}.pdf`, heavy)))
      const uploadMs = performance.now() - started
      for (const d of docs) {
        expect(d.statusCode).toBe(201)
        expect(d.json()).toMatchObject({ kind: 'pdf', preview: 'pending', thumbnail: false })
      }
      // The last preview waits for the two before it (seconds each): its pages are not there.
      const early = await pageOf(docs[2]!.json().id, 1)
      expect(early.status).toBe(503)
      expect(early.headers.get('retry-after')).toBe('1')
      const states = await previewsMade(
        t.db,
        docs.map((d) => d.json().contentId),
      )
      expect(states).toEqual(['failed', 'failed', 'failed'])
      expect(watch.most()).toBeLessThanOrEqual(1)
      // pdfinfo and pdftoppm once each per PDF, never twice.
      expect(watch.pids.size).toBeLessThanOrEqual(6)
      const seen = watch.pids.size
      const pages = await Promise.all(docs.map((d) => pageOf(d.json().id, 1)))
      for (const p of pages) expect(p.status).toBe(404)
      expect(watch.pids.size).toBe(seen)
      const detail = await t.get(`/api/documents/${docs[0]!.json().id}`, t.user)
      expect(detail.json()).toMatchObject({ preview: 'failed', thumbnail: false })
      console.log(
        'heavy PDFs:',
        JSON.stringify({ uploadMs: Math.round(uploadMs), processes: seen }),
      )
    } finally {
      watch.stop()
    }
  })

  it('a heavy page asked three times at once is drawn once, then refused at once; its light page is drawn', async () => {
    const res = await upload('misto.pdf', pdfOf([LIGHT, HEAVY]))
    expect(res.statusCode).toBe(201)
    expect(await previewsMade(t.db, [res.json().contentId])).toEqual(['done'])
    const id = res.json().id
    const watch = watchPoppler()
    try {
      const answers = await Promise.all([1, 2, 3].map(() => pageOf(id, 2)))
      for (const a of answers) {
        expect(a.status).toBe(404)
        expect(((await a.json()) as { message: string }).message).toBe(
          'Não foi possível gerar a imagem da página.',
        )
      }
      expect(watch.pids.size).toBe(1)
      expect(watch.most()).toBe(1)
      const again = await pageOf(id, 2)
      expect(again.status).toBe(404)
      expect(watch.pids.size).toBe(1)
      const light = await pageOf(id, 1)
      expect(light.status).toBe(200)
      expect(light.headers.get('content-type')).toBe('image/png')
    } finally {
      watch.stop()
    }
  })

  it("refuses a folder the user cannot write before storing the file's bytes, and wants the folder first", async () => {
    const folders = (await t.get('/api/documents/folders', t.user)).json()
    const closed = folders.find((f: { canWrite: boolean }) => !f.canWrite).id
    const files = storedFileCount(t.dataDir)
    const size = 100 * 1_048_576
    const refused = await postLargeFile(
      `${t.baseUrl}/api/documents`,
      t.user,
      { folderId: String(closed) },
      'grande.pdf',
      size,
    )
    expect([403, -1]).toContain(refused.status)
    if (refused.status === 403) {
      expect(JSON.parse(refused.body).message).toBe(
        'Você não possui permissão para alterar documentos desta pasta!',
      )
    }
    // Answered long before the 100 MB went out.
    expect(refused.sentWhenAnswered).toBeLessThan(size / 2)
    expect(storedFileCount(t.dataDir)).toBe(files)

    const form = new FormData()
    form.append('file', new Blob([await makePdf(1)]), 'sem-pasta-antes.pdf')
    form.append('folderId', String(folder))
    const late = await fetch(`${t.baseUrl}/api/documents`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.user}` },
    })
    expect(late.status).toBe(400)
    expect(((await late.json()) as { errors: unknown[] }).errors).toEqual([
      {
        field: 'folderId',
        message: 'Informe a pasta (campo folderId) antes do arquivo no envio.',
      },
    ])
    expect(storedFileCount(t.dataDir)).toBe(files)
  })
})
