export type Row = Record<string, unknown>

export interface QueryResult<T> {
  rows: T[]
  rowCount: number
}

/** How a hot statement runs on PostgreSQL; the embedded database ignores it. */
export interface QueryOptions {
  /**
   * Keep the statement prepared on each connection (parsed and planned once, not per call).
   * Only for statements with a fixed result shape: a few, fixed texts per process.
   */
  prepare?: boolean
}

/** Anything that runs one parameterised statement: the database, a transaction, a session. */
export interface Queryable {
  query<T = Row>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>
}

export type DbKind = 'pglite' | 'postgres'

/** The state of a connection pool (PostgreSQL), as the metrics show it. */
export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number
  idle: number
  /** Requests waiting for a connection. */
  waiting: number
  max: number
}

/**
 * Rows for `COPY … FROM` in PostgreSQL's text format: one line per row (fields between tabs,
 * `\N` for null, backslashes doubled), in chunks of any size.
 */
export type CopyLines = AsyncIterable<string>

export interface Db extends Queryable {
  readonly kind: DbKind
  /**
   * Loads rows into `target` (`schema.table (col, …)`) with COPY: streamed on PostgreSQL, in
   * blobs of a few MB on the embedded database. Answers how many rows went in.
   */
  copyIn(target: string, lines: CopyLines): Promise<number>
  /** The connection pool's state; absent on the embedded database (one connection, no pool). */
  poolStats?(): PoolStats
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs `fn` on one dedicated connection (session-level locks, settings). */
  session<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
