// The rows of an export as a source GDAL reads: a CSV with its `.csvt`, or a GeoJSON with a VRT.
import { once } from 'node:events'
import { createWriteStream, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'csv-stringify'
import { yielder } from '../../jobs/yielder'
import {
  EXPORT_GEOMETRY,
  forEachExportBatch,
  type ExportQuery,
} from '../../layer-data/search-export'
import { OGR_GEOMETRY, type GdalWriteContext } from './gdal-write-context'

export interface GdalSource {
  /** What ogr2ogr opens first, then its side files. */
  inputs: string[]
  openOptions: string[]
}

export type SourceContext = Pick<GdalWriteContext, 'db' | 'signal'> & {
  onProgress: (written: number) => Promise<void>
}

/** Writes the rows where GDAL reads them, in the given columns. */
export type SourceWriter = (
  dir: string,
  q: ExportQuery,
  columns: { name: string; type: string }[],
  ctx: SourceContext,
) => Promise<GdalSource>

/** The rows as a CSV and its `.csvt`, for GDAL's CSV driver. */
export const writeCsvSource: SourceWriter = async (dir, q, columns, ctx) => {
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
export const writeGeoJsonSource: SourceWriter = async (dir, q, columns, ctx) => {
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

/** A value as GDAL reads it; null for none (an empty text too, as it always was). */
function gdalText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'boolean') return value ? '1' : '0'
  return String(value)
}
