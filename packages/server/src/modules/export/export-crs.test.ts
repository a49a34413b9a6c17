import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { SERVED_CRS, wallClockIn } from '@gis/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBack, unzipped } from '../../../test/export-files'
import { useTestApp } from '../../../test/harness'
import { waitForJob } from '../../../test/jobs'
import { createTestLayer } from '../../../test/test-layer'
import { attachLayerTriggers, createLayerTable } from '../../layer-data/layer-tables'

/*
 * The output coordinate system of the exports (issue 46): every format in the served systems,
 * transformed by PostGIS, each coordinate checked against PostGIS's own ST_Transform; DXF and
 * DGN in the layer's SIRGAS 2000 / UTM zone unless asked; the ARTESP GeoJSON preset.
 */

const t = useTestApp()
let dir: string
const ZONE = 'America/Sao_Paulo'
/** Points at longitudes -47.00 to -47.59 (UTM 23S), and the same moved 3° west (UTM 22S). */
const EAST = 'crs_leste'
const WEST = 'crs_oeste'
const ARTESP = 'artesp_obras'

beforeAll(async () => {
  await createTestLayer(t.db, EAST)
  await createTestLayer(t.db, WEST)
  await t.db.query(`UPDATE data.${WEST} SET geom = ST_Translate(geom, -3, 0)`)
  await createArtespLayer()
  for (const name of [EAST, WEST, ARTESP]) {
    await t.db.query('SELECT app.refresh_layer_extent($1)', [name])
  }
  // On PostgreSQL the server knows its database's URL, so the native ogr2ogr reads it itself.
  if (process.env.TEST_DATABASE_URL) {
    const { rows } = await t.db.query<{ db: string }>('SELECT current_database() AS db')
    const url = new URL(process.env.TEST_DATABASE_URL)
    url.pathname = `/${rows[0]!.db}`
    t.config.databaseUrl = url.toString()
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-export-crs-'))
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A works layer with the fields of ARTESP's manual (km, dates, a lot, an accented text). */
async function createArtespLayer() {
  const fields = [
    { name: 'lote', type: 'string', sqlType: 'varchar(3)', title: 'Lote', maxLength: 3 },
    { name: 'rodovia', type: 'string', sqlType: 'varchar(12)', title: 'Rodovia', maxLength: 12 },
    { name: 'km_inicial', type: 'number', sqlType: 'numeric(9,3)', title: 'Km inicial' },
    { name: 'km_final', type: 'number', sqlType: 'double precision', title: 'Km final' },
    { name: 'quantidade', type: 'number', sqlType: 'double precision', title: 'Quantidade' },
    { name: 'data_inicial', type: 'date', sqlType: 'date', title: 'Data inicial' },
    { name: 'vistoria', type: 'datetime', sqlType: 'timestamptz', title: 'Vistoria' },
    { name: 'observacoes_gerais', type: 'string', sqlType: 'text', title: 'Observações' },
  ] as const
  await createLayerTable(t.db, ARTESP, 'point', [...fields])
  await t.db.query(
    `INSERT INTO app.layers (name, title, table_name, geometry_type, attributes, layout,
       fields_format, domains)
     VALUES ($1, 'Obras ARTESP', $1, 'point', $2::text::jsonb, '[]', '[]', '{}')`,
    [
      ARTESP,
      JSON.stringify(
        fields.map(({ name, type, title }) => ({
          name,
          type,
          title,
          maxLength: null,
          tooltip: '',
        })),
      ),
    ],
  )
  await t.db.query(
    `INSERT INTO data.${ARTESP} (geom, lote, rodovia, km_inicial, km_final, quantidade,
       data_inicial, vistoria, observacoes_gerais)
     VALUES (ST_SetSRID(ST_MakePoint(-46.6521, -23.5489), 4326), 'L12', 'SP0000280', 23.45,
             24, 12.5, '2025-03-01', '2025-03-01T02:30:00Z', 'Recuperação de sarjeta'),
            (ST_SetSRID(ST_MakePoint(-47.0612345, -22.9071234), 4326), 'L12', 'SP0000330', 101,
             101.0005, 3, '2024-12-31', '2024-12-31T15:00:00Z', 'Drenagem, bueiro e descida d''água')`,
  )
  await attachLayerTriggers(t.db, ARTESP)
}

/** Starts an export job; answers the response (202, or the refusal). */
const start = (layer: string, format: string, body: Record<string, unknown>) =>
  t.post(`/api/features/${layer}/report?format=${format}`, { timeZone: ZONE, ...body }, t.admin)

/** Runs an export job to the end and saves its file; answers the file's path. */
async function exportFile(layer: string, format: string, body: Record<string, unknown>) {
  const res = await start(layer, format, body)
  expect(res.statusCode, res.body).toBe(202)
  const job = await waitForJob(t, res.json().id, t.admin)
  expect(job.status, job.message ?? undefined).toBe('COMPLETE')
  const file = await fetch(`${t.baseUrl}/api/report/${job.id}?token=${t.admin}`)
  expect(file.status).toBe(200)
  const target = path.join(dir, `${format.replace('/', '_')}-${job.id}-${job.filename}`)
  writeFileSync(target, Buffer.from(await file.arrayBuffer()))
  return target
}

/** PostGIS's own transform of each live point of a layer: id → [x, y]. */
async function transformed(layer: string, srid: number): Promise<Map<number, [number, number]>> {
  const { rows } = await t.db.query<{ id: number; x: number; y: number }>(
    `SELECT id::int AS id, ST_X(ST_Transform(geom, $1::int)) AS x, ST_Y(ST_Transform(geom, $1::int)) AS y
       FROM data.${layer} WHERE geom IS NOT NULL AND NOT d_e_l_e_t_ ORDER BY id`,
    [srid],
  )
  return new Map(rows.map((r) => [r.id, [r.x, r.y]]))
}

/**
 * 1 cm in metres, 1e-7 degree in degrees; a DGN in metres keeps millimetres (its integers are
 * millimetres from the layer's centre), which GDAL's seed file alone would truncate to centimetres.
 */
const tolerance = (srid: number, format?: string) =>
  SERVED_CRS.find((c) => c.srid === srid)!.geographic
    ? 1e-7
    : format === 'ogr/dgn'
      ? 0.001 + 1e-6
      : 0.01

function expectClose(
  got: number[],
  want: readonly number[],
  srid: number,
  what: string,
  format?: string,
) {
  expect(got, what).toHaveLength(2)
  for (let i = 0; i < 2; i++) {
    expect(Math.abs(got[i]! - want[i]!), `${what} axis ${i}: ${got[i]} vs ${want[i]}`).toBeLessThan(
      tolerance(srid, format),
    )
  }
}

/** The numbers of a WKT point. */
const wktXY = (wkt: string) => wkt.match(/-?[\d.]+(?:e-?\d+)?/gi)!.map(Number)

/** What GDAL reads of a file's system (`ogrinfo -so`): the last EPSG code it names. */
function declaredEpsg(file: string): string | undefined {
  const source = file.endsWith('.zip') ? `/vsizip/${file}` : file
  const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', source], { encoding: 'utf8' })
  return [...info.matchAll(/ID\["EPSG",(\d+)\]\]\s*$/gm)].at(-1)?.[1]
}

describe('exports in a chosen system: the coordinates of PostGIS’s ST_Transform, the system declared', () => {
  const fields = ['id', 's']
  const cases = [
    ['ogr/shapefile', 31983],
    ['ogr/shapefile', 4674],
    ['ogr/gpkg', 31983],
    ['ogr/gpkg', 4674],
    ['ogr/geojson', 31983],
    ['ogr/geojson', 4674],
    ['ogr/csv', 31983],
    ['csv', 4674],
    ['ogr/dxf', 4674],
    ['ogr/dgn', 31983],
  ] as const
  for (const [format, srid] of cases) {
    it(`${format} in EPSG:${srid}`, async () => {
      const want = await transformed(EAST, srid)
      const csvGeometry = format === 'csv' ? ['geom'] : []
      const file = await exportFile(EAST, format, { fields: [...fields, ...csvGeometry], srid })
      if (format === 'csv') {
        const rows = parseCsv(readFileSync(file, 'utf8').replace(/^\ufeff/, ''), {
          delimiter: ';',
          columns: true,
        }) as Record<string, string>[]
        const located = rows.filter((r) => r.geom)
        expect(located).toHaveLength(want.size)
        for (const r of located) {
          expectClose(wktXY(r.geom!), want.get(Number(r.id))!, srid, `row ${r.id}`)
        }
        return
      }
      const back = readBack(file)
      if (format === 'ogr/dxf' || format === 'ogr/dgn') {
        // No attributes: the points, in any order.
        const got = back.features.map((f) => f.geometry.coordinates.flat().slice(0, 2) as number[])
        const sorted = (list: number[][]) => list.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!)
        const expected = sorted([...want.values()])
        sorted(got).forEach((xy, i) => expectClose(xy, expected[i]!, srid, `point ${i}`, format))
        expect(got).toHaveLength(want.size)
        return
      }
      // GDAL's CSV carries the geometry as a WKT column.
      const xyOf = (f: { properties: any; geometry: any }): number[] | undefined =>
        format === 'ogr/csv'
          ? f.properties.WKT
            ? wktXY(f.properties.WKT)
            : undefined
          : f.geometry?.coordinates
      const located = back.features.filter((f) => xyOf(f))
      expect(located).toHaveLength(want.size)
      for (const f of located) {
        const id = Number(f.properties.id)
        expectClose(xyOf(f)!, want.get(id)!, srid, `feature ${id}`)
      }
      // The file says its system: the .prj, the GeoPackage's srs, GeoJSON's crs member.
      if (format === 'ogr/shapefile') {
        const prj = [...unzipped(file)].find(([name]) => name.endsWith('.prj'))![1].toString()
        expect(prj).toContain(srid === 31983 ? 'SIRGAS_2000_UTM_Zone_23S' : 'GCS_SIRGAS_2000')
      }
      if (format === 'ogr/gpkg') {
        const srs = execFileSync(
          'ogrinfo',
          ['-ro', '-q', file, '-sql', 'SELECT srs_id FROM gpkg_geometry_columns'],
          { encoding: 'utf8' },
        )
        expect(srs).toContain(`srs_id (Integer64) = ${srid}`)
        expect(declaredEpsg(file)).toBe(String(srid))
        // The spatial index (ours on PostgreSQL) holds the boxes of the geometries as written.
        const reference = path.join(dir, `reference-${path.basename(file)}`)
        execFileSync('ogr2ogr', ['-f', 'GPKG', reference, file])
        const entries = (source: string) =>
          execFileSync(
            'ogr2ogr',
            [
              '-f',
              'CSV',
              '/vsistdout/',
              source,
              '-sql',
              `SELECT * FROM rtree_${EAST}_geom ORDER BY id`,
            ],
            { encoding: 'utf8' },
          )
        expect(entries(file).split('\n').length).toBeGreaterThan(want.size)
        expect(entries(file)).toBe(entries(reference))
      }
      if (format === 'ogr/geojson') {
        expect(JSON.parse(readFileSync(file, 'utf8')).crs).toEqual({
          type: 'name',
          properties: { name: `urn:ogc:def:crs:EPSG::${srid}` },
        })
      }
    })
  }

  it('SAD69, Córrego Alegre and Web Mercator too, by PROJ as PostGIS does it', async () => {
    for (const srid of [29193, 22523, 4618, 3857]) {
      const want = await transformed(EAST, srid)
      const file = await exportFile(EAST, 'ogr/gpkg', { fields, srid })
      const located = readBack(file).features.filter((f) => f.geometry)
      expect(located).toHaveLength(want.size)
      for (const f of located) {
        expectClose(
          f.geometry.coordinates,
          want.get(f.properties.id)!,
          srid,
          `${srid} ${f.properties.id}`,
        )
      }
      expect(declaredEpsg(file)).toBe(String(srid))
    }
  })

  it('writes the same coordinates with gdal3.js when there is no native GDAL', async () => {
    process.env.GIS_GDAL = 'wasm'
    try {
      const want = await transformed(EAST, 31983)
      const file = await exportFile(EAST, 'ogr/shapefile', { fields, srid: 31983 })
      const located = readBack(file).features.filter((f) => f.geometry)
      expect(located).toHaveLength(want.size)
      for (const f of located) {
        expectClose(f.geometry.coordinates, want.get(f.properties.id)!, 31983, `${f.properties.id}`)
      }
      const prj = [...unzipped(file)].find(([name]) => name.endsWith('.prj'))![1].toString()
      expect(prj).toContain('SIRGAS_2000_UTM_Zone_23S')
    } finally {
      delete process.env.GIS_GDAL
    }
  })

  it('a direct download takes the system as a field of the form or the link', async () => {
    const want = await transformed(EAST, 31983)
    const params = new URLSearchParams({
      layer: EAST,
      format: 'csv',
      fields: 'id,geom',
      ids: [...want.keys()].slice(0, 3).join(','),
      srid: '31983',
      token: t.admin,
    })
    const link = await fetch(`${t.baseUrl}/api/features/parametersreport?${params}`)
    expect(link.status).toBe(200)
    const lines = (await link.text()).replace('\ufeff', '').trim().split('\r\n')
    expect(lines[0]).toBe('id;geom')
    for (const line of lines.slice(1)) {
      const [id, wkt] = line.split(';')
      expectClose(wktXY(wkt!), want.get(Number(id))!, 31983, `row ${id}`)
    }
  })
})

describe('defaults: DXF and DGN in the layer’s UTM zone, the other formats as before', () => {
  it('DXF and DGN default to the SIRGAS 2000 / UTM zone of the layer’s centre (23S, 22S)', async () => {
    for (const [layer, srid] of [
      [EAST, 31983],
      [WEST, 31982],
    ] as const) {
      const want = [...(await transformed(layer, srid)).values()].sort((a, b) => a[0] - b[0])
      for (const format of ['ogr/dxf', 'ogr/dgn']) {
        const back = readBack(await exportFile(layer, format, { fields: ['id'] }))
        const got = back.features
          .map((f) => f.geometry.coordinates.flat().slice(0, 2) as number[])
          .sort((a, b) => a[0]! - b[0]!)
        expect(got).toHaveLength(want.length)
        got.forEach((xy, i) => expectClose(xy, want[i]!, srid, `${layer} ${format} ${i}`, format))
      }
    }
  })

  it('shapefile, GeoPackage and GeoJSON stay in EPSG:4326 (CRS84) unless asked', async () => {
    const want = await transformed(EAST, 4326)
    const shp = await exportFile(EAST, 'ogr/shapefile', { fields: ['id'] })
    const prj = [...unzipped(shp)].find(([name]) => name.endsWith('.prj'))![1].toString()
    expect(prj).toContain('GCS_WGS_1984')
    const geojson = await exportFile(EAST, 'ogr/geojson', { fields: ['id'] })
    const doc = JSON.parse(readFileSync(geojson, 'utf8'))
    expect(doc.crs.properties.name).toBe('urn:ogc:def:crs:OGC:1.3:CRS84')
    for (const f of doc.features.filter((x: { geometry: unknown }) => x.geometry)) {
      expect(f.geometry.coordinates).toEqual(want.get(f.properties.id))
    }
  })
})

describe('refusals: a system not served, or not the format’s own, is a Portuguese 400 that starts nothing', () => {
  const jobs = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.jobs')).rows[0]!.n
  const list = SERVED_CRS.map((c) => c.srid).join(', ')

  it('refuses an unknown code, a text and the wrong system of KML or ARTESP', async () => {
    const before = await jobs()
    const cases: [string, string, unknown, string][] = [
      [
        EAST,
        'ogr/shapefile',
        31999,
        `Sistema de coordenadas não oferecido: 31999. Use um destes códigos EPSG: ${list}.`,
      ],
      [
        EAST,
        'ogr/dxf',
        '31983',
        `O sistema de coordenadas é um código EPSG (um número), um destes: ${list}.`,
      ],
      [
        EAST,
        'kml',
        31983,
        'O formato KML (.kml) sai sempre em WGS 84 (geográficas, GPS), EPSG:4326.',
      ],
      [
        ARTESP,
        'geojson-artesp',
        4326,
        'O formato GeoJSON (ARTESP) sai sempre em SIRGAS 2000 (geográficas), EPSG:4674.',
      ],
    ]
    for (const [layer, format, srid, message] of cases) {
      const res = await start(layer, format, { fields: ['id'], srid })
      expect(res.statusCode, `${format} ${srid}`).toBe(400)
      expect(res.json().errors).toEqual([{ field: 'srid', message }])
    }
    const params = new URLSearchParams({ layer: EAST, format: 'csv', fields: 'id', srid: 'utm' })
    const link = await fetch(
      `${t.baseUrl}/api/features/parametersreport?${params}&token=${t.admin}`,
    )
    expect(link.status).toBe(400)
    expect(((await link.json()) as { errors: unknown }).errors).toEqual([
      {
        field: 'srid',
        message: `Sistema de coordenadas não oferecido: utm. Use um destes códigos EPSG: ${list}.`,
      },
    ])
    expect(await jobs()).toBe(before)
  })
})

describe('GeoJSON (ARTESP): the regulator’s manual', () => {
  it('EPSG:4674 by its URN, longitude first, UTF-8 without BOM, dates YYYY-MM-DD, km with three decimals', async () => {
    const file = await exportFile(ARTESP, 'geojson-artesp', {
      fields: [
        'id',
        'lote',
        'rodovia',
        'km_inicial',
        'km_final',
        'quantidade',
        'data_inicial',
        'vistoria',
        'observacoes_gerais',
      ],
      sort: 'id',
    })
    expect(file).toMatch(/\.geojson$/)
    const bytes = readFileSync(file)
    // UTF-8, no BOM: the first byte opens the object; the accents are UTF-8's.
    expect(bytes[0]).toBe('{'.charCodeAt(0))
    const text = bytes.toString('utf8')
    expect(Buffer.from(text, 'utf8').equals(bytes)).toBe(true)
    expect(text).toContain('"Recuperação de sarjeta"')
    // km as written: three decimals, other numbers as they are.
    expect(text).toContain('"km_inicial":23.450,"km_final":24.000,"quantidade":12.5')
    expect(text).toContain('"km_inicial":101.000,"km_final":101.001,"quantidade":3')
    const doc = JSON.parse(text)
    expect(doc.type).toBe('FeatureCollection')
    expect(doc.crs).toEqual({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4674' } })
    const c = wallClockIn(ZONE)(new Date().toISOString())
    const today = `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
    expect(doc.metadata).toEqual({ schema_version: '1.0', data_geracao: today })
    expect(doc.features.map((f: { properties: unknown }) => f.properties)).toEqual([
      {
        id: 1,
        lote: 'L12',
        rodovia: 'SP0000280',
        km_inicial: 23.45,
        km_final: 24,
        quantidade: 12.5,
        data_inicial: '2025-03-01',
        // 02:30 UTC is the evening before in São Paulo: the day of the export's zone.
        vistoria: '2025-02-28',
        observacoes_gerais: 'Recuperação de sarjeta',
      },
      {
        id: 2,
        lote: 'L12',
        rodovia: 'SP0000330',
        km_inicial: 101,
        km_final: 101.001,
        quantidade: 3,
        data_inicial: '2024-12-31',
        vistoria: '2024-12-31',
        observacoes_gerais: "Drenagem, bueiro e descida d'água",
      },
    ])
    // Longitude first, in SIRGAS 2000 as PostGIS transforms it.
    const want = await transformed(ARTESP, 4674)
    for (const f of doc.features) {
      expect(f.geometry.type).toBe('Point')
      expect(f.geometry.coordinates[0]).toBeLessThan(-46)
      expect(f.geometry.coordinates[1]).toBeGreaterThan(-24)
      expectClose(f.geometry.coordinates, want.get(f.properties.id)!, 4674, `${f.properties.id}`)
    }
  })

  it('is offered for layers with geometry only, and answers directly too', async () => {
    const res = await t.post(
      `/api/features/${ARTESP}/searchreport?format=geojson-artesp`,
      { fields: ['km_inicial'], srid: 4674, ids: [1] },
      t.admin,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('application/geo+json')
    expect(res.body.charCodeAt(0)).toBe('{'.charCodeAt(0))
    expect(res.body).toContain('"properties": {"km_inicial":23.450}')
    await createTestLayer(t.db, 'crs_tabela', { count: 2, tabular: true })
    const tabular = await start('crs_tabela', 'geojson-artesp', { fields: ['id'] })
    expect(tabular.statusCode).toBe(400)
    expect(tabular.json().errors).toEqual([
      { field: 'format', message: 'O formato escolhido exige um layer com geometria.' },
    ])
  })
})
