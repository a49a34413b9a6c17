import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb, type TestDb } from '../../test/harness'
import { migrate, readMigrations } from './migrate'
import { createPostgresDb } from './postgres'

let t: TestDb
beforeAll(async () => {
  t = await openTestDb()
})
afterAll(async () => {
  await t?.drop()
})

describe('migrations', () => {
  it('has applied every numbered migration once, and a second run does nothing', async () => {
    const all = await readMigrations()
    const { rows } = await t.db.query<{ version: number }>(
      'SELECT version FROM app.schema_migrations ORDER BY version',
    )
    expect(rows.map((r) => r.version)).toEqual(all.map((m) => m.version))
    expect(await migrate(t.db)).toEqual([])
  })

  it('applies new migrations in order, each once, even when started twice at the same time', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-migrations-'))
    writeFileSync(
      path.join(dir, '9001_first.sql'),
      'CREATE TABLE app.m_test (n int); INSERT INTO app.m_test VALUES (1);',
    )
    writeFileSync(path.join(dir, '9002_second.sql'), 'INSERT INTO app.m_test VALUES (2);')
    const extra = await readMigrations(dir)
    const all = [...(await readMigrations()), ...extra]
    // On PostgreSQL a second pool is a second session, as a second process would have:
    // the advisory lock serialises them. PGlite has one connection, owned by one process.
    const other = process.env.TEST_DATABASE_URL ? await secondConnection() : t.db
    const results = await Promise.all([migrate(t.db, all), migrate(other, all)])
    expect(results.flat().sort()).toEqual(['9001_first.sql', '9002_second.sql'])
    const { rows } = await t.db.query<{ n: number }>('SELECT n FROM app.m_test ORDER BY n')
    expect(rows.map((r) => r.n)).toEqual([1, 2])
    if (other !== t.db) await other.close()
  })

  it('rolls a failing migration back and reports it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-migrations-'))
    writeFileSync(
      path.join(dir, '9100_broken.sql'),
      'CREATE TABLE app.half_done (n int); SELECT no_such_function();',
    )
    const all = [...(await readMigrations()), ...(await readMigrations(dir))]
    await expect(migrate(t.db, all)).rejects.toThrow(/9100_broken\.sql/)
    const { rows } = await t.db.query(`SELECT to_regclass('app.half_done') AS t`)
    expect(rows[0]).toEqual({ t: null })
  })
})

/** A second, independent pool on the same PostgreSQL test database. */
async function secondConnection() {
  const { rows } = await t.db.query<{ db: string }>('SELECT current_database() AS db')
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${rows[0]!.db}`
  return createPostgresDb(url.toString(), { max: 1 })
}
