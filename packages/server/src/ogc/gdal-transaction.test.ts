import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, useTestApp } from '../../test/harness'
import { budget } from '../../test/slowdown'

const run = promisify(execFile)

const installed = await run('ogr2ogr', ['--version']).then(
  () => true,
  () => false,
)

// ogrinfo.test.ts fails loudly without GDAL; this file only runs with it.
describe.runIf(installed)('GDAL as a WFS-T client (WFS 1.1.0, as GDAL writes)', () => {
  const t = useTestApp()
  let dir: string
  const gdal = async (tool: string, args: string[]) => {
    try {
      const { stdout, stderr } = await run(tool, args, {
        env: {
          ...process.env,
          GDAL_HTTP_AUTH: 'BASIC',
          CPL_DEBUG: 'OFF',
          GDAL_HTTP_USERPWD: `${DEMO.user.username}:${DEMO.user.password}`,
          GDAL_HTTP_PROXY: proxyAddress,
        },
        timeout: budget(120_000),
      })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string }
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
    }
  }
  const url = () => `WFS:${t.baseUrl}/ows?VERSION=1.1.0`
  const marcos = async (where: string) =>
    (
      await t.db.query<{ id: number; km: string; deleted: boolean; geom: string }>(
        `SELECT id, km::text AS km, d_e_l_e_t_ AS deleted, ST_AsText(geom) AS geom
           FROM data.marcos_km WHERE ${where} ORDER BY id`,
      )
    ).rows

  // GDAL posts a Transaction to the address the capabilities name (PUBLIC_URL, a name that
  // does not resolve here): GDAL goes through this proxy, which sends every request on to the
  // test server.
  let proxy: http.Server
  let proxyAddress = ''
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gis-wfst-'))
    proxy = http.createServer((req, res) => {
      const target = new URL(req.url ?? '/', 'http://x')
      const forward = http.request(
        `${t.baseUrl}${target.pathname}${target.search}`,
        { method: req.method, headers: { ...req.headers, host: new URL(t.baseUrl).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      req.pipe(forward)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const address = proxy.address()
    proxyAddress = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    await new Promise((resolve) => proxy?.close(resolve))
  })

  it('appends with ogr2ogr, updates through the SQLite dialect and deletes with DELETE FROM', async () => {
    const source = path.join(dir, 'novos.geojson')
    writeFileSync(
      source,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [911.1, 911.2].map((km, i) => ({
          type: 'Feature',
          properties: { rodovia: 'SP-GDAL', km, sentido: null },
          geometry: { type: 'Point', coordinates: [-47.41 + i / 100, -23.51] },
        })),
      }),
    )
    const append = await gdal('ogr2ogr', [
      '-update',
      '-append',
      url(),
      source,
      '-nln',
      'gis:marcos_km',
    ])
    expect(append.code, append.stderr).toBe(0)
    expect(append.stderr).not.toMatch(/ERROR/)
    const added = await marcos(`rodovia = 'SP-GDAL'`)
    expect(added.map((r) => [r.km, r.geom])).toEqual([
      ['911.100', 'POINT(-47.41 -23.51)'],
      ['911.200', 'POINT(-47.4 -23.51)'],
    ])
    const history = await t.get(`/api/audit/marcos_km/${added[0]!.id}`, t.admin)
    expect(history.json()[0]).toMatchObject({ action: 'I', user: 'demo' })
    // GDAL names itself in the User-Agent from 3.7 on; 3.6 sends none.
    expect(history.json()[0].application).toMatch(/^wfs-t( \(GDAL\))?$/)

    const update = await gdal('ogrinfo', [
      url(),
      '-dialect',
      'SQLite',
      '-sql',
      `UPDATE "gis:marcos_km" SET km = 912.5 WHERE gml_id = 'marcos_km.${added[0]!.id}'`,
    ])
    expect(update.code, update.stderr).toBe(0)
    expect(update.stderr).not.toMatch(/ERROR/)
    expect((await marcos(`id = ${added[0]!.id}`))[0]!.km).toBe('912.500')

    const del = await gdal('ogrinfo', [
      url(),
      '-sql',
      // GDAL reads the layer name as it is written: no quotes.
      `DELETE FROM gis:marcos_km WHERE rodovia = 'SP-GDAL'`,
    ])
    expect(del.code, del.stderr).toBe(0)
    expect(del.stderr).not.toMatch(/ERROR/)
    expect((await marcos(`rodovia = 'SP-GDAL'`)).map((r) => r.deleted)).toEqual([true, true])
  })
})
