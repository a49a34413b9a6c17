import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, useTestApp, DEMO_LAYERS } from '../../test/harness'
import { budget } from '../../test/slowdown'

const run = promisify(execFile)

/** GDAL's own clients, from Debian's gdal-bin (CI installs it). */
async function gdalVersion(tool: string): Promise<string | undefined> {
  try {
    return (await run(tool, ['--version'])).stdout.trim()
  } catch {
    return undefined
  }
}

const versions = { ogrinfo: await gdalVersion('ogrinfo'), ogr2ogr: await gdalVersion('ogr2ogr') }
const installed = !!versions.ogrinfo && !!versions.ogr2ogr

// Never skipped in silence: without GDAL this file fails, and says what to install.
describe('GDAL clients', () => {
  it('are installed (apt-get install gdal-bin)', () => {
    expect(versions, 'ogrinfo/ogr2ogr não encontrados no PATH: instale o pacote gdal-bin').toEqual({
      ogrinfo: expect.stringMatching(/^GDAL/),
      ogr2ogr: expect.stringMatching(/^GDAL/),
    })
  })
})

const ALL_LAYERS = DEMO_LAYERS

describe.runIf(installed)('GDAL (ogrinfo, ogr2ogr) against /ows', () => {
  const t = useTestApp()
  let dir: string
  // The server runs in this process: the clients must run asynchronously.
  const gdal = async (tool: string, args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run(tool, args, {
        env: { ...process.env, GDAL_HTTP_AUTH: 'BASIC', CPL_DEBUG: 'OFF', ...env },
        maxBuffer: 256 * 1024 * 1024,
        timeout: budget(120_000),
      })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string }
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
    }
  }
  const ogrinfo = (args: string[], env: Record<string, string> = {}) =>
    gdal('ogrinfo', ['-ro', ...args], env)
  const credentials = { GDAL_HTTP_USERPWD: `${DEMO.user.username}:${DEMO.user.password}` }
  const adminCredentials = { GDAL_HTTP_USERPWD: `${DEMO.admin.username}:${DEMO.admin.password}` }
  const live = async (layer: string, where = 'true') =>
    (
      await t.db.query<{ n: number; ids: number }>(
        `SELECT count(*)::int AS n, coalesce(sum(id), 0)::float8 AS ids
           FROM data.${layer} WHERE NOT d_e_l_e_t_ AND ${where}`,
      )
    ).rows[0]!
  /** The server's own count: numberMatched of RESULTTYPE=hits. */
  const numberMatched = async (layer: string) => {
    const res = await t.get(
      `/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:${layer}&RESULTTYPE=hits`,
      t.admin,
    )
    return Number(/numberMatched="(\d+)"/.exec(res.body)![1])
  }

  const requests: string[] = []
  beforeAll(async () => {
    t.app.server.on('request', (req: { method?: string; url?: string }) =>
      requests.push(`${req.method} ${decodeURIComponent(req.url ?? '')}`),
    )
    dir = mkdtempSync(path.join(os.tmpdir(), 'gis-gdal-'))
  })
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('lists the demo layers the user may read, and not the others', async () => {
    const res = await ogrinfo([`WFS:${t.baseUrl}/ows`], credentials)
    expect(res.code).toBe(0)
    const layers = [...res.stdout.matchAll(/^\d+: (\S+)/gm)].map((m) => m[1]).sort()
    expect(layers).toEqual(ALL_LAYERS.filter((l) => l !== 'ocorrencias').map((l) => `gis:${l}`))
    expect(res.stdout).not.toContain('ocorrencias')
    expect(res.stdout).toContain('gis:rodovias (title: Rodovias) (Multi Curve)')
  })

  it.each(['2.0.0', '1.1.0'])(
    'copies every layer of the catalogue whole into a GeoPackage (WFS %s)',
    async (version) => {
      // Two copies at a time: GDAL parses while the server writes the next page.
      const queue = [...ALL_LAYERS]
      const copied: Record<string, { count: number; ids: number; geometry: string }> = {}
      const worker = async () => {
        for (let layer = queue.shift(); layer; layer = queue.shift()) {
          const out = path.join(dir, `${layer}-${version}.gpkg`)
          const copy = await gdal(
            'ogr2ogr',
            [
              '-f',
              'GPKG',
              out,
              `WFS:${t.baseUrl}/ows?VERSION=${version}`,
              `gis:${layer}`,
              '-nln',
              'copia',
            ],
            adminCredentials,
          )
          expect(copy.code, `${layer}: ${copy.stderr}`).toBe(0)
          expect(copy.stderr).not.toMatch(/ERROR/)
          const read = await ogrinfo([
            out,
            '-q',
            '-sql',
            'SELECT count(*) AS n, coalesce(sum(id), 0) AS ids FROM copia',
          ])
          const info = await ogrinfo(['-so', out, 'copia'])
          copied[layer] = {
            count: Number(/n \(Integer\S*\) = (\d+)/.exec(read.stdout)?.[1]),
            ids: Number(/ids \(\w+\S*\) = ([\d.]+)/.exec(read.stdout)?.[1]),
            geometry: /Geometry: (.*)/.exec(info.stdout)?.[1] ?? '?',
          }
        }
      }
      await Promise.all([worker(), worker()])
      for (const layer of ALL_LAYERS) {
        const expected = await live(layer)
        expect(copied[layer], layer).toEqual({
          count: expected.n,
          ids: expected.ids,
          geometry: expect.any(String),
        })
        expect(copied[layer]!.count, layer).toBe(await numberMatched(layer))
      }
      expect(copied.ocorrencias!.geometry).toBe('None')
      // The schema says MultiCurve and MultiSurface (GML 3's names), which GDAL keeps.
      expect(copied.rodovias!.geometry).toMatch(/^Multi (Curve|Line String)$/)
      expect(copied.municipios!.geometry).toMatch(/^Multi (Surface|Polygon)$/)
      expect(copied.placas!.geometry).toBe('Point')
    },
  )

  it('reads the features, counts and extent of a layer', async () => {
    const summary = await ogrinfo(['-so', `WFS:${t.baseUrl}/ows`, 'gis:oae'], credentials)
    expect(summary.code).toBe(0)
    expect(summary.stdout).toContain(`Feature Count: ${(await live('oae')).n}`)
    expect(summary.stdout).toMatch(/Extent: \(-48\.\d+, -23\.\d+\) - \(-46\.\d+, -22\.\d+\)/)
    expect(summary.stdout).toMatch(/codigo: String/)
    const all = await ogrinfo([`WFS:${t.baseUrl}/ows`, 'gis:pracas_pedagio'], credentials)
    expect(all.code).toBe(0)
    expect(all.stdout.match(/^OGRFeature\(gis:pracas_pedagio\)/gm)).toHaveLength(
      (await live('pracas_pedagio')).n,
    )
    expect(all.stdout).toContain('nome (String) = Praça Itapevi')
    expect(all.stdout).toMatch(/POINT \(-4\d\.\d+ -23\.\d+\)/)
  })

  it.each(['2.0.0', '1.1.0'])(
    'filters by attribute (-where) and by area (-spat) on the server (WFS %s)',
    async (version) => {
      const url = `WFS:${t.baseUrl}/ows?VERSION=${version}`
      const count = async (layer: string, args: string[]) => {
        // Larger pages than GDAL's 100: the copies above test its paging already.
        const res = await ogrinfo(['-so', ...args, url, `gis:${layer}`], {
          ...adminCredentials,
          OGR_WFS_PAGE_SIZE: '5000',
        })
        expect(
          res.stderr,
          `${layer} ${args.join(' ')}: ${requests.slice(-3).join('\n')}`,
        ).not.toMatch(/ERROR/)
        return Number(/Feature Count: (\d+)/.exec(res.stdout)?.[1])
      }
      expect(await count('oae', ['-where', "tipo = 'ponte'"])).toBe(
        (await live('oae', "tipo = 'ponte'")).n,
      )
      const accidents = await live('ocorrencias', "vitimas > 0 AND tipo = 'Acidente'")
      expect(accidents.n).toBeGreaterThan(0)
      expect(await count('ocorrencias', ['-where', "vitimas > 0 AND tipo = 'Acidente'"])).toBe(
        accidents.n,
      )
      expect(await count('marcos_km', ['-where', 'km >= 100 AND km < 150'])).toBe(
        (await live('marcos_km', 'km >= 100 AND km < 150')).n,
      )
      const box = 'ST_Intersects(geom, ST_MakeEnvelope(-47.9, -23.6, -47.2, -23.2, 4326))'
      for (const layer of ['oae', 'placas', 'rodovias']) {
        const expected = (await live(layer, box)).n
        expect(expected).toBeGreaterThan(0)
        expect(await count(layer, ['-spat', '-47.9', '-23.6', '-47.2', '-23.2']), layer).toBe(
          expected,
        )
      }
    },
  )

  it('sorts on the server for -sql … ORDER BY, with or without geometry', async () => {
    const url = `WFS:${t.baseUrl}/ows`
    const values = (stdout: string, field: string) =>
      [...stdout.matchAll(new RegExp(`^  ${field} \\(\\w+\\) = (.*)$`, 'gm'))].map((m) => m[1]!)
    const kms = await ogrinfo(
      [url, '-q', '-sql', 'SELECT km FROM "gis:marcos_km" ORDER BY km DESC'],
      adminCredentials,
    )
    expect(kms.code, kms.stderr).toBe(0)
    const { rows: km } = await t.db.query<{ km: number }>(
      'SELECT km::float8 AS km FROM data.marcos_km WHERE NOT d_e_l_e_t_ ORDER BY km DESC NULLS LAST, id',
    )
    expect(values(kms.stdout, 'km').map(Number)).toEqual(km.map((r) => r.km))
    const events = await ogrinfo(
      [url, '-q', '-sql', 'SELECT id, tipo FROM "gis:ocorrencias" ORDER BY data DESC'],
      adminCredentials,
    )
    expect(events.code, events.stderr).toBe(0)
    const { rows: ids } = await t.db.query<{ id: number }>(
      'SELECT id FROM data.ocorrencias WHERE NOT d_e_l_e_t_ ORDER BY data DESC NULLS LAST, id',
    )
    expect(values(events.stdout, 'id').map(Number)).toEqual(ids.map((r) => r.id))
    const signs = await ogrinfo(
      [url, '-q', '-sql', 'SELECT codigo FROM "gis:oae" ORDER BY codigo'],
      adminCredentials,
    )
    const { rows: codes } = await t.db.query<{ codigo: string }>(
      'SELECT codigo FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY codigo NULLS LAST, id',
    )
    expect(values(signs.stdout, 'codigo')).toEqual(codes.map((r) => r.codigo))
  })

  it('cannot read a layer the user may not read', async () => {
    const res = await ogrinfo(['-so', `WFS:${t.baseUrl}/ows`, 'gis:ocorrencias'], credentials)
    expect(res.code).not.toBe(0)
    expect(res.stdout).not.toContain('Feature Count')
  })

  it('also connects with the session token in the URL, and not without credentials', async () => {
    const token = await signIn(t.api, DEMO.user)
    const res = await ogrinfo([`WFS:${t.baseUrl}/ows?token=${token}`])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('gis:oae')
    const anonymous = await ogrinfo([`WFS:${t.baseUrl}/ows`])
    expect(anonymous.code).not.toBe(0)
  })
})
