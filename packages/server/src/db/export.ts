import type { PGlite } from '@electric-sql/pglite'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'

/** Everything of ours lives in these schemas; PostGIS and the catalog are the target's own. */
const SCHEMAS = ['app', 'data']

/**
 * The embedded database as one SQL script for PostgreSQL + PostGIS (`psql -f`): PGlite's
 * own pg_dump (WebAssembly, PostgreSQL 17) of our schemas, structure and rows, without
 * owners or grants, so that it restores into any database the target role can write.
 */
export async function dumpEmbedded(pglite: PGlite): Promise<string> {
  const file = await pgDump({
    pg: pglite,
    args: [...SCHEMAS.map((s) => `--schema=${s}`), '--no-owner', '--no-privileges'],
  })
  const dump = await file.text()
  return [
    '-- Exportado do banco de dados embutido (npm run db:export).',
    '-- Para restaurar num banco PostgreSQL vazio: psql -v ON_ERROR_STOP=1 -d <url> -f <arquivo>',
    'CREATE EXTENSION IF NOT EXISTS postgis;',
    // pg_dump 17 sets transaction_timeout, which PostgreSQL 16 and older do not know.
    dump.replace(/^SET transaction_timeout = 0;\n/m, ''),
  ].join('\n')
}
