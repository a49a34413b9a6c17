import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { neutraliseFormula, type AttributeType } from '@gis/shared'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readBack, unzipped } from '../../../test/export-files'
import { useTestApp } from '../../../test/harness'
import { expectFileOnlyWhileReading, waitForJob as waitJob } from '../../../test/jobs'
import { createTestLayer, TEST_FIELDS } from '../../../test/test-layer'
import { PARALLEL_SHAPEFILE_MIN_ROWS } from './shapefile-parts'
import { wallClockIn } from '@gis/shared'
import { copyIndexScript, runSqliteScript } from './gpkg-rtree'
import { mergeShapefiles } from './shapefile-merge'

// The real join, watched: a large shapefile must be written in parts, not only look right.
vi.mock('./shapefile-merge', async (original) => {
  const real = await original<typeof import('./shapefile-merge')>()
  return { ...real, mergeShapefiles: vi.fn(real.mergeShapefiles) }
})

const t = useTestApp()
let dir: string
const ZONE = 'America/Sao_Paulo'

beforeAll(async () => {
  await createTestLayer(t.db, 'exp_teste')
  await createTestLayer(t.db, 'exp_tabela', { count: 12, tabular: true })
  // On PostgreSQL the server knows its database's URL, so the native ogr2ogr reads it itself.
  if (process.env.TEST_DATABASE_URL) {
    const { rows } = await t.db.query<{ db: string }>('SELECT current_database() AS db')
    const url = new URL(process.env.TEST_DATABASE_URL)
    url.pathname = `/${rows[0]!.db}`
    t.config.databaseUrl = url.toString()
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-export-test-'))
})
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

type Row = Record<string, unknown> & { id: number }
const ALL_FIELDS = ['id', 'uuid', 'd_e_l_e_t_', 'm_o_d_i_f_', ...TEST_FIELDS.map((f) => f.name)]
const TYPES: Record<string, AttributeType> = {
  id: 'number',
  uuid: 'string',
  d_e_l_e_t_: 'boolean',
  m_o_d_i_f_: 'datetime',
  ...Object.fromEntries(TEST_FIELDS.map((f) => [f.name, f.type])),
}
const TITLES: Record<string, string> = {
  id: 'Id',
  uuid: 'UUID',
  d_e_l_e_t_: 'Excluído?',
  m_o_d_i_f_: 'Última modificação',
  ...Object.fromEntries(TEST_FIELDS.map((f) => [f.name, f.title])),
}
const FILTER = {
  type: 'group',
  operator: 'or',
  rules: [
    { type: 'rule', field: 'id', operator: 'le', value: 30 },
    { type: 'rule', field: 's', operator: 'like', value: '%=%' },
  ],
}

const waitForJob = (id: number, token = t.admin) => waitJob(t, id, token)

/** Runs an export job to the end and saves its file; answers the job and the file's path. */
async function exportFile(format: string, body: Record<string, unknown>, layer = 'exp_teste') {
  const res = await t.post(
    `/api/features/${layer}/report?format=${format}`,
    { timeZone: ZONE, ...body },
    t.admin,
  )
  expect(res.statusCode, res.body).toBe(202)
  expect(res.headers.location).toBe(`/api/reports/jobs/${res.json().id}`)
  const job = await waitForJob(res.json().id)
  expect(job.status, job.message ?? undefined).toBe('COMPLETE')
  const file = await fetch(`${t.baseUrl}/api/report/${job.id}?token=${t.admin}`)
  expect(file.status).toBe(200)
  expect(file.headers.get('content-disposition')).toContain(job.filename)
  const target = path.join(dir, `${format.replace('/', '_')}-${job.id}-${job.filename}`)
  writeFileSync(target, Buffer.from(await file.arrayBuffer()))
  return { job, file: target }
}

async function searchRows(body: Record<string, unknown>, query = ''): Promise<Row[]> {
  const res = await t.post(`/api/features/exp_teste/search?limit=1000${query}`, body, t.admin)
  expect(res.statusCode).toBe(200)
  return res.json().results
}

// ---- normalising what GDAL reads back ----------------------------------------------------------

const wall = wallClockIn(ZONE)
const pad = (n: number) => String(n).padStart(2, '0')
/** An instant as the wall clock of the export's zone, to the second. */
function wallText(iso: string): string {
  const c = wall(iso)
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`
}
/** A zone-less date-time text, to the second (`2024/03/01 07:00:00.5`, `01/03/2024 07:00:00`). */
function naiveText(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2}:\d{2})/.exec(text)
  if (m) return `${m[3]}-${m[2]}-${m[1]} ${m[4]}`
  return text.replace(/\//g, '-').replace('T', ' ').slice(0, 19)
}

type Zone = 'instant' | 'wall' | 'utc-wall'

/** How each format's date-times read: with their zone, or as the zone's or UTC's wall clock. */
const ZONES: Record<string, Zone> = {
  xlsx: 'wall',
  csv: 'wall',
  kml: 'wall',
  'ogr/xlsx': 'utc-wall',
}

function canon(type: AttributeType, value: unknown, zone: Zone): unknown {
  if (value === null || value === undefined || value === '') return null
  switch (type) {
    case 'number':
      return Number(String(value).replace(',', '.'))
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 'Sim' || value === 'true'
    case 'date': {
      const text = String(value)
      const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
      return br ? `${br[3]}-${br[2]}-${br[1]}` : text.replace(/\//g, '-').slice(0, 10)
    }
    case 'datetime': {
      const text = String(value)
      if (zone === 'wall')
        return /^\d{4}-\d{2}-\d{2}T.*Z$/.test(text) ? wallText(text) : naiveText(text)
      if (zone === 'utc-wall') {
        return /Z$/.test(text)
          ? new Date(text).toISOString().replace('T', ' ').slice(0, 19)
          : naiveText(text)
      }
      const iso = text.replace(/^(\d{4})\/(\d{2})\/(\d{2}) /, '$1-$2-$3T').replace(/\+00$/, 'Z')
      return new Date(iso).getTime()
    }
    case 'time':
      return String(value).slice(0, 8)
    default:
      return String(value)
  }
}

/** Every export format, native and through GDAL. */
const FORMATS = [
  'xlsx',
  'csv',
  'kml',
  'ogr/geojson',
  'ogr/gpkg',
  'ogr/shapefile',
  'ogr/xlsx',
  'ogr/csv',
]
const SPREADSHEETS = ['xlsx', 'csv', 'ogr/xlsx', 'ogr/csv']

/** The search's rows as the export must have written them, and what GDAL read, side by side. */
function compare(format: string, rows: Row[], features: { properties: any }[], fields: string[]) {
  expect(features).toHaveLength(rows.length)
  const zone = ZONES[format] ?? 'instant'
  rows.forEach((row, i) => {
    const props = features[i]!.properties
    for (const name of fields) {
      const type = TYPES[name]!
      let expected = row[name]
      if (type === 'string' && typeof expected === 'string' && SPREADSHEETS.includes(format)) {
        expected = neutraliseFormula(expected)
      }
      const key = format === 'xlsx' ? TITLES[name]! : name
      const read = canon(type, props[key], zone)
      const wanted = canon(type, expected, zone)
      if (format === 'ogr/xlsx' && type === 'datetime' && typeof read === 'string') {
        // GDAL's XLSX driver keeps a date-time as a fraction of a day: with milliseconds in
        // the database, it reads back a second either side (seen both ways).
        const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000
        expect(
          Math.abs(seconds(read) - seconds(String(wanted))),
          `${format} row ${row.id} ${name}`,
        ).toBeLessThanOrEqual(1)
        continue
      }
      expect(read, `${format} row ${row.id} ${name}`).toEqual(wanted)
    }
  })
}

async function pointsOf(ids: number[]): Promise<Map<number, [number, number] | null>> {
  const { rows } = await t.db.query<{ id: number; x: number | null; y: number | null }>(
    'SELECT id, ST_X(geom) AS x, ST_Y(geom) AS y FROM data.exp_teste WHERE id = ANY($1::bigint[])',
    [ids],
  )
  return new Map(rows.map((r) => [r.id, r.x === null ? null : [r.x, r.y!]]))
}

describe('export jobs: each format read back by GDAL with the rows and values of the search', () => {
  // Deleted features too (flagged in d_e_l_e_t_), so the rows are the search's exactly.
  const body = { fields: ALL_FIELDS, filter: FILTER, sort: '-k', includeDeleted: true }

  for (const format of FORMATS) {
    it(format, async () => {
      const rows = await searchRows({ filter: FILTER }, '&sort=-k')
      expect(rows.length).toBeGreaterThan(25)
      const { job, file } = await exportFile(format, body)
      expect(job.rows).toBe(rows.length)
      expect(job.progress).toEqual({ value: job.progress.max, max: job.progress.max })
      const back = readBack(file)
      expect(back.count).toBe(rows.length)
      compare(format, rows, back.features, ALL_FIELDS)
      if (format === 'ogr/gpkg' && process.env.TEST_DATABASE_URL) {
        // GDAL read the database itself (its columns keep their NOT NULL).
        const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', file], { encoding: 'utf8' })
        expect(info).toContain('id: Integer64 (0.0) NOT NULL')
      }
      if (format !== 'xlsx' && format !== 'csv' && format !== 'ogr/xlsx') {
        // The geometry: the same points, none where the row has none.
        const points = await pointsOf(rows.map((r) => r.id))
        rows.forEach((row, i) => {
          const g = back.features[i]!.geometry
          const expected = points.get(row.id)!
          if (format === 'ogr/csv') {
            const wkt = back.features[i]!.properties.WKT
            expect(wkt ? wkt.match(/-?[\d.]+/g).map(Number) : null).toEqual(expected)
          } else if (expected === null) expect(g).toBeNull()
          else expect(g.coordinates.slice(0, 2)).toEqual(expected)
        })
      }
    })
  }

  it('GeoPackage: a valid spatial index with the entries, triggers and extension GDAL writes', async () => {
    const { file } = await exportFile('ogr/gpkg', {
      fields: ['id', 's'],
      filter: FILTER,
      sort: '-k',
    })
    // GDAL's own index of the same features: ogr2ogr copies the file (fids kept).
    const reference = path.join(dir, `reference-${path.basename(file)}`)
    execFileSync('ogr2ogr', ['-f', 'GPKG', reference, file])
    const sql = (source: string, statement: string) =>
      execFileSync('ogr2ogr', ['-f', 'CSV', '/vsistdout/', source, '-sql', statement], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
    expect(sql(file, "SELECT rtreecheck('rtree_exp_teste_geom') AS r")).toMatch(/^r,?\nok,?\n$/)
    const entries = 'SELECT id, minx, maxx, miny, maxy FROM rtree_exp_teste_geom ORDER BY id'
    const ours = sql(file, entries)
    expect(ours.split('\n').length).toBeGreaterThan(20)
    expect(ours).toBe(sql(reference, entries))
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL the tree is ours (packed in Hilbert order, not GDAL's in fid order).
      const root = 'SELECT hex(data) AS h FROM rtree_exp_teste_geom_node WHERE nodeno = 1'
      expect(sql(file, root)).not.toBe(sql(reference, root))
    }
    for (const statement of [
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'rtree%' ORDER BY name",
      'SELECT table_name, column_name, extension_name, definition, scope FROM gpkg_extensions',
    ]) {
      expect(sql(file, statement)).toBe(sql(reference, statement))
    }
    // A window of the map finds through the index the rows inside it, no more, no less.
    const spat = (source: string) =>
      execFileSync(
        'ogrinfo',
        ['-ro', '-so', '-spat', '-47.15', '-23', '-47', '-22', source, 'exp_teste'],
        {
          encoding: 'utf8',
        },
      ).match(/Feature Count: (\d+)/)![1]
    expect(Number(spat(file))).toBeGreaterThan(3)
    expect(spat(file)).toBe(spat(reference))
  })

  it('GeoPackage: an index whose rows do not match the table is refused and changes nothing', async () => {
    const { file } = await exportFile('ogr/gpkg', { fields: ['id'], filter: FILTER })
    const bare = path.join(dir, `bare-${path.basename(file)}`)
    execFileSync('ogr2ogr', ['-f', 'GPKG', bare, file, '-lco', 'SPATIAL_INDEX=NO'])
    const rows = readBack(bare).count
    const script = copyIndexScript('exp_teste', 'geom', rows + 1, path.join(dir, 'none.sqlite'))
    await expect(runSqliteScript(bare, path.join(dir, 'bare.opt'), script)).rejects.toThrow()
    const objects = execFileSync(
      'ogr2ogr',
      [
        '-f',
        'CSV',
        '/vsistdout/',
        bare,
        '-sql',
        "SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'rtree%'",
      ],
      { encoding: 'utf8' },
    )
    expect(objects).toMatch(/^n,?\n"?0"?,?\n$/)
  })

  it('GDAL CSV and XLSX keep a text with carriage returns exactly, one row per feature', async () => {
    await createTestLayer(t.db, 'exp_cr', { count: 4 })
    const values = ['\rabc', 'a\r\nb', 'x\ny\r', 'a;"b"\r\r']
    for (const [i, value] of values.entries()) {
      await t.db.query('UPDATE data.exp_cr SET s = $1, d_e_l_e_t_ = false WHERE id = $2', [
        value,
        i + 1,
      ])
    }
    // Native GDAL (on PostgreSQL it reads the database itself), then gdal3.js.
    for (const mode of ['auto', 'wasm']) {
      process.env.GIS_GDAL = mode
      try {
        const body = { fields: ['id', 's'], sort: 'id' }
        const csv = await exportFile('ogr/csv', body, 'exp_cr')
        // GDAL counts one row per feature; its CSV reader turns a carriage return into a line
        // feed, so the values are read with a CSV parser.
        expect(readBack(csv.file).count).toBe(values.length)
        const records = parseCsv(readFileSync(csv.file, 'utf8'), { columns: true }) as {
          id: string
          s: string
          WKT: string
        }[]
        // A text starting with a carriage return gets the spreadsheets' apostrophe (formulas).
        const expected = values.map((v, i) => [i + 1, neutraliseFormula(v)])
        expect(expected[0]).toEqual([1, "'\rabc"])
        expect(records.map((r) => [Number(r.id), r.s])).toEqual(expected)
        const { rows: geoms } = await t.db.query<{ has: boolean }>(
          'SELECT geom IS NOT NULL AS has FROM data.exp_cr ORDER BY id',
        )
        expect(records.map((r) => /^POINT \(/.test(r.WKT))).toEqual(geoms.map((g) => g.has))

        const xlsx = await exportFile('ogr/xlsx', body, 'exp_cr')
        const back = readBack(xlsx.file)
        expect(back.count).toBe(values.length)
        expect(back.features.map((f) => [f.properties.id, f.properties.s])).toEqual(expected)

        // Every type goes through as the search answers it (these rows take GeoJSON to GDAL).
        const search = await t.post('/api/features/exp_cr/search?limit=100&sort=id', {}, t.admin)
        const rows = search.json<{ results: Row[] }>().results
        expect(rows).toHaveLength(values.length)
        for (const format of ['ogr/gpkg', 'ogr/shapefile', 'ogr/geojson', 'ogr/xlsx']) {
          const all = await exportFile(format, { fields: ALL_FIELDS, sort: 'id' }, 'exp_cr')
          const read = readBack(all.file)
          expect(read.count, `${mode} ${format}`).toBe(values.length)
          compare(format, rows, read.features, ALL_FIELDS)
        }
      } finally {
        delete process.env.GIS_GDAL
      }
    }
  })

  it('neutralises formulas in the spreadsheet formats only', async () => {
    const rows = await searchRows({ filter: FILTER }, '&sort=-k')
    const formulas = rows.filter((r) => typeof r.s === 'string' && /^[=+\-@]/.test(r.s as string))
    expect(formulas.length).toBeGreaterThan(0)
    // Deleted rows too (some of the formulas are theirs): the flag is the last column.
    const csv = await exportFile('csv', {
      fields: ['id', 's'],
      filter: FILTER,
      sort: '-k',
      includeDeleted: true,
    })
    const text = execFileSync('cat', [csv.file], { encoding: 'utf8' })
    expect(text.charCodeAt(0)).toBe(0xfeff)
    expect(text).toContain(";'=1+2;")
    expect(text).toContain(";'@SUM(A1);")
    expect(text).not.toMatch(/;=1\+2/)
    const gpkg = readBack(
      (await exportFile('ogr/gpkg', { fields: ['id', 's'], filter: FILTER, includeDeleted: true }))
        .file,
    )
    expect(gpkg.features.map((f) => f.properties.s)).toContain('=1+2')
  })

  it('DXF and DGN: the geometries of the live rows that have one', async () => {
    const rows = await searchRows({ filter: FILTER })
    const withGeometry = rows.filter((r) => r.geom !== null && !r.d_e_l_e_t_)
    for (const format of ['ogr/dxf', 'ogr/dgn']) {
      const { job, file } = await exportFile(format, { fields: ['id'], filter: FILTER })
      expect(job.rows).toBe(withGeometry.length)
      const back = readBack(file)
      expect(back.count).toBe(withGeometry.length)
      const points = await pointsOf(withGeometry.map((r) => r.id))
      const got = back.features.map((f) => f.geometry.coordinates.flat().slice(0, 2)).sort()
      const want = withGeometry.map((r) => points.get(r.id)!).sort()
      expect(got).toEqual(want)
    }
  })

  it('exports exactly the selected rows, in the chosen order, a TABULAR layer too', async () => {
    const ids = [3, 17, 9, 40]
    const rows = await searchRows({ ids }, '&sort=i')
    const { file } = await exportFile('ogr/gpkg', { fields: ['id', 'i', 's'], ids, sort: 'i' })
    const back = readBack(file)
    expect(back.features.map((f) => f.properties.id)).toEqual(rows.map((r) => r.id))
    const tabular = await exportFile('ogr/shapefile', { fields: ['id', 's', 'n'] }, 'exp_tabela')
    // 12 rows, 3 of them deleted (left out).
    expect(readBack(tabular.file).count).toBe(9)
    const kml = await t.post(
      '/api/features/exp_tabela/report?format=kml',
      { fields: ['id'] },
      t.admin,
    )
    expect(kml.statusCode).toBe(400)
    expect(kml.json().errors).toEqual([
      { field: 'format', message: 'O formato escolhido exige um layer com geometria.' },
    ])
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a large shapefile, written in two parts at once, is the file one ogr2ogr writes',
    async () => {
      const rows = PARALLEL_SHAPEFILE_MIN_ROWS + 1001
      await createTestLayer(t.db, 'exp_partes', { count: 0 })
      await t.db.query(
        `INSERT INTO data.exp_partes (geom, d_e_l_e_t_, s, k)
         SELECT CASE WHEN i % 9 = 0 THEN NULL
                     ELSE ST_SetSRID(ST_MakePoint(-53 + (i % 997) * 0.01, -25 + (i % 991) * 0.01), 4326) END,
                false, CASE WHEN i % 5 = 0 THEN NULL ELSE 'Ponte ' || i END, (i % 4001) / 8.0
           FROM generate_series(1, $1::int) i`,
        [rows],
      )
      const { job, file } = await exportFile(
        'ogr/shapefile',
        { fields: ['id', 's', 'k'], sort: '-k' },
        'exp_partes',
      )
      expect(job.rows).toBe(rows)
      await expect(vi.mocked(mergeShapefiles).mock.results.at(-1)?.value).resolves.toBe(true)
      const zipped = unzipped(file)
      const ours = (ext: string) => [...zipped].find(([name]) => name.endsWith(`.${ext}`))![1]
      // The same statement, the same options, one ogr2ogr.
      const theirs = path.join(dir, 'partes-theirs')
      mkdirSync(theirs)
      execFileSync(
        'ogr2ogr',
        [
          '-f',
          'ESRI Shapefile',
          path.join(theirs, 'exp_partes.shp'),
          `PG:${t.config.databaseUrl}`,
          '-sql',
          'SELECT t."id" AS "id", t."s" AS "s", t."k" AS "k", t.geom AS "geom" FROM "data"."exp_partes" t ORDER BY t."k" DESC NULLS LAST, t.id DESC',
          '-nln',
          'exp_partes',
          '-a_srs',
          'EPSG:4326',
          '-nlt',
          'POINT',
          '-lco',
          'ENCODING=UTF-8',
        ],
        {
          // Else GDAL 3.6 appends its application_name to the URL's database name.
          env: { ...process.env, PGAPPNAME: 'gis-test' },
        },
      )
      const read = (ext: string) => readFileSync(path.join(theirs, `exp_partes.${ext}`))
      expect(ours('shp').equals(read('shp'))).toBe(true)
      expect(ours('shx').equals(read('shx'))).toBe(true)
      // The tables differ only in the day they were written (bytes 1 to 3).
      expect(ours('dbf').subarray(4).equals(read('dbf').subarray(4))).toBe(true)
    },
  )

  it('writes the same files with gdal3.js when there is no native GDAL', async () => {
    process.env.GIS_GDAL = 'wasm'
    try {
      const rows = await searchRows({ filter: FILTER }, '&sort=-k')
      for (const format of ['ogr/gpkg', 'ogr/shapefile']) {
        const { file } = await exportFile(format, {
          fields: ALL_FIELDS,
          filter: FILTER,
          sort: '-k',
          includeDeleted: true,
        })
        const back = readBack(file)
        expect(back.count).toBe(rows.length)
        compare(format, rows, back.features, ALL_FIELDS)
      }
    } finally {
      delete process.env.GIS_GDAL
    }
  })
})

describe('deleted features: left out unless asked for, then flagged in every format', () => {
  for (const format of FORMATS) {
    it(format, async () => {
      const rows = await searchRows({ filter: FILTER }, '&sort=id')
      const deleted = rows.filter((r) => r.d_e_l_e_t_).map((r) => r.id)
      expect(deleted.length).toBeGreaterThan(0)
      const idKey = format === 'xlsx' ? 'Id' : 'id'
      const flagKey = format === 'xlsx' ? 'Excluído?' : 'd_e_l_e_t_'
      const ids = (features: { properties: any }[]) =>
        features.map((f) => Number(String(f.properties[idKey]).replace(',', '.')))

      // By default: only the live ones, and no column for the flag.
      const live = readBack(
        (await exportFile(format, { fields: ['id', 's'], filter: FILTER })).file,
      )
      expect(live.count).toBe(rows.length - deleted.length)
      expect(ids(live.features).sort((a, b) => a - b)).toEqual(
        rows.filter((r) => !r.d_e_l_e_t_).map((r) => r.id),
      )
      expect(Object.keys(live.features[0]!.properties)).not.toContain(flagKey)

      // Asked for: every row, the deleted ones marked in the flag's column (added at the end).
      const all = readBack(
        (await exportFile(format, { fields: ['id', 's'], filter: FILTER, includeDeleted: true }))
          .file,
      )
      expect(all.count).toBe(rows.length)
      const keys = Object.keys(all.features[0]!.properties).filter((k) => k !== 'WKT')
      expect(keys.at(-1)).toBe(flagKey)
      const flagged = all.features
        .filter((f) => canon('boolean', f.properties[flagKey], 'instant') === true)
        .map((f) => Number(String(f.properties[idKey]).replace(',', '.')))
      expect(flagged.sort((a, b) => a - b)).toEqual(deleted)
    })
  }

  it('DXF and DGN carry no attributes: asking for the deleted ones is a 400; a link may ask', async () => {
    for (const format of ['ogr/dxf', 'ogr/dgn']) {
      const res = await t.post(
        `/api/features/exp_teste/report?format=${format}`,
        { fields: ['id'], includeDeleted: true },
        t.admin,
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toEqual([
        {
          field: 'includeDeleted',
          message:
            'Os formatos DXF e DGN não levam atributos: não há como marcar as feições excluídas.',
        },
      ])
    }
    const params = new URLSearchParams({
      layer: 'exp_teste',
      format: 'csv',
      fields: 'id',
      ids: '1,2',
      includeDeleted: 'true',
      token: t.admin,
    })
    const link = await fetch(`${t.baseUrl}/api/features/parametersreport?${params}`)
    expect(link.status).toBe(200)
    expect((await link.text()).replace('\ufeff', '').trim().split('\r\n')).toEqual([
      'id;d_e_l_e_t_',
      '1;Sim',
      '2;Não',
    ])
  })
})

describe('who may export what', () => {
  const start = (layer: string, payload: unknown, token = t.admin, format = 'xlsx') =>
    t.post(`/api/features/${layer}/report?format=${format}`, payload, token)

  it('refuses unknown fields, formats, filters and sorts with Portuguese 400s', async () => {
    const cases: [string, unknown, string, string][] = [
      ['xlsx', { fields: ['id', 'nada'] }, 'fields.1', 'Campo desconhecido: nada'],
      ['xlsx', { fields: [] }, 'fields', 'Selecione pelo menos um atributo.'],
      ['pdf', { fields: ['id'] }, 'format', 'Formato de exportação não suportado.'],
      [
        'xlsx',
        { fields: ['id'], filter: { type: 'rule', field: 'x', operator: 'eq', value: 1 } },
        'filter.field',
        'Campo desconhecido: x',
      ],
      ['xlsx', { fields: ['id'], sort: 'nada' }, 'sort', 'Campo de ordenação inválido'],
      ['xlsx', { fields: ['id'], timeZone: 'Lua/Base' }, 'timeZone', 'Valor inválido'],
    ]
    for (const [format, payload, field, message] of cases) {
      const res = await start('exp_teste', payload, t.admin, format)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().errors[0]).toEqual({ field, message })
    }
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM app.jobs WHERE type = 'export' AND status = 'QUEUED'",
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('never exports a layer the user may not read, nor shows or gives another user’s export', async () => {
    const denied = await start('ocorrencias', { fields: ['id'] }, t.user)
    const missing = await start('nao_existe', { fields: ['id'] }, t.user)
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(missing.body)
    const mine = await exportFile('csv', { fields: ['id'] })
    expect((await t.get(`/api/reports/jobs/${mine.job.id}`, t.user)).statusCode).toBe(404)
    const other = await fetch(`${t.baseUrl}/api/report/${mine.job.id}?token=${t.user}`)
    expect(other.status).toBe(404)
    expect((await fetch(`${t.baseUrl}/api/report/${mine.job.id}`)).status).toBe(401)
    // The JSON API never takes ?token=.
    const viaQuery = await fetch(`${t.baseUrl}/api/reports/jobs/${mine.job.id}?token=${t.admin}`)
    expect(viaQuery.status).toBe(401)
  })

  it('checks the permission again when the job runs', async () => {
    const { rows: demo } = await t.db.query<{ id: number }>(
      "SELECT id FROM app.users WHERE username = 'demo'",
    )
    // A job queued for a layer the user cannot read (as if the permission went away meanwhile).
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO app.jobs (type, payload, user_id) VALUES ('export', $1::text::jsonb, $2) RETURNING id`,
      [
        JSON.stringify({
          layer: 'ocorrencias',
          layerTitle: 'Ocorrências',
          format: 'csv',
          fields: ['id'],
        }),
        demo[0]!.id,
      ],
    )
    // Wake the queue with a job of the user's own.
    const own = await start('oae', { fields: ['id'] }, t.user, 'csv')
    expect(own.statusCode).toBe(202)
    await waitForJob(own.json().id, t.user)
    const job = await waitForJob(rows[0]!.id, t.user)
    expect(job.status).toBe('ERROR')
    expect(job.message).toBe('O layer não existe mais ou você não tem mais permissão de leitura.')
    expect((await fetch(`${t.baseUrl}/api/report/${job.id}?token=${t.user}`)).status).toBe(404)
  })

  it('gives a finished file only while the user still reads its layer', async () => {
    const res = await start('oae', { fields: ['id'] }, t.user, 'csv')
    expect(res.statusCode).toBe(202)
    const job = await waitForJob(res.json().id, t.user)
    expect(job.status).toBe('COMPLETE')
    // Through the administration: every group of the user stops reading oae.
    await expectFileOnlyWhileReading(t, job.id, 'oae')
  })

  it('expires finished files: 410, then the file is swept', async () => {
    const { job } = await exportFile('csv', { fields: ['id'] })
    await t.db.query(
      "UPDATE app.export_files SET expires_at = now() - interval '1 hour' WHERE job_id = $1",
      [job.id],
    )
    const gone = await t.get(`/api/report/${job.id}`, t.admin)
    expect(gone.statusCode).toBe(410)
    expect(gone.json().message).toBe('O arquivo desta exportação não está mais disponível.')
    await exportFile('csv', { fields: ['id'] })
    const { rows } = await t.db.query('SELECT 1 FROM app.export_files WHERE job_id = $1', [job.id])
    expect(rows).toHaveLength(0)
  })
})

describe('direct downloads: searchreport, createreport, parametersreport', () => {
  it('answers the file at once, with a bearer token or ?token= where the browser opens it', async () => {
    const rows = await searchRows({ filter: FILTER }, '&sort=-k')
    const direct = await fetch(`${t.baseUrl}/api/features/exp_teste/searchreport?format=ogr/gpkg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        fields: ALL_FIELDS,
        filter: FILTER,
        sort: '-k',
        includeDeleted: true,
      }),
    })
    expect(direct.status).toBe(200)
    expect(direct.headers.get('content-type')).toBe('application/geopackage+sqlite3')
    const file = path.join(dir, 'direct.gpkg')
    writeFileSync(file, Buffer.from(await direct.arrayBuffer()))
    compare('ogr/gpkg', rows, readBack(file).features, ALL_FIELDS)

    const params = new URLSearchParams({
      layer: 'exp_teste',
      format: 'csv',
      fields: 'id,s',
      filter: JSON.stringify(FILTER),
      sort: '-k',
      token: t.admin,
    })
    const link = await fetch(`${t.baseUrl}/api/features/parametersreport?${params}`)
    expect(link.status).toBe(200)
    const lines = (await link.text()).trim().split('\r\n')
    // Deleted features left out: none was asked for.
    const live = rows.filter((r) => !r.d_e_l_e_t_)
    expect(live.length).toBeLessThan(rows.length)
    expect(lines).toHaveLength(live.length + 1)
    expect(lines[1]).toBe(`${live[0]!.id};${neutraliseFormula(String(live[0]!.s ?? ''))}`)

    const form = new URLSearchParams({
      layer: 'exp_teste',
      format: 'xlsx',
      fields: 'id,n',
      ids: '2,3,4',
    })
    const posted = await fetch(`${t.baseUrl}/api/features/createreport?token=${t.admin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
    expect(posted.status).toBe(200)
    const xlsx = path.join(dir, 'form.xlsx')
    writeFileSync(xlsx, Buffer.from(await posted.arrayBuffer()))
    expect(readBack(xlsx).count).toBe(3)

    expect(
      (await fetch(`${t.baseUrl}/api/features/parametersreport?layer=exp_teste&fields=id`)).status,
    ).toBe(401)
    const asUser = await fetch(
      `${t.baseUrl}/api/features/parametersreport?layer=ocorrencias&fields=id&token=${t.user}`,
    )
    expect(asUser.status).toBe(404)
    // The JSON route takes no ?token=.
    const noBearer = await fetch(
      `${t.baseUrl}/api/features/exp_teste/searchreport?format=csv&token=${t.admin}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"fields":["id"]}',
      },
    )
    expect(noBearer.status).toBe(401)
  })

  it('refuses more rows than a direct download carries', async () => {
    await t.db
      .exec(`CREATE TABLE data.exp_grande (id bigserial PRIMARY KEY, uuid uuid NOT NULL DEFAULT gen_random_uuid(),
      d_e_l_e_t_ boolean NOT NULL DEFAULT false, m_o_d_i_f_ timestamptz NOT NULL DEFAULT now(), v integer)`)
    await t.db.exec(`INSERT INTO data.exp_grande (v) SELECT g FROM generate_series(1, 50001) g`)
    await t.db.exec(`INSERT INTO app.layers (name, title, table_name, geometry_type, attributes)
      VALUES ('exp_grande', 'Grande', 'exp_grande', 'TABULAR',
              '[{"name":"v","type":"number","maxLength":null,"title":"V","tooltip":""}]')`)
    const res = await t.post(
      '/api/features/exp_grande/searchreport?format=csv',
      { fields: ['id', 'v'] },
      t.admin,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].message).toBe(
      'O download direto é limitado a 50.000 registros. Use Exportar relatório para exportações maiores.',
    )
    const fewer = await t.post(
      '/api/features/exp_grande/searchreport?format=csv',
      {
        fields: ['v'],
        filter: { type: 'rule', field: 'v', operator: 'le', value: 50000 },
      },
      t.admin,
    )
    expect(fewer.statusCode).toBe(200)
    expect(fewer.body.trim().split('\r\n')).toHaveLength(50001)
  })
})

describe('csv written by PostgreSQL', () => {
  it('quotes texts holding ; " or line breaks, and formats values as the search window', async () => {
    await createTestLayer(t.db, 'exp_csv', { count: 4 })
    await t.db.query(
      `UPDATE data.exp_csv SET s = $1, n = 12.25, b = true, d_e_l_e_t_ = false WHERE id = 1`,
      ['a;b "c"\r\nd'],
    )
    await t.db.query(
      `UPDATE data.exp_csv SET s = '=2', n = NULL, b = false, d = '2024-02-29',
              dt = '2024-03-01T03:00:00Z' WHERE id = 2`,
    )
    const res = await fetch(`${t.baseUrl}/api/features/exp_csv/searchreport?format=csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        fields: ['id', 's', 'n', 'b', 'd', 'dt'],
        ids: [1, 2],
        timeZone: ZONE,
      }),
    })
    expect(res.status).toBe(200)
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8')
    expect(text.startsWith('\ufeffid;s;n;b;d;dt\r\n')).toBe(true)
    const rows = text.slice(1).split(/\r\n(?=\d+;|$)/)
    expect(rows[1]).toMatch(/^1;"a;b ""c""\r\nd";12,25;Sim;/)
    // São Paulo is UTC-3: 03:00 UTC is midnight there.
    expect(rows[2]).toBe("2;'=2;;Não;29/02/2024;01/03/2024 00:00:00")
  })
})
