import type { CopyLines } from './types'

/** What the embedded database is given per COPY: a blob of at most this many bytes. */
export const COPY_CHUNK_BYTES = 4 * 1024 * 1024

/**
 * The lines of a COPY grouped into texts of about `maxBytes` (never a line cut), each with the
 * number of rows it holds (its line breaks).
 */
export async function* copyChunks(
  lines: CopyLines,
  maxBytes = COPY_CHUNK_BYTES,
): AsyncGenerator<{ text: string; rows: number }> {
  let parts: string[] = []
  let size = 0
  let rows = 0
  for await (const line of lines) {
    parts.push(line)
    size += line.length
    for (let i = line.indexOf('\n'); i >= 0; i = line.indexOf('\n', i + 1)) rows++
    if (size >= maxBytes) {
      yield { text: parts.join(''), rows }
      parts = []
      size = 0
      rows = 0
    }
  }
  if (size > 0) yield { text: parts.join(''), rows }
}

/** A value as a field of COPY's text format: `\N` for null, backslash, tab and line breaks escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N'
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  )
}
