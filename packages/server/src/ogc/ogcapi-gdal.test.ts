import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, DEMO_LAYERS, freePort, useTestApp } from '../../test/harness'
import { budget } from '../../test/slowdown'

const run = promisify(execFile)
const installed = await run('ogrinfo', ['--version']).then(
  () => true,
  () => false,
)

describe('GDAL (OAPIF driver)', () => {
  it('is installed (apt-get install gdal-bin)', () => {
    expect(installed, 'ogrinfo não encontrado no PATH: instale o pacote gdal-bin').toBe(true)
  })
})

// GDAL follows the documents' links, which name PUBLIC_URL: here the app's own loopback address.
const port = await freePort()
const publicUrl = `http://127.0.0.1:${port}`

describe.runIf(installed)('GDAL (ogrinfo, ogr2ogr) against /ogcapi', () => {
  const t = useTestApp({ config: { port, publicUrl } })
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gdal-oapif-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const gdal = async (tool: string, args: string[], who = DEMO.user) => {
    try {
      const { stdout, stderr } = await run(tool, args, {
        env: {
          ...process.env,
          GDAL_HTTP_AUTH: 'BASIC',
          GDAL_HTTP_USERPWD: `${who.username}:${who.password}`,
          CPL_DEBUG: 'OFF',
        },
        maxBuffer: 64 * 1024 * 1024,
        timeout: budget(120_000),
      })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string }
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
    }
  }
  const live = async (layer: string) =>
    (
      await t.db.query<{ n: number; ids: number }>(
        `SELECT count(*)::int AS n, coalesce(sum(id), 0)::float8 AS ids
           FROM data.${layer} WHERE NOT d_e_l_e_t_`,
      )
    ).rows[0]!
  const wfsMatched = async (layer: string) => {
    const res = await t.get(
      `/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:${layer}&RESULTTYPE=hits`,
      t.admin,
    )
    return Number(/numberMatched="(\d+)"/.exec(res.body)![1])
  }
  const service = `OAPIF:${publicUrl}/ogcapi`

  it('lists the collections the user reads, typed', async () => {
    const res = await gdal('ogrinfo', ['-ro', service])
    expect(res.code, res.stderr).toBe(0)
    const layers = [...res.stdout.matchAll(/^\d+: (\S+)/gm)].map((m) => m[1]).sort()
    expect(layers).toEqual(DEMO_LAYERS.filter((l) => l !== 'ocorrencias'))
    expect(res.stdout).toContain('oae (title: Obras de arte especiais (pontes e viadutos)) (Point)')
    expect(res.stdout).toContain('rodovias (title: Rodovias) (Multi Line String)')
  })

  it('copies every collection whole, its counts and ids those of the WFS', async () => {
    // GDAL 3.6 (Debian 12) asks 10 features a page unless told; users are told the same.
    const copied: Record<string, { n: number; ids: number }> = {}
    for (const layer of DEMO_LAYERS) {
      const out = path.join(dir, `${layer}.gpkg`)
      const copy = await gdal(
        'ogr2ogr',
        ['-f', 'GPKG', out, service, layer, '-nln', 'copia', '-oo', 'PAGE_SIZE=1000'],
        DEMO.admin,
      )
      expect(copy.code, `${layer}: ${copy.stderr}`).toBe(0)
      expect(copy.stderr).not.toMatch(/ERROR/)
      const read = await gdal('ogrinfo', [
        '-ro',
        '-q',
        out,
        '-sql',
        'SELECT count(*) AS n, coalesce(sum(id), 0) AS ids FROM copia',
      ])
      copied[layer] = {
        n: Number(/n \(Integer\S*\) = (\d+)/.exec(read.stdout)?.[1]),
        ids: Number(/ids \(\w+\S*\) = ([\d.]+)/.exec(read.stdout)?.[1]),
      }
    }
    for (const layer of DEMO_LAYERS) {
      const expected = await live(layer)
      expect(copied[layer], layer).toEqual({ n: expected.n, ids: expected.ids })
      expect(copied[layer]!.n, layer).toBe(await wfsMatched(layer))
    }
  })

  it('filters by a box and by an attribute, as the database counts', async () => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data.placas
        WHERE NOT d_e_l_e_t_ AND ST_Intersects(geom, ST_MakeEnvelope(-47.5, -23.55, -47.3, -23.4, 4326))`,
    )
    const boxed = await gdal('ogrinfo', [
      '-ro',
      '-so',
      service,
      'placas',
      '-spat',
      '-47.5',
      '-23.55',
      '-47.3',
      '-23.4',
    ])
    expect(boxed.code, boxed.stderr).toBe(0)
    expect(boxed.stdout).toContain(`Feature Count: ${rows[0]!.n}`)
    const [oae] = (await t.db.query<{ codigo: string }>('SELECT codigo FROM data.oae WHERE id = 1'))
      .rows
    const where = await gdal('ogrinfo', [
      '-ro',
      service,
      'oae',
      '-where',
      `codigo = '${oae!.codigo}'`,
    ])
    expect(where.code, where.stderr).toBe(0)
    expect(where.stdout.match(/^OGRFeature\(oae\)/gm)).toHaveLength(1)
    expect(where.stdout).toContain(`codigo (String) = ${oae!.codigo}`)
  })
})
