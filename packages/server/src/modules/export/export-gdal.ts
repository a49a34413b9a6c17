import { once } from 'node:events'
import { createWriteStream, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'csv-stringify'
import type { ExportFormat, LayerGeometryType } from '@gis/shared'
import type { ServerConfig } from '../../config'
import type { Db } from '../../db/types'
import { yielder } from '../../jobs/yielder'
import { columnSql, fieldOf, tableSql, type LayerField } from '../../layer-data/model'
import { orderBySql, searchWhere } from '../../layer-data/search'
import {
  columnSqlTypes,
  EXPORT_GEOMETRY,
  exportStatementText,
  forEachExportBatch,
  type ExportQuery,
} from '../../layer-data/search-export'
import { SqlParams } from '../../layer-data/where'
import { gdalMode, inExportedSnapshot, runNativeOgr2ogr, runWasmOgr2ogr } from './gdal'
import {
  auxIndexScript,
  copyIndexScript,
  packRTree,
  RTreeCollector,
  runSqliteScript,
} from './gpkg-rtree'
import {
  PARALLEL_SHAPEFILE_MAX_ROWS,
  PARALLEL_SHAPEFILE_MIN_ROWS,
  writeShapefileInParts,
} from './shapefile-parts'
import { keepCarriageReturns } from './xlsx-text'

export type GdalFormat = Extract<ExportFormat, `ogr/${string}`>

/** Linux takes at most 128 KiB in one command-line argument. */
const MAX_SQL_ARGUMENT = 120_000

/** Up to this many rows a GeoPackage gets our packed spatial index (32 bytes a row in memory). */
const OWN_RTREE_MAX_ROWS = 5_000_000

interface DriverSpec {
  driver: string
  extension: string
  layerOptions: (withGeometry: boolean) => string[]
}

const DRIVERS: Record<GdalFormat, DriverSpec> = {
  'ogr/shapefile': {
    driver: 'ESRI Shapefile',
    extension: 'shp',
    layerOptions: () => ['-lco', 'ENCODING=UTF-8'],
  },
  'ogr/geojson': { driver: 'GeoJSON', extension: 'geojson', layerOptions: () => [] },
  'ogr/gpkg': {
    driver: 'GPKG',
    extension: 'gpkg',
    layerOptions: () => ['-lco', `GEOMETRY_NAME=${EXPORT_GEOMETRY}`],
  },
  'ogr/dxf': { driver: 'DXF', extension: 'dxf', layerOptions: () => [] },
  'ogr/dgn': { driver: 'DGN', extension: 'dgn', layerOptions: () => [] },
  'ogr/xlsx': { driver: 'XLSX', extension: 'xlsx', layerOptions: () => [] },
  'ogr/csv': {
    driver: 'CSV',
    extension: 'csv',
    layerOptions: (withGeometry) => (withGeometry ? ['-lco', 'GEOMETRY=AS_WKT'] : []),
  },
}

const OGR_GEOMETRY: Record<Exclude<LayerGeometryType, 'TABULAR'>, string> = {
  point: 'POINT',
  multipoint: 'MULTIPOINT',
  linestring: 'LINESTRING',
  multilinestring: 'MULTILINESTRING',
  polygon: 'POLYGON',
  multipolygon: 'MULTIPOLYGON',
}

/** How GDAL names a column type in a `.csvt` file. */
export function csvtType(
  sqlType: string | undefined,
  field: LayerField,
  opts: { temporalAsText?: boolean } = {},
): string {
  const type = sqlType ?? ''
  if (opts.temporalAsText && field.type === 'datetime') return 'String(24)'
  if (opts.temporalAsText && field.type === 'time') return 'String(15)'
  if (type === 'smallint' || type === 'integer') return 'Integer'
  if (type === 'bigint') return 'Integer64'
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(type)
  if (numeric) return `Real(${numeric[1]}.${numeric[2]})`
  if (type === 'double precision' || type === 'real' || type === 'numeric') return 'Real'
  const varchar = /^character varying\((\d+)\)$/.exec(type)
  if (varchar) return `String(${varchar[1]})`
  if (type === 'uuid') return 'String(36)'
  if (type === 'boolean') return 'Integer(Boolean)'
  if (type === 'date') return 'Date'
  if (type.startsWith('timestamp')) return 'DateTime'
  if (type.startsWith('time')) return 'Time'
  if (field.type === 'number') return 'Real'
  return 'String'
}

export interface GdalWriteContext {
  db: Db
  config: Pick<ServerConfig, 'databaseUrl' | 'statementTimeoutMs'>
  query: ExportQuery
  format: GdalFormat
  /** Rows of the export (counted before), for progress. */
  total: number
  onProgress: (value: number, max: number) => Promise<void>
  signal?: AbortSignal
}

/**
 * Writes an export through GDAL into `dir` and answers the files it wrote (a shapefile is
 * several). With the native ogr2ogr on PostgreSQL, GDAL reads the export's statement from the
 * database itself (values as literals); otherwise the rows go to a CSV with a `.csvt` of the
 * columns' types, which ogr2ogr (native, or gdal3.js) converts.
 */
export async function writeWithGdal(
  dir: string,
  baseName: string,
  ctx: GdalWriteContext,
): Promise<string[]> {
  const spec = DRIVERS[ctx.format]
  const { layer } = ctx.query
  const withGeometry = layer.geometryType !== 'TABULAR'
  const outDir = path.join(dir, 'out')
  const output = path.join(
    outDir,
    `${baseName}.${ctx.format === 'ogr/shapefile' && !withGeometry ? 'dbf' : spec.extension}`,
  )
  const common = [
    '-nln',
    layer.name,
    ...(withGeometry
      ? [
          '-a_srs',
          'EPSG:4326',
          '-nlt',
          OGR_GEOMETRY[layer.geometryType as keyof typeof OGR_GEOMETRY],
        ]
      : []),
    ...spec.layerOptions(withGeometry),
  ]
  const mode = await gdalMode()
  mkdirSync(outDir, { recursive: true })

  // GDAL reads the database itself when it can: PostgreSQL, the native ogr2ogr, and a
  // statement short enough for one command-line argument (a selection of thousands of ids,
  // or long filter values, go the CSV way).
  const sql =
    mode === 'native' && ctx.db.kind === 'postgres' && ctx.config.databaseUrl
      ? exportStatementText({
          ...ctx.query,
          values: 'gdal-native',
          geometry: withGeometry ? 'native' : 'none',
        })
      : undefined
  if (sql && ctx.config.databaseUrl && Buffer.byteLength(sql) < MAX_SQL_ARGUMENT) {
    const { conninfo, password } = pgConnection(ctx.config.databaseUrl)
    const args = [
      '-f',
      spec.driver,
      output,
      `PG:${conninfo}`,
      '-sql',
      sql,
      '-gt',
      '65536',
      ...common,
    ]
    const opts = {
      signal: ctx.signal,
      env: {
        ...(password ? { PGPASSWORD: password } : {}),
        PGAPPNAME: 'gis-export',
        // GDAL reads the statement only: no listing of every table when it connects.
        PG_LIST_ALL_TABLES: 'NO',
        ...(ctx.config.statementTimeoutMs
          ? { PGOPTIONS: `-c statement_timeout=${ctx.config.statementTimeoutMs}` }
          : {}),
      },
      onProgress: (fraction: number) =>
        void ctx.onProgress(Math.round(fraction * ctx.total), ctx.total),
    }
    if (ctx.format === 'ogr/gpkg' && withGeometry && ctx.total <= OWN_RTREE_MAX_ROWS) {
      await writeGpkgWithOwnIndex(dir, output, args, opts, ctx)
    } else if (
      ctx.format === 'ogr/shapefile' &&
      ctx.total >= PARALLEL_SHAPEFILE_MIN_ROWS &&
      ctx.total <= PARALLEL_SHAPEFILE_MAX_ROWS
    ) {
      await writeShapefileInParts(output, sql, args, opts, ctx)
    } else {
      await runNativeOgr2ogr(args, opts)
    }
    if (ctx.format === 'ogr/xlsx' && (await holdsCarriageReturn(ctx.db, ctx.query))) {
      await keepCarriageReturns(output)
    }
    return readdirSync(outDir).map((f) => path.join(outDir, f))
  }

  // The rows for GDAL: a CSV with the column types beside it (`.csvt`); or, when a text of the
  // export holds a carriage return (GDAL's CSV reader reads it as a line break), GeoJSON read
  // through a VRT of the same types: exact, but its conversion takes about 1.6 times longer.
  const rowsQuery: ExportQuery = {
    ...ctx.query,
    // GDAL opens no CSV of one column: a geometry-only export (DXF, DGN) carries the id too,
    // which those drivers then leave out.
    fields: ctx.query.fields.length ? ctx.query.fields : [fieldOf(layer, 'id')!],
    values: 'gdal-text',
    geometry: withGeometry ? 'wkt' : 'none',
  }
  const types = await columnSqlTypes(ctx.db, layer)
  const columns = rowsQuery.fields.map((f) => ({
    name: f.name,
    type: csvtType(types.get(f.name), f, { temporalAsText: rowsQuery.temporalAsText }),
  }))
  const max = ctx.total * 2
  const exact = await holdsCarriageReturn(ctx.db, rowsQuery)
  const source = await (exact ? writeGeoJsonSource : writeCsvSource)(dir, rowsQuery, columns, {
    ...ctx,
    onProgress: (written) => ctx.onProgress(written, max),
  })

  if (mode === 'native') {
    await runNativeOgr2ogr(
      [
        '-f',
        spec.driver,
        output,
        source.inputs[0]!,
        ...source.openOptions.flatMap((o) => ['-oo', o]),
        '-gt',
        '65536',
        ...common,
      ],
      {
        signal: ctx.signal,
        onProgress: (fraction) =>
          void ctx.onProgress(ctx.total + Math.round(fraction * ctx.total), max),
      },
    )
    if (exact && ctx.format === 'ogr/xlsx') await keepCarriageReturns(output)
    return readdirSync(outDir).map((f) => path.join(outDir, f))
  }
  const files = await runWasmOgr2ogr({
    inputs: source.inputs,
    openOptions: source.openOptions,
    options: ['-f', spec.driver, ...common],
    outputName: baseName,
    outDir,
  })
  if (exact && ctx.format === 'ogr/xlsx') for (const f of files) await keepCarriageReturns(f)
  return files
}

/** Whether a text column of the export holds a carriage return in one of its rows. */
async function holdsCarriageReturn(db: Db, q: ExportQuery): Promise<boolean> {
  const texts = q.fields.filter((f) => f.type === 'string')
  if (texts.length === 0) return false
  const params = new SqlParams()
  const where = searchWhere(q.layer, q.spec, params)
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${tableSql(q.layer)} t WHERE (${where}) AND (${texts
      .map((f) => `strpos(${columnSql(f)}::text, chr(13)) > 0`)
      .join(' OR ')})) AS found`,
    params.values,
  )
  return rows[0]?.found === true
}

interface GdalSource {
  /** What ogr2ogr opens first, then its side files. */
  inputs: string[]
  openOptions: string[]
}

type SourceContext = Pick<GdalWriteContext, 'db' | 'signal'> & {
  onProgress: (written: number) => Promise<void>
}

/** The rows as a CSV and its `.csvt`, for GDAL's CSV driver. */
async function writeCsvSource(
  dir: string,
  q: ExportQuery,
  columns: { name: string; type: string }[],
  ctx: SourceContext,
): Promise<GdalSource> {
  const withGeometry = q.geometry !== 'none'
  const input = path.join(dir, `${q.layer.name}.csv`)
  const csvt = input.replace(/\.csv$/, '.csvt')
  writeFileSync(
    csvt,
    [...columns.map((c) => c.type), ...(withGeometry ? ['WKT'] : [])]
      .map((type) => `"${type}"`)
      .join(',') + '\n',
  )
  const out = createWriteStream(input)
  const csv = stringify({ delimiter: ',', record_delimiter: '\n' })
  csv.pipe(out)
  const push = async (record: unknown[]) => {
    if (!csv.write(record)) await once(csv, 'drain')
  }
  await push([...columns.map((c) => c.name), ...(withGeometry ? [EXPORT_GEOMETRY] : [])])
  const pause = yielder()
  let written = 0
  await forEachExportBatch(
    ctx.db,
    q,
    async (rows) => {
      for (const row of rows) {
        const record = q.fields.map((f) => gdalText(row[f.name]) ?? '')
        if (withGeometry) record.push(gdalText(row[EXPORT_GEOMETRY]) ?? '')
        await push(record)
        await pause()
      }
      written += rows.length
      await ctx.onProgress(written)
    },
    { signal: ctx.signal },
  )
  csv.end()
  await once(out, 'close')
  return {
    inputs: [input, csvt],
    openOptions: ['KEEP_GEOM_COLUMNS=NO', 'EMPTY_STRING_AS_NULL=YES'],
  }
}

/**
 * The rows as GeoJSON, every value a JSON string (exact, carriage returns included), and a VRT
 * that types them as the `.csvt` would.
 */
async function writeGeoJsonSource(
  dir: string,
  q: ExportQuery,
  columns: { name: string; type: string }[],
  ctx: SourceContext,
): Promise<GdalSource> {
  const withGeometry = q.geometry !== 'none'
  const input = path.join(dir, `${SOURCE_LAYER}.geojson`)
  const vrt = path.join(dir, `${q.layer.name}.vrt`)
  writeFileSync(
    vrt,
    sourceVrt(
      q.layer.name,
      path.basename(input),
      columns,
      withGeometry ? OGR_GEOMETRY[q.layer.geometryType as keyof typeof OGR_GEOMETRY] : undefined,
    ),
  )
  const out = createWriteStream(input)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  // The first feature names every column (null), so that GDAL knows them all even when there
  // is no row; the VRT leaves it out.
  const names = [...columns.map((c) => c.name), ...(withGeometry ? [EXPORT_GEOMETRY] : [])]
  await write(
    `{"type":"FeatureCollection","name":"${SOURCE_LAYER}","features":[\n` +
      featureJson({ [SCHEMA_ROW]: '1', ...Object.fromEntries(names.map((n) => [n, null])) }),
  )
  const pause = yielder()
  let written = 0
  await forEachExportBatch(
    ctx.db,
    q,
    async (rows) => {
      let chunk = ''
      for (const row of rows) {
        const properties: Record<string, string | null> = {}
        for (const f of q.fields) properties[f.name] = gdalText(row[f.name])
        if (withGeometry) properties[EXPORT_GEOMETRY] = gdalText(row[EXPORT_GEOMETRY])
        chunk += `,\n${featureJson(properties)}`
        await pause()
      }
      await write(chunk)
      written += rows.length
      await ctx.onProgress(written)
    },
    { signal: ctx.signal },
  )
  out.end('\n]}\n')
  await once(out, 'close')
  return { inputs: [vrt, input], openOptions: [] }
}

/**
 * The GeoJSON layer the rows go through, and the property that marks its schema row (a name
 * no field can have, whatever the case).
 */
const SOURCE_LAYER = 'linhas'
const SCHEMA_ROW = 'gis-schema-row'

const featureJson = (properties: Record<string, string | null>) =>
  `{"type":"Feature","properties":${JSON.stringify(properties)},"geometry":null}`

const VRT_GEOMETRY: Record<string, string> = {
  POINT: 'wkbPoint',
  MULTIPOINT: 'wkbMultiPoint',
  LINESTRING: 'wkbLineString',
  MULTILINESTRING: 'wkbMultiLineString',
  POLYGON: 'wkbPolygon',
  MULTIPOLYGON: 'wkbMultiPolygon',
}

/** A VRT field element of a `.csvt` type (`Real(10.2)`, `String(24)`, `Integer(Boolean)`...). */
function vrtField(name: string, csvt: string): string {
  const m = /^(\w+)(?:\((\w+)(?:\.(\d+))?\))?$/.exec(csvt)
  const base = m?.[1] ?? 'String'
  const arg = m?.[2]
  const attrs = [`name="${name}"`, `src="${name}"`]
  if (base === 'WKT') return ''
  if (arg === 'Boolean') attrs.push('type="Integer"', 'subtype="Boolean"')
  else {
    attrs.push(`type="${base}"`)
    if (arg) attrs.push(`width="${arg}"`)
    if (m?.[3]) attrs.push(`precision="${m[3]}"`)
  }
  return `    <Field ${attrs.join(' ')}/>`
}

/**
 * The VRT GDAL reads: the GeoJSON's text values typed as the columns (what a `.csvt` says),
 * dates read as text by the GeoJSON driver so that only the VRT types them, the geometry from
 * its WKT, without the schema row.
 */
export function sourceVrt(
  layerName: string,
  source: string,
  fields: { name: string; type: string }[],
  geometryType: string | undefined,
): string {
  return [
    '<OGRVRTDataSource>',
    `  <OGRVRTLayer name="${layerName}">`,
    `    <SrcDataSource relativeToVRT="1">${source}</SrcDataSource>`,
    '    <OpenOptions><OOI key="DATE_AS_STRING">YES</OOI></OpenOptions>',
    `    <SrcSQL dialect="OGRSQL">SELECT * FROM ${SOURCE_LAYER} WHERE "${SCHEMA_ROW}" IS NULL</SrcSQL>`,
    ...(geometryType
      ? [
          `    <GeometryType>${VRT_GEOMETRY[geometryType]}</GeometryType>`,
          `    <GeometryField encoding="WKT" field="${EXPORT_GEOMETRY}"/>`,
        ]
      : ['    <GeometryType>wkbNone</GeometryType>']),
    ...fields.map((f) => vrtField(f.name, f.type)).filter(Boolean),
    '  </OGRVRTLayer>',
    '</OGRVRTDataSource>',
    '',
  ].join('\n')
}

/**
 * A GeoPackage from PostgreSQL with the spatial index built by us (decision 58): ogr2ogr
 * writes the rows without index while this process reads the rows' boxes in the same snapshot
 * (exported to GDAL's connection), packs the R-tree and writes it into a database of its own;
 * once both are done the nodes are copied into the GeoPackage (`gpkg-rtree.ts`). Should the
 * index fail, the file is written again the way GDAL does it alone.
 */
async function writeGpkgWithOwnIndex(
  dir: string,
  output: string,
  args: string[],
  opts: Parameters<typeof runNativeOgr2ogr>[1],
  ctx: GdalWriteContext,
): Promise<void> {
  const q = ctx.query
  const aux = path.join(dir, 'rtree.sqlite')
  const seed = path.join(dir, 'rtree.csv')
  let rows = 0
  const indexed = await inExportedSnapshot(ctx.db, async (conn, snapshotOptions) => {
    const load = runNativeOgr2ogr([...args, '-lco', 'SPATIAL_INDEX=NO', ...snapshotOptions], opts)
    // Each row's box as four doubles (one NaN: no geometry), in the export's order.
    const params = new SqlParams()
    const where = searchWhere(q.layer, q.spec, params)
    const index = conn
      .query<{ boxes: Buffer | null }>(
        `SELECT string_agg(CASE WHEN t.geom IS NULL OR ST_IsEmpty(t.geom) THEN '\\x7ff8000000000000'::bytea
                  ELSE float8send(ST_XMin(t.geom::box3d)) || float8send(ST_XMax(t.geom::box3d))
                    || float8send(ST_YMin(t.geom::box3d)) || float8send(ST_YMax(t.geom::box3d)) END,
                  ''::bytea ${orderBySql(q.layer, q.sort)}) AS boxes
             FROM ${tableSql(q.layer)} t WHERE ${where}`,
        params.values,
      )
      .then(async (r) => {
        const buf = r.rows[0]?.boxes ?? Buffer.alloc(0)
        const collector = new RTreeCollector()
        for (let at = 0; at < buf.length;) {
          rows++
          const x0 = buf.readDoubleBE(at)
          if (Number.isNaN(x0)) {
            at += 8
            continue
          }
          collector.add(
            rows,
            x0,
            buf.readDoubleBE(at + 8),
            buf.readDoubleBE(at + 16),
            buf.readDoubleBE(at + 24),
          )
          at += 32
        }
        const script = auxIndexScript(packRTree(collector.entries()), rows)
        // An empty SQLite database for the tree (GDAL makes one of a CSV of two columns).
        writeFileSync(seed, 'x,y\n1,2\n')
        await runNativeOgr2ogr(['-f', 'SQLite', aux, seed], { signal: ctx.signal })
        await runSqliteScript(aux, path.join(dir, 'rtree.opt'), script, ctx.signal)
        return true
      })
      .catch(() => false)
    const [, built] = await Promise.all([load, index])
    return built
  })
  try {
    if (!indexed) throw new Error('no index')
    await runSqliteScript(
      output,
      path.join(dir, 'rtree.opt'),
      copyIndexScript(q.layer.name, EXPORT_GEOMETRY, rows, aux),
      ctx.signal,
    )
  } catch (err) {
    if (ctx.signal?.aborted) throw err
    // The rows changed under the snapshot's back, or this GDAL or SQLite differs: GDAL's way.
    rmSync(output, { force: true })
    await runNativeOgr2ogr(args, opts)
  } finally {
    rmSync(aux, { force: true })
    rmSync(seed, { force: true })
  }
}

/** A value as GDAL reads it; null for none (an empty text too, as it always was). */
function gdalText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'boolean') return value ? '1' : '0'
  return String(value)
}

/**
 * A libpq connection string for GDAL from DATABASE_URL, without the password, which travels
 * in the child's environment (PGPASSWORD) instead of its command line.
 */
export function pgConnection(databaseUrl: string): { conninfo: string; password?: string } {
  const url = new URL(databaseUrl)
  const password = url.password ? decodeURIComponent(url.password) : undefined
  url.password = ''
  return { conninfo: url.toString(), password }
}
