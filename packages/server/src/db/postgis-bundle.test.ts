import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The build step under test (plain JavaScript, run by build.mjs).
import { writePostgisBundle } from '../../scripts/postgis-bundle.mjs'
import { pgliteTemplate } from '../../test/template'
import { serverRoot } from '../paths'
import { createPgliteDb } from './pglite'
import { postgisExtension } from './postgis-extension'

const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-postgis-bundle-'))
const built = path.join(serverRoot, 'dist', 'postgis.tar.gz')
beforeAll(() => writePostgisBundle(built))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the trimmed PostGIS bundle of the embedded database', () => {
  it('keeps PostGIS, its PROJ data and its scripts, and leaves raster, topology and tiger out', async () => {
    const file = path.join(dir, 'postgis.tar.gz')
    expect(await writePostgisBundle(file)).toBe(true)
    // Made once: a second build keeps it.
    expect(await writePostgisBundle(file)).toBe(false)
    const entries: string[] = []
    await tar.t({ file, onReadEntry: (e) => entries.push(e.path) })
    expect(entries).toEqual(
      expect.arrayContaining([
        'lib/postgresql/postgis-3.so',
        'share/proj/proj.db',
        'share/postgresql/extension/postgis.control',
        'share/postgresql/extension/postgis--3.6.2.sql',
      ]),
    )
    expect(entries.filter((e) => /raster|topology|tiger|unpackaged/.test(e))).toEqual([])
    expect(entries.filter((e) => e.endsWith('.so'))).toEqual(['lib/postgresql/postgis-3.so'])
    expect(statSync(file).size).toBeLessThan(10_000_000)
  })

  it('is what the database opens with: PostGIS answers, PROJ included', async () => {
    const setup = await postgisExtension().setup({} as never, { PGLITE_ENV: {} })
    expect(setup.bundlePath?.pathname).toBe(built)
    const db = await createPgliteDb({
      loadDataDir: readFileSync(await pgliteTemplate()),
    })
    try {
      const { rows } = await db.query<{ x: number; y: number }>(
        `SELECT round(ST_X(p)) AS x, round(ST_Y(p)) AS y
           FROM ST_Transform(ST_SetSRID(ST_MakePoint(-47, -22), 4326), 31983) p`,
      )
      // SIRGAS 2000 / UTM 23S, the concession's projected system (PostgreSQL's PostGIS agrees).
      expect(rows[0]).toEqual({ x: 293_528, y: 7_565_823 })
    } finally {
      await db.close()
    }
  })
})
