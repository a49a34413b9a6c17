/** Messages between the server and the thread that runs the embedded database. */

export interface WorkerInit {
  /** Directory of the database files; omitted for an in-memory database. */
  dataDir?: string
  /** A tarball (PGlite's dumpDataDir) to start from: tests start from a prepared template. */
  loadDataDirFile?: string
}

export type Command =
  | { kind: 'query'; text: string; params?: readonly unknown[] }
  | { kind: 'exec'; text: string }
  /** `COPY <target> FROM '/dev/blob'` of a chunk of COPY text. */
  | { kind: 'copy'; target: string; data: string }
  | { kind: 'close' }

export type WorkerRequest = Command & { id: number }

/** What crosses the thread boundary of a database error (pg's DatabaseError fields). */
export interface SerializedDbError {
  message: string
  code?: string
  detail?: string
  hint?: string
  position?: string
  schema?: string
  table?: string
  column?: string
  constraint?: string
}

export type WorkerResponse =
  | { id: number; ok: true; rows?: unknown[]; rowCount?: number }
  | { id: number; ok: false; error: SerializedDbError }

export type WorkerEvent = { kind: 'ready' } | { kind: 'failed'; error: SerializedDbError }

const FIELDS = [
  'code',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'constraint',
] as const

export function serializeError(err: unknown): SerializedDbError {
  if (!(err instanceof Error)) return { message: String(err) }
  const out: SerializedDbError = { message: err.message }
  const source = err as unknown as Record<string, unknown>
  for (const field of FIELDS) {
    const value = source[field]
    if (typeof value === 'string') out[field] = value
  }
  return out
}

/** A database error as the driver of the other side raised it: message, SQLSTATE code, details. */
export class DbError extends Error {
  readonly code?: string
  readonly detail?: string
  readonly hint?: string
  readonly constraint?: string
  readonly table?: string
  readonly column?: string

  constructor(e: SerializedDbError) {
    super(e.message)
    this.name = 'DbError'
    Object.assign(this, e)
  }
}
