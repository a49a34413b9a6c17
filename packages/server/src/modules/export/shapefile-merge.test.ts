import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mergeShapefiles } from './shapefile-merge'

// The parts GDAL writes of slices of one layer, joined, are the file GDAL writes of the whole.
let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-shp-merge-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Geometry = { type: string; coordinates: unknown } | null

function feature(i: number, geometry: Geometry) {
  return {
    type: 'Feature',
    properties: { id: i, nome: i % 3 ? `Ponte ${i} – ação` : null, km: i * 1.25 },
    geometry,
  }
}

/** Writes `features` as a shapefile `name` under `target` the way the export calls ogr2ogr. */
function shapefile(target: string, features: object[], type: string): void {
  mkdirSync(target, { recursive: true })
  const source = path.join(target, 'in.geojson')
  writeFileSync(source, JSON.stringify({ type: 'FeatureCollection', features }))
  execFileSync('ogr2ogr', [
    '-f',
    'ESRI Shapefile',
    path.join(target, 'camada.shp'),
    source,
    '-nln',
    'camada',
    '-a_srs',
    'EPSG:4326',
    '-nlt',
    type,
    '-lco',
    'ENCODING=UTF-8',
  ])
  rmSync(source)
}

function expectSameFiles(merged: string, whole: string): void {
  for (const ext of ['shp', 'shx', 'cpg', 'prj']) {
    expect(readFileSync(path.join(merged, `camada.${ext}`))).toEqual(
      readFileSync(path.join(whole, `camada.${ext}`)),
    )
  }
  // The tables differ only in the day they were written (bytes 1 to 3).
  const a = readFileSync(path.join(merged, 'camada.dbf'))
  const b = readFileSync(path.join(whole, 'camada.dbf'))
  expect(a.length).toBe(b.length)
  expect(a.subarray(4)).toEqual(b.subarray(4))
}

describe('shapefile parts joined', () => {
  const cases: [string, string, (i: number) => Geometry][] = [
    [
      'points, some without geometry',
      'POINT',
      (i) => (i % 4 === 0 ? null : { type: 'Point', coordinates: [-47 - i / 100, -23 + i / 300] }),
    ],
    [
      'polygons, whose boxes make the file’s box',
      'POLYGON',
      (i) => {
        const x = -50 + (i % 17)
        const y = -20 - i / 10
        return {
          type: 'Polygon',
          coordinates: [
            [
              [x, y],
              [x + 0.5, y],
              [x + 0.5, y + 0.25 * (1 + (i % 3))],
              [x, y],
            ],
          ],
        }
      },
    ],
  ]
  for (const [label, type, geometry] of cases) {
    it(label, async () => {
      const base = path.join(dir, type)
      const all = Array.from({ length: 101 }, (_, i) => feature(i + 1, geometry(i + 1)))
      shapefile(path.join(base, 'whole'), all, type)
      // The first part ends where the second begins; the second holds only null shapes at
      // its start so that its box alone would be wrong.
      shapefile(path.join(base, 'p1'), all.slice(0, 51), type)
      shapefile(path.join(base, 'p2'), all.slice(51), type)
      mkdirSync(path.join(base, 'out'))
      const ok = await mergeShapefiles(
        [path.join(base, 'p1'), path.join(base, 'p2')],
        'camada',
        path.join(base, 'out'),
      )
      expect(ok).toBe(true)
      expectSameFiles(path.join(base, 'out'), path.join(base, 'whole'))
      const info = execFileSync(
        'ogrinfo',
        ['-ro', '-so', path.join(base, 'out', 'camada.shp'), 'camada'],
        {
          encoding: 'utf8',
        },
      )
      expect(info).toContain('Feature Count: 101')
    })
  }

  /** Merges the parts p1 and p2 under `base` into a new folder `out`. */
  const mergeParts = (base: string) => {
    mkdirSync(path.join(base, 'out'))
    return mergeShapefiles(
      [path.join(base, 'p1'), path.join(base, 'p2')],
      'camada',
      path.join(base, 'out'),
    )
  }

  it('a part with no shape at all adds nothing to the box', async () => {
    const base = path.join(dir, 'nulls')
    const point = (i: number): Geometry => ({ type: 'Point', coordinates: [-47 - i, -23 + i] })
    const all = [1, 2, 3, 4].map((i) => feature(i, i <= 2 ? point(i) : null))
    shapefile(path.join(base, 'whole'), all, 'POINT')
    shapefile(path.join(base, 'p1'), all.slice(0, 2), 'POINT')
    shapefile(path.join(base, 'p2'), all.slice(2), 'POINT')
    expect(await mergeParts(base)).toBe(true)
    expectSameFiles(path.join(base, 'out'), path.join(base, 'whole'))
  })

  it('refuses parts of other layouts and writes nothing', async () => {
    const base = path.join(dir, 'layouts')
    const point: Geometry = { type: 'Point', coordinates: [-47, -23] }
    shapefile(path.join(base, 'p1'), [feature(1, point)], 'POINT')
    shapefile(
      path.join(base, 'p2'),
      [{ ...feature(2, point), properties: { id: 2, outro: 'x' } }],
      'POINT',
    )
    expect(await mergeParts(base)).toBe(false)
    expect(execFileSync('ls', [path.join(base, 'out')], { encoding: 'utf8' })).toBe('')
  })
})
