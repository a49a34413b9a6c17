import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { loadConfig } from './config'
import { lockDataDir } from './db/data-dir-lock'
import { dumpEmbedded } from './db/export'
import { createPgliteDb } from './db/pglite'

/**
 * `npm run db:export -- [file]`: the embedded database of DATA_DIR as an SQL script that
 * PostgreSQL + PostGIS restores with psql (docs/ops.md). The server must be stopped.
 */
async function run(): Promise<void> {
  const config = loadConfig()
  const file = path.resolve(process.argv[2] ?? 'gis-export.sql')
  const dir = path.join(config.dataDir, 'pgdata')
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`Não há banco de dados embutido em ${config.dataDir} (defina DATA_DIR).`)
  }
  const unlock = lockDataDir(config.dataDir)
  try {
    const db = await createPgliteDb({ dataDir: dir })
    try {
      await writeFile(file, await dumpEmbedded(db.pglite))
    } finally {
      await db.close()
    }
  } finally {
    unlock()
  }
  console.log(
    [
      `Banco de dados exportado para ${file}.`,
      'Para restaurar num banco PostgreSQL + PostGIS vazio:',
      `  psql -v ON_ERROR_STOP=1 -d <DATABASE_URL> -f ${file}`,
      'e inicie o servidor com DATABASE_URL.',
    ].join('\n'),
  )
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
