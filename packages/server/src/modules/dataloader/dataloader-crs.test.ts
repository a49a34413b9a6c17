import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sameNames, uploaded, uploadImport, waitDone } from '../../../test/dataloader'
import { expectStatus, useTestApp } from '../../../test/harness'
import { zipOf } from '../../../test/zip'

/**
 * GIS files in their own coordinate systems (issue 43): a shapefile in SIRGAS 2000 / UTM 23S is
 * read with its system and transformed into the layer's; one without .prj is refused until the
 * wizard's choice names it; GeoPackage (SIRGAS 2000), GeoJSON with a `crs` member, KML and KMZ
 * are read by the same door. The files are written by Debian's ogr2ogr.
 */

const t = useTestApp()
let dir = ''
let native = true

/** Two squares near Brasília (lon, lat), about 100 m a side. */
const squares = [
  { codigo: 'Q-1', x: -47.9, y: -15.8 },
  { codigo: 'Q-2', x: -47.8, y: -15.7 },
]
const d = 0.001
const source = {
  type: 'FeatureCollection',
  features: squares.map((s) => ({
    type: 'Feature',
    properties: { codigo: s.codigo, area_ha: 1.5 },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [s.x, s.y],
          [s.x + d, s.y],
          [s.x + d, s.y + d],
          [s.x, s.y + d],
          [s.x, s.y],
        ],
      ],
    },
  })),
}

const ogr = (...args: string[]) => execFileSync('ogr2ogr', args, { cwd: dir, stdio: 'ignore' })

/** The shapefile members written for `name` (a folder of one layer). */
function members(folder: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {}
  for (const f of readdirSync(path.join(dir, folder))) {
    out[f] = readFileSync(path.join(dir, folder, f))
  }
  return out
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-crs-'))
  writeFileSync(path.join(dir, 'q.geojson'), JSON.stringify(source))
  try {
    ogr('-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:31983', 'utm', 'q.geojson')
    ogr('-f', 'GPKG', '-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:4674', 'q.gpkg', 'q.geojson')
    ogr('-f', 'GeoJSON', '-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:31983', 'utm.geojson', 'q.geojson')
    ogr('-f', 'KML', '-dsco', 'NameField=codigo', 'q.kml', 'q.geojson')
  } catch {
    native = false
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const newLayer = (layerName: string, extra: object = {}) => ({
  destinyType: 1,
  layerName,
  layerTitle: layerName,
  mappings: sameNames('codigo', 'area_ha'),
  spatializeType: 'source-attribute',
  spatializeMode: 'all',
  spatializeSourceAttribute: 'WKT',
  spatializeGeometry: 'polygon',
  ...extra,
})

/** The layer's squares' first corner in EPSG:4326, by codigo. */
const corners = async (layer: string) =>
  (
    await t.db.query<{ codigo: string; x: number; y: number; srid: number }>(
      `SELECT codigo, ST_X(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)) AS x,
              ST_Y(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)) AS y, ST_SRID(geom) AS srid
         FROM data.${layer} WHERE NOT d_e_l_e_t_ ORDER BY codigo`,
    )
  ).rows

function expectSquares(rows: Awaited<ReturnType<typeof corners>>) {
  expect(rows.map((r) => r.codigo)).toEqual(['Q-1', 'Q-2'])
  rows.forEach((r, i) => {
    expect(r.srid).toBe(4326)
    // UTM and back: well under a millimetre.
    expect(Math.abs(r.x - squares[i]!.x)).toBeLessThan(1e-8)
    expect(Math.abs(r.y - squares[i]!.y)).toBeLessThan(1e-8)
  })
}

async function execute(id: number, body: object) {
  const res = await t.post(`/api/dataloader/${id}/execute`, body, t.admin)
  expectStatus(res, 202)
  expect((await waitDone(t, id, t.admin)).status).toBe('COMPLETE')
  return (await t.get(`/api/dataloader/${id}/report`, t.admin)).json()
}

describe('coordinate systems of GIS files', () => {
  it('reads a shapefile in SIRGAS 2000 / UTM 23S with its system and transforms it', async ({
    skip,
  }) => {
    if (!native) return skip('no native ogr2ogr to write the fixtures')
    const up = await uploaded(t, 'quadras-utm.zip', await zipOf(members('utm')), t.admin)
    expect(up.metadata).toMatchObject({ srid: 31983 })
    expect(up.metadata.crsName).toMatch(/UTM zone 23S/)
    const first = (await t.get(`/api/dataloader/${up.id}/data`, t.admin)).json().data[0]
    // The file's own coordinates, in metres.
    expect(first.data.WKT).toMatch(/^POLYGON \(\(1\d{5}/)
    expect(await execute(up.id, newLayer('quadras_utm'))).toMatchObject({
      created: 2,
      errors: 0,
    })
    expectSquares(await corners('quadras_utm'))
  })

  it('refuses a shapefile without .prj until its system is chosen, then imports it', async ({
    skip,
  }) => {
    if (!native) return skip('no native ogr2ogr to write the fixtures')
    const files = Object.fromEntries(
      Object.entries(members('utm')).filter(([name]) => !name.endsWith('.prj')),
    )
    const up = await uploaded(t, 'quadras-sem-prj.zip', await zipOf(files), t.admin)
    expect(up.metadata.srid ?? null).toBeNull()

    const refused = await t.post(
      `/api/dataloader/${up.id}/execute`,
      newLayer('quadras_sem_prj'),
      t.admin,
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual([
      {
        field: 'sourceSrid',
        message:
          'O arquivo não informa o sistema de coordenadas: escolha-o nas configurações do vetor gráfico.',
      },
    ])
    const unknown = await t.post(
      `/api/dataloader/${up.id}/execute`,
      newLayer('quadras_sem_prj', { sourceSrid: 2000 }),
      t.admin,
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0].message).toBe(
      'Sistema de coordenadas não suportado (EPSG:2000).',
    )
    // Nothing was created by the refusals.
    const tables = await t.db.query(
      `SELECT 1 FROM information_schema.tables WHERE table_schema = 'data' AND table_name = 'quadras_sem_prj'`,
    )
    expect(tables.rows).toHaveLength(0)

    expect(await execute(up.id, newLayer('quadras_sem_prj', { sourceSrid: 31983 }))).toMatchObject({
      created: 2,
      errors: 0,
    })
    expectSquares(await corners('quadras_sem_prj'))
  })

  it('reads a GeoPackage in SIRGAS 2000 and a GeoJSON whose crs is UTM 23S', async ({ skip }) => {
    if (!native) return skip('no native ogr2ogr to write the fixtures')
    const gpkg = await uploaded(t, 'quadras.gpkg', readFileSync(path.join(dir, 'q.gpkg')), t.admin)
    expect(gpkg.metadata).toMatchObject({ srid: 4674 })
    expect(await execute(gpkg.id, newLayer('quadras_gpkg'))).toMatchObject({ created: 2 })
    // SIRGAS 2000 and WGS 84 agree to the centimetre (PROJ's null transformation).
    const rows = await corners('quadras_gpkg')
    expect(rows.map((r) => [r.codigo, r.x.toFixed(6), r.y.toFixed(6)])).toEqual([
      ['Q-1', '-47.900000', '-15.800000'],
      ['Q-2', '-47.800000', '-15.700000'],
    ])

    const geojson = await uploaded(
      t,
      'quadras.geojson',
      readFileSync(path.join(dir, 'utm.geojson')),
      t.admin,
    )
    expect(geojson.metadata).toMatchObject({ srid: 31983 })
    expect(await execute(geojson.id, newLayer('quadras_geojson'))).toMatchObject({
      created: 2,
    })
    expectSquares(await corners('quadras_geojson'))
  })

  it('reads KML and KMZ (WGS 84 by definition)', async ({ skip }) => {
    if (!native) return skip('no native ogr2ogr to write the fixtures')
    const kml = readFileSync(path.join(dir, 'q.kml'))
    for (const [name, bytes] of [
      ['quadras.kml', kml],
      ['quadras.kmz', await zipOf({ 'doc.kml': kml })],
    ] as const) {
      const up = await uploadImport(t, name, bytes, t.admin)
      expect(up.status, `${name}: ${JSON.stringify(up.body)}`).toBe(201)
      expect(up.body.metadata).toMatchObject({ srid: 4326 })
      const rows = (await t.get(`/api/dataloader/${up.body.id}/data`, t.admin)).json().data
      expect(rows).toHaveLength(2)
      // GDAL's KML driver reads a placemark's name and description (not its ExtendedData).
      expect(rows[0].data).toMatchObject({ Name: 'Q-1' })
      expect(rows[0].data.WKT).toMatch(/^POLYGON \(\(-47\.9 -15\.8/)
    }
  })
})
