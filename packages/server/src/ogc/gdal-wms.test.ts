import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, useTestApp } from '../../test/harness'
import { budget } from '../../test/slowdown'

const run = promisify(execFile)

// GDAL's WMS driver (Debian's gdal-bin, as CI installs it) against our WMS: a real client
// asks for the tiles of the demo area, in its own request layout, and assembles them.

const installed = await run('gdal_translate', ['--version']).then(
  () => true,
  () => false,
)

describe('gdal_translate', () => {
  it('is installed (apt-get install gdal-bin)', () => {
    expect(installed, 'gdal_translate não encontrado no PATH: instale o pacote gdal-bin').toBe(true)
  })
})

describe.runIf(installed)('GDAL (gdal_translate, gdalinfo) against the WMS', () => {
  const t = useTestApp({ signIn: false })
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gdal-wms-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const env = {
    ...process.env,
    GDAL_HTTP_AUTH: 'BASIC',
    GDAL_HTTP_USERPWD: `${DEMO.user.username}:${DEMO.user.password}`,
    CPL_DEBUG: 'OFF',
    GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR',
  }

  it('draws the demo area from our WMS (1.1.1 and 1.3.0, UTM 23S)', async () => {
    const cases = [
      {
        name: '111',
        url: `WMS:${t.baseUrl}/ows?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=municipios,rodovias,pracas_pedagio&SRS=EPSG:4326&BBOX=-48.5,-24.0,-46.5,-23.0&FORMAT=image/png`,
      },
      {
        name: '130-utm',
        url: `WMS:${t.baseUrl}/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=municipios,rodovias&CRS=EPSG:31983&BBOX=150000,7350000,350000,7450000&FORMAT=image/png`,
      },
    ]
    for (const c of cases) {
      const out = path.join(dir, `${c.name}.png`)
      const { stderr } = await run(
        'gdal_translate',
        ['-of', 'PNG', '-outsize', '800', '400', c.url, out],
        { env, timeout: budget(120_000) },
      )
      expect(stderr).not.toMatch(/ERROR/)
      const png = readFileSync(out)
      const { data, info } = await sharp(png)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      expect([info.width, info.height]).toEqual([800, 400])
      // Drawn: the municipalities' outlines and the roads leave many distinct colours.
      const colours = new Set<number>()
      for (let i = 0; i < data.length; i += 4) colours.add(data.readUInt32BE(i))
      expect(colours.size, c.name).toBeGreaterThan(20)
      const { stdout } = await run('gdalinfo', [out], { env })
      expect(stdout).toContain('Size is 800, 400')
    }
  })
})
