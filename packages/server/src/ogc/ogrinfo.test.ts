import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../test/harness'

const run = promisify(execFile)

/** GDAL's own client, from Debian's gdal-bin; CI installs it, so there it must be present. */
async function ogrinfoVersion(): Promise<string | undefined> {
  try {
    return (await run('ogrinfo', ['--version'])).stdout.trim()
  } catch {
    return undefined
  }
}

const version = await ogrinfoVersion()
const required = process.env.CI === 'true'

describe('GDAL ogrinfo against /ows', () => {
  it.runIf(required && !version)('is installed in CI (apt-get install gdal-bin)', () => {
    expect.fail('ogrinfo não encontrado no PATH: instale o pacote gdal-bin')
  })
})

describe.runIf(version)('GDAL ogrinfo against /ows', () => {
  let t: TestApp
  // The server runs in this process: the client must run asynchronously.
  const ogrinfo = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run('ogrinfo', ['-ro', ...args], {
        env: { ...process.env, GDAL_HTTP_AUTH: 'BASIC', CPL_DEBUG: 'OFF', ...env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 60_000,
      })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string }
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
    }
  }
  const credentials = { GDAL_HTTP_USERPWD: `${DEMO.user.username}:${DEMO.user.password}` }

  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists the demo layers the user may read, and not the others', async () => {
    const res = await ogrinfo([`WFS:${t.baseUrl}/ows`], credentials)
    expect(res.code).toBe(0)
    const layers = [...res.stdout.matchAll(/^\d+: (\S+)/gm)].map((m) => m[1]).sort()
    expect(layers).toEqual([
      'gis:faixa_dominio',
      'gis:marcos_km',
      'gis:municipios',
      'gis:oae',
      'gis:placas',
      'gis:pracas_pedagio',
      'gis:rodovias',
    ])
    expect(res.stdout).not.toContain('ocorrencias')
    expect(res.stdout).toContain('gis:rodovias (title: Rodovias) (Multi Curve)')
  })

  it('reads the features, counts and extent of a layer', async () => {
    const live = async (layer: string) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM data.${layer} WHERE NOT d_e_l_e_t_`,
        )
      ).rows[0]!.n
    const summary = await ogrinfo(['-so', `WFS:${t.baseUrl}/ows`, 'gis:oae'], credentials)
    expect(summary.code).toBe(0)
    expect(summary.stdout).toContain(`Feature Count: ${await live('oae')}`)
    expect(summary.stdout).toMatch(/Extent: \(-48\.\d+, -23\.\d+\) - \(-46\.\d+, -22\.\d+\)/)
    expect(summary.stdout).toMatch(/codigo: String/)
    const all = await ogrinfo([`WFS:${t.baseUrl}/ows`, 'gis:pracas_pedagio'], credentials)
    expect(all.code).toBe(0)
    expect(all.stdout.match(/^OGRFeature\(gis:pracas_pedagio\)/gm)).toHaveLength(
      await live('pracas_pedagio'),
    )
    expect(all.stdout).toContain('nome (String) = Praça Itapevi')
    expect(all.stdout).toMatch(/POINT \(-4\d\.\d+ -23\.\d+\)/)
  })

  it('filters by attribute (-where) and by area (-spat) through the server', async () => {
    const count = async (where: string) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM data.oae WHERE NOT d_e_l_e_t_ AND ${where}`,
        )
      ).rows[0]!.n
    const url = `WFS:${t.baseUrl}/ows`
    const bridges = await ogrinfo(['-so', '-where', "tipo = 'ponte'", url, 'gis:oae'], credentials)
    expect(bridges.stdout).toContain(`Feature Count: ${await count("tipo = 'ponte'")}`)
    const inArea = await count(
      'ST_Intersects(geom, ST_MakeEnvelope(-47.9, -23.6, -47.2, -23.2, 4326))',
    )
    expect(inArea).toBeGreaterThan(0)
    const spatial = await ogrinfo(
      ['-so', '-spat', '-47.9', '-23.6', '-47.2', '-23.2', url, 'gis:oae'],
      credentials,
    )
    expect(spatial.stdout).toContain(`Feature Count: ${inArea}`)
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
