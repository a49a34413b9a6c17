import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createTurns } from './turns'

/*
 * PDF pages by Debian's poppler-utils (`pdfinfo`, `pdftoppm`), bounded (issue 41): at most
 * `workers` of them run at once in this process (the others wait their turn, in order), each
 * under a time limit (killed past it) and an address-space limit (`ulimit -v`), so no PDF can
 * keep the cores busy for longer than one render per worker. They run as child processes: the
 * event loop never waits for them.
 */

export interface PopplerOptions {
  /** Processes at once (PDF_WORKERS). */
  workers: number
  /** Longest one may run, in milliseconds, before it is killed (PDF_TIMEOUT_SECONDS). */
  timeoutMs: number
  /** Address space of each, in MiB (PDF_MEMORY_MB). */
  memoryMb: number
}

export interface PopplerStats {
  /** Running now. */
  running: number
  /** Waiting for a turn. */
  waiting: number
  /** Started since this process began. */
  started: number
  /** Killed for passing the time limit. */
  timedOut: number
}

export interface Poppler {
  /** The number of pages, or undefined when poppler cannot read the file in time. */
  pageCount(file: string): Promise<number | undefined>
  /**
   * One page as PNG: `long` scales the longer side to that many pixels (thumbnails), `width`
   * the width. Undefined when poppler cannot draw it in time and memory.
   */
  renderPage(
    file: string,
    dir: string,
    page: number,
    size: { long: number } | { width: number },
  ): Promise<Buffer | undefined>
  stats(): PopplerStats
}

/** pdfinfo reads a document's structure only: a tenth of the render's time is ample. */
const INFO_SHARE = 0.1
const MIN_INFO_MS = 2_000

export function createPoppler(options: PopplerOptions): Poppler {
  const turns = createTurns(options.workers)
  const counts = { started: 0, timedOut: 0 }

  /** Runs a program in its turn; answers its stdout, or undefined when it failed. */
  async function run(program: string, args: string[], timeoutMs: number) {
    const release = await turns.take()
    try {
      counts.started++
      return await new Promise<string | undefined>((resolve) => {
        // sh sets the limit and becomes the program (exec): one process, killed by its pid.
        const child = spawn(
          '/bin/sh',
          [
            '-c',
            'ulimit -v "$1" && shift && exec "$@"',
            'poppler',
            String(options.memoryMb * 1024),
            program,
            ...args,
          ],
          { stdio: ['ignore', 'pipe', 'ignore'] },
        )
        let out = ''
        child.stdout.setEncoding('utf8')
        child.stdout.on('data', (chunk: string) => {
          if (out.length < 1_048_576) out += chunk
        })
        const timer = setTimeout(() => {
          counts.timedOut++
          child.kill('SIGKILL')
        }, timeoutMs)
        child.on('error', () => {
          clearTimeout(timer)
          resolve(undefined)
        })
        child.on('close', (code) => {
          clearTimeout(timer)
          resolve(code === 0 ? out : undefined)
        })
      })
    } finally {
      release()
    }
  }

  return {
    async pageCount(file) {
      const infoMs = Math.max(MIN_INFO_MS, options.timeoutMs * INFO_SHARE)
      const out = await run('pdfinfo', [file], infoMs)
      const pages = out && /^Pages:\s+(\d+)/m.exec(out)?.[1]
      return pages ? Number(pages) : undefined
    },
    async renderPage(file, dir, page, size) {
      const out = path.join(dir, `page-${page}`)
      const scale =
        'long' in size
          ? ['-scale-to', String(size.long)]
          : ['-scale-to-x', String(size.width), '-scale-to-y', '-1']
      const args = ['-png', '-singlefile', '-f', String(page), '-l', String(page), ...scale]
      const done = await run('pdftoppm', [...args, file, out], options.timeoutMs)
      if (done === undefined) return undefined
      return readFile(`${out}.png`).catch(() => undefined)
    },
    stats: () => ({ running: turns.running(), waiting: turns.waiting(), ...counts }),
  }
}
