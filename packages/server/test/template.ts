import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { migrate } from '../src/db/migrate'
import { createPgliteDb } from '../src/db/pglite'
import { createPostgresDb } from '../src/db/postgres'
import { seedDemo } from '../src/demo/seed'
import type { Db } from '../src/db/types'
import { repoRoot, serverRoot } from '../src/paths'

/** Everything that shapes the prepared database: a change to any of it makes a new template. */
function templateHash(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (!entry.name.endsWith('.test.ts')) hash.update(entry.name).update(readFileSync(full))
    }
  }
  for (const dir of ['db', 'demo', 'layer-data', 'auth', 'modules']) {
    walk(path.join(serverRoot, 'src', dir))
  }
  hash.update(readFileSync(path.join(serverRoot, 'test', 'template.ts')))
  return hash.digest('hex').slice(0, 16)
}

export async function prepare(db: Db): Promise<void> {
  await migrate(db)
  await seedDemo(db)
}

/** Templates of older sources, unused for an hour (another run may still be loading a recent one). */
function removeStaleTemplates(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (!name.startsWith('pglite-template-') || full === keep) continue
    if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { force: true })
  }
}

const BLOCK = 512

/**
 * The tarball without the WAL segments before the checkpoint's (replayed by nothing) and the
 * recycled ones after it (PostgreSQL makes new ones as it needs them): a third of its size,
 * which each test file's database unpacks.
 */
function withoutSegmentsBut(tar: Buffer, segment: string): Buffer {
  const kept: Buffer[] = []
  const field = (header: Buffer, start: number, end: number) =>
    header.subarray(start, end).toString('latin1').replace(/\0.*$/s, '').trim()
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK)
    if (header.every((byte) => byte === 0)) break
    const name = field(header, 0, 100)
    const size = parseInt(field(header, 124, 136) || '0', 8)
    const length = BLOCK + Math.ceil(size / BLOCK) * BLOCK
    const spare = /pg_wal\/[0-9A-F]{24}$/.test(name) && !name.endsWith(segment)
    if (!spare) kept.push(tar.subarray(at, at + length))
    at += length
  }
  return Buffer.concat([...kept, Buffer.alloc(2 * BLOCK)])
}

/** A dump of a migrated, seeded embedded database; each test file loads it into memory. */
export async function pgliteTemplate(): Promise<string> {
  const dir = path.join(repoRoot, '.tmp')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `pglite-template-${templateHash()}.tar`)
  removeStaleTemplates(dir, file)
  if (existsSync(file)) return file
  const db = await createPgliteDb({})
  await prepare(db)
  // Checkpointed, each file's database starts without replaying the seed's WAL.
  await db.exec('CHECKPOINT')
  const { rows } = await db.query<{ segment: string }>(
    'SELECT pg_walfile_name(redo_lsn) AS segment FROM pg_control_checkpoint()',
  )
  const dump = await db.pglite.dumpDataDir('none')
  await db.close()
  const tar = withoutSegmentsBut(Buffer.from(await dump.arrayBuffer()), rows[0]!.segment)
  writeFileSync(`${file}.part`, tar)
  renameSync(`${file}.part`, file)
  return file
}

export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** A migrated, seeded PostgreSQL database that each test file copies with CREATE DATABASE … TEMPLATE. */
export async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `gis_template_${templateHash()}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount) return name
    const building = `${name}_build_${process.pid}`
    await admin.query(`CREATE DATABASE "${building}"`)
    const db = createPostgresDb(databaseUrl(baseUrl, building), { max: 2 })
    try {
      await prepare(db)
    } finally {
      await db.close()
    }
    await admin
      .query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
      .catch(async (err: Error) => {
        // Another run built the same template meanwhile: keep theirs.
        await admin.query(`DROP DATABASE IF EXISTS "${building}"`)
        if (!/already exists/.test(err.message)) throw err
      })
    return name
  } finally {
    await admin.end()
  }
}

/** Runs statements on a PostgreSQL database with a connection of its own; answers the last rows. */
export async function onDatabase(
  url: string,
  ...statements: string[]
): Promise<pg.QueryResultRow[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    let rows: pg.QueryResultRow[] = []
    for (const statement of statements) rows = (await c.query(statement)).rows
    return rows
  } finally {
    await c.end()
  }
}
