export type Row = Record<string, unknown>

export interface QueryResult<T> {
  rows: T[]
  rowCount: number
}

/** Anything that runs one parameterised statement: the database, a transaction, a session. */
export interface Queryable {
  query<T = Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>
}

export type DbKind = 'pglite' | 'postgres'

export interface Db extends Queryable {
  readonly kind: DbKind
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs `fn` on one dedicated connection (session-level locks, settings). */
  session<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
