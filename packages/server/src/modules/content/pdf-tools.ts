import { execFile } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// PDF pages by Debian's poppler-utils (`pdfinfo`, `pdftoppm`), run as child processes with a
// time limit on a temporary copy of the file: the event loop never waits for them.

/** Longest a poppler run may take before it is killed. */
const POPPLER_TIMEOUT_MS = 60_000

function run(program: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      {
        timeout: POPPLER_TIMEOUT_MS,
        maxBuffer: 1_048_576,
        encoding: 'utf8',
        killSignal: 'SIGKILL',
      },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    )
  })
}

/** Runs `work` on a temporary file holding the stream's bytes; the file is removed after. */
export async function withTempFile<T>(
  source: Readable,
  work: (file: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gis-pdf-'))
  try {
    const file = path.join(dir, 'in.pdf')
    await pipeline(source, createWriteStream(file))
    return await work(file, dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The number of pages (`pdfinfo`), or undefined when poppler cannot read the file. */
export async function pdfPageCount(file: string): Promise<number | undefined> {
  try {
    const out = await run('pdfinfo', [file])
    const pages = /^Pages:\s+(\d+)/m.exec(out)?.[1]
    return pages ? Number(pages) : undefined
  } catch {
    return undefined
  }
}

/**
 * One page as PNG (`pdftoppm`): `long` scales the longer side to that many pixels (thumbnails),
 * `width` the width. Undefined when poppler cannot render it.
 */
export async function renderPdfPage(
  file: string,
  dir: string,
  page: number,
  size: { long: number } | { width: number },
): Promise<Buffer | undefined> {
  const out = path.join(dir, `page-${page}`)
  const scale =
    'long' in size
      ? ['-scale-to', String(size.long)]
      : ['-scale-to-x', String(size.width), '-scale-to-y', '-1']
  try {
    await run('pdftoppm', [
      '-png',
      '-singlefile',
      '-f',
      String(page),
      '-l',
      String(page),
      ...scale,
      file,
      out,
    ])
    return await readFile(`${out}.png`)
  } catch {
    return undefined
  }
}
