import { mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { crsInfo } from '@gis/shared'
import { fieldOf, type LayerField } from '../../layer-data/model'
import {
  columnSqlTypes,
  EXPORT_GEOMETRY,
  exportStatementText,
  holdsCarriageReturn,
  type ExportQuery,
} from '../../layer-data/search-export'
import { gdalMode, pgConnection, runNativeOgr2ogr, runWasmOgr2ogr } from '../../gdal/gdal'
import { writeCsvSource, writeGeoJsonSource } from './gdal-sources'
import { OGR_GEOMETRY, type GdalFormat, type GdalWriteContext } from './gdal-write-context'
import { writeGpkgWithOwnIndex } from './gpkg-own-index'
import {
  PARALLEL_SHAPEFILE_MAX_ROWS,
  PARALLEL_SHAPEFILE_MIN_ROWS,
  writeShapefileInParts,
} from './shapefile-parts'
import { keepCarriageReturns } from './xlsx-text'

/** Linux takes at most 128 KiB in one command-line argument. */
const MAX_SQL_ARGUMENT = 120_000

/** Up to this many rows a GeoPackage gets our packed spatial index (32 bytes a row in memory). */
const OWN_RTREE_MAX_ROWS = 5_000_000

interface DriverSpec {
  driver: string
  extension: string
  layerOptions: (withGeometry: boolean) => string[]
}

/**
 * DGN (v7) keeps coordinates as 32-bit integers ("units of resolution") from a global origin.
 * GDAL's seed file, fine for degrees, truncates metres to the centimetre; in metres the file
 * gets millimetres (1,000 per metre) from the layer's centre in the export's system, which
 * reaches ±2,147 km around it. GDAL adds its ORIGIN to each coordinate before making it an
 * integer, hence the centre's opposite.
 */
async function dgnOptions(ctx: GdalWriteContext, srid: number): Promise<string[]> {
  const info = crsInfo(srid)
  const extent = ctx.query.layer.extent
  if (!info || info.geographic) return []
  let origin = [0, 0]
  if (extent) {
    const { rows } = await ctx.db.query<{ x: number; y: number }>(
      `SELECT ST_X(p) AS x, ST_Y(p) AS y
         FROM (SELECT ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), $3::int) AS p) c`,
      [(extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2, srid],
    )
    // Whole kilometres: a round origin, the same for a layer that barely moved.
    if (rows[0]) origin = [rows[0].x, rows[0].y].map((v) => Math.round(v / 1000) * 1000)
  }
  return [
    ...['MASTER_UNIT_NAME=m', 'SUB_UNIT_NAME=mm', 'SUB_UNITS_PER_MASTER_UNIT=1000'],
    ...['UOR_PER_SUB_UNIT=1', `ORIGIN=${-origin[0]!},${-origin[1]!},0`],
  ].flatMap((o) => ['-dsco', o])
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
  // PostGIS transforms (the statement's ST_Transform); GDAL only names the system it gets.
  const srid = ctx.query.srid ?? 4326
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
          `EPSG:${srid}`,
          '-nlt',
          OGR_GEOMETRY[layer.geometryType as keyof typeof OGR_GEOMETRY],
        ]
      : []),
    ...spec.layerOptions(withGeometry),
    ...(ctx.format === 'ogr/dgn' && withGeometry ? await dgnOptions(ctx, srid) : []),
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
