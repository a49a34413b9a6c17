import type { Queryable } from '../db/types'
import { indexName, type ColumnInfo } from './layer-tables'
import { quoteIdent } from './model'

/**
 * The system columns of a layer table (id, uuid, deletion flag, modification time): which an
 * existing table lacks or has with a wrong type, and adding them when an administrator
 * registers a table loaded by other tools.
 */

/** The system columns a table lacks, and what registering it adds for each. */
const SYSTEM_COLUMNS: Record<string, { sql: string; accepts: RegExp; expected: string }> = {
  id: {
    sql: 'id bigserial',
    accepts: /^(bigint|integer)$/,
    expected: 'bigint',
  },
  uuid: {
    sql: 'uuid uuid NOT NULL DEFAULT gen_random_uuid()',
    accepts: /^uuid$/,
    expected: 'uuid',
  },
  d_e_l_e_t_: {
    sql: 'd_e_l_e_t_ boolean NOT NULL DEFAULT false',
    accepts: /^boolean$/,
    expected: 'boolean',
  },
  m_o_d_i_f_: {
    sql: 'm_o_d_i_f_ timestamptz NOT NULL DEFAULT now()',
    accepts: /^timestamp with(out)? time zone$/,
    expected: 'timestamptz',
  },
}

/** System columns of a layer table with a wrong type: `[name, type, expected]`. */
export function wrongSystemColumns(columns: readonly ColumnInfo[]): [string, string, string][] {
  return columns.flatMap((c) => {
    const spec = SYSTEM_COLUMNS[c.name]
    return spec && !spec.accepts.test(c.sqlType)
      ? [[c.name, c.sqlType, spec.expected] as [string, string, string]]
      : []
  })
}

export function missingSystemColumns(columns: readonly ColumnInfo[]): string[] {
  const names = new Set(columns.map((c) => c.name))
  return Object.keys(SYSTEM_COLUMNS).filter((n) => !names.has(n))
}

/**
 * Adds the system columns a table lacks (a table loaded by ogr2ogr or psql): an id for every
 * row (the primary key when the table has none), a uuid, the deletion flag and the
 * modification time, each filled for the existing rows.
 */
export async function addSystemColumns(db: Queryable, table: string, missing: readonly string[]) {
  const t = `data.${quoteIdent(table)}`
  for (const name of missing) {
    const spec = SYSTEM_COLUMNS[name]
    if (!spec) continue
    await db.exec(`ALTER TABLE ${t} ADD COLUMN ${spec.sql}`)
    if (name === 'id') {
      const { rows } = await db.query(
        `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'data' AND c.relname = $1 AND i.indisprimary`,
        [table],
      )
      await db.exec(
        rows.length
          ? `CREATE UNIQUE INDEX ${quoteIdent(indexName(table, 'id'))} ON ${t} (id)`
          : `ALTER TABLE ${t} ADD PRIMARY KEY (id)`,
      )
    }
  }
}
