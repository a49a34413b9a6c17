import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { t, wallClockIn } from '@gis/shared'
import { columnSql, type LayerField } from '../../layer-data/model'
import { jsonColumnSql } from '../../layer-data/search'
import {
  EXPORT_GEOMETRY,
  exportGeometrySql,
  exportLineSql,
  forEachExportBatch,
  type ExportQuery,
} from '../../layer-data/search-export'
import type { SqlParams } from '../../layer-data/where'
import type { WriteContext } from './writers'

/*
 * CSV and GeoJSON written from lines PostgreSQL formats itself: each row comes as one text
 * (the CSV record, the GeoJSON feature), so Node only joins texts. Formatting in C instead of
 * per value in JavaScript is what makes these exports faster than ogr2ogr (docs/decisions.md).
 */

const LINE = 'line'
/** Lines per FETCH on PostgreSQL (one short text each). */
const LINE_BATCH = 10_000

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** The rows' statement: one column of text per row, ordered and filtered as the search. */
function lineSelect(lineSql: (params: SqlParams) => string, lateral?: string) {
  return (q: ExportQuery, params: SqlParams): string =>
    exportLineSql(q, params, lineSql(params), LINE, lateral)
}

async function write(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain')
}

/** The same rule as `neutraliseFormula`, in SQL. */
function neutralised(text: string): string {
  return `CASE WHEN left(${text}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${text} ELSE ${text} END`
}

/**
 * A value as `humanFormatter` writes it in the CSV ('Sim'/'Não', decimal comma, DD/MM/YYYY,
 * date-times in the export's zone, texts neutralised), as SQL text; NULL for null.
 */
function humanSql(field: LayerField, params: SqlParams, zone: () => string): string {
  const col = columnSql(field)
  switch (field.type) {
    case 'boolean':
      return `CASE WHEN ${col} THEN ${params.bind(t('common.yes'), 'text')} WHEN NOT ${col} THEN ${params.bind(t('common.no'), 'text')} END`
    case 'number':
      // float8's shortest exact text, as JavaScript's String(Number(value)) (both switch to
      // an exponent only for very large or very small numbers, at slightly different points).
      return `replace((${col})::float8::text, '.', ',')`
    case 'date':
      return `to_char(${col}, 'DD/MM/YYYY')`
    case 'datetime':
      return `to_char(${col} AT TIME ZONE ${zone()}, 'DD/MM/YYYY HH24:MI:SS')`
    case 'string':
      return neutralised(`${col}::text`)
    default:
      return `${col}::text`
  }
}

/** A CSV field as csv-stringify writes it: quoted when it holds `;`, `"`, CR or LF. */
function csvFieldSql(text: string): string {
  return `coalesce(CASE WHEN ${text} ~ '[;"\r\n]' THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END, '')`
}

/**
 * csv as a Brazilian spreadsheet opens it (values as `humanFormatter` writes them): `;`, UTF-8 with BOM,
 * CRLF, field names in the first row, the geometry as WKT when asked for.
 */
export async function writeCsvLines(file: string, ctx: WriteContext): Promise<number> {
  const { fields } = ctx.query
  const withGeometry = ctx.query.geometry === 'wkt'
  const header = [...fields.map((f) => f.name), ...(withGeometry ? [EXPORT_GEOMETRY] : [])]
  // Each value is formatted once (in a LATERAL), then quoted when it is text that may hold
  // a delimiter; numbers, dates, times and 'Sim'/'Não' never do.
  const texts = [...fields.map((f) => f.type === 'string'), ...(withGeometry ? [true] : [])]
  const select = (q: ExportQuery, params: SqlParams): string => {
    let bound: string | undefined
    // Bound only when used: PostgreSQL refuses a parameter that no expression types.
    const zone = () => (bound ??= params.bind(ctx.timeZone, 'text'))
    const values = fields.map((f) => humanSql(f, params, zone))
    if (withGeometry) values.push(`ST_AsText(${exportGeometrySql(ctx.query)})`)
    const lateral = ` CROSS JOIN LATERAL (SELECT ${values.map((v, i) => `${v} AS v${i}`).join(', ')}) h`
    const parts = values.map((_, i) =>
      texts[i] ? csvFieldSql(`h.v${i}`) : `coalesce(h.v${i}, '')`,
    )
    const line = parts.length === 1 ? parts[0]! : `concat_ws(';', ${parts.join(', ')})`
    return lineSelect(() => line, lateral)(q, params)
  }
  return withFile(file, async (out) => {
    await write(out, `\ufeff${header.map(csvHeader).join(';')}\r\n`)
    return forEachLine(ctx, select, (lines) => write(out, `${lines.join('\r\n')}\r\n`))
  })
}

/** Writes a file through `fn`; closed in every case (a failed export's folder is removed). */
async function withFile(file: string, fn: (out: WriteStream) => Promise<number>): Promise<number> {
  const out = createWriteStream(file)
  const closed = once(out, 'close')
  try {
    const n = await fn(out)
    out.end()
    await closed
    return n
  } catch (err) {
    out.destroy()
    await closed.catch(() => undefined)
    throw err
  }
}

function csvHeader(name: string): string {
  return /[;"\r\n]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name
}

/**
 * GeoJSON as ogr2ogr writes it (a FeatureCollection named after the layer, CRS84 or the
 * export's EPSG system in `crs`): properties as the search answers them (numbers, booleans,
 * ISO dates and UTC date-times), the geometry by PostGIS with up to 15 decimals, transformed by
 * PostGIS into the export's system.
 */
export async function writeGeoJsonLines(
  file: string,
  ctx: WriteContext,
  layerName: string,
): Promise<number> {
  const srid = ctx.query.srid ?? 4326
  return writeFeatureCollection(file, ctx, {
    name: layerName,
    crs: srid === 4326 ? 'urn:ogc:def:crs:OGC:1.3:CRS84' : `urn:ogc:def:crs:EPSG::${srid}`,
    property: (f) => jsonColumnSql(f),
  })
}

/** The fields ARTESP's manual gives as km (`km`, `km_inicial`, `km_final`; ours `km_ini`…). */
const KM_FIELD = /^km(_|$)/i

/**
 * The regulator's GeoJSON (ARTESP, Manual Técnico GeoJSON v1.0; docs/layers.md): SIRGAS 2000
 * named `urn:ogc:def:crs:EPSG::4674` with longitude first, UTF-8 without BOM, a `metadata`
 * block (`schema_version`, `data_geracao`), dates as YYYY-MM-DD (a date-time as its day in the
 * export's zone) and the km fields with three decimals (`23.450`). The system is the plan's
 * (always 4674: the plan refuses any other).
 */
export async function writeArtespGeoJson(
  file: string,
  ctx: WriteContext,
  layerName: string,
  now = new Date(),
): Promise<number> {
  const c = wallClockIn(ctx.timeZone)(now.toISOString())
  const day = `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
  return writeFeatureCollection(file, ctx, {
    name: layerName,
    crs: `urn:ogc:def:crs:EPSG::${ctx.query.srid ?? 4674}`,
    head: `"metadata": ${JSON.stringify({ schema_version: ARTESP_SCHEMA_VERSION, data_geracao: day })},\n`,
    property: (f, params) => {
      const col = columnSql(f)
      if (f.type === 'number' && KM_FIELD.test(f.name)) return `round((${col})::numeric, 3)`
      if (f.type === 'datetime') {
        return `to_char(${col} AT TIME ZONE ${params.bind(ctx.timeZone, 'text')}, 'YYYY-MM-DD')`
      }
      return jsonColumnSql(f)
    },
  })
}

/** The version of ARTESP's GeoJSON manual the preset follows. */
export const ARTESP_SCHEMA_VERSION = '1.0'

interface FeatureCollectionSpec {
  name: string
  /** The `crs` member's name. */
  crs: string
  /** Members written before `features` (each ending in `,\n`). */
  head?: string
  /** A property's value as SQL (JSON-typed: numbers stay numbers). */
  property: (field: LayerField, params: SqlParams) => string
}

async function writeFeatureCollection(
  file: string,
  ctx: WriteContext,
  spec: FeatureCollectionSpec,
): Promise<number> {
  const { fields } = ctx.query
  const withGeometry = ctx.query.geometry !== 'none'
  const properties = fields.length ? 'row_to_json(p)::text' : `'{}'`
  const geometry = withGeometry
    ? `coalesce(ST_AsGeoJSON(${exportGeometrySql(ctx.query)}, 15, 0), 'null')`
    : `'null'`
  const select = (q: ExportQuery, params: SqlParams): string => {
    const lateral = fields.length
      ? ` CROSS JOIN LATERAL (SELECT ${fields
          .map((f) => `${spec.property(f, params)} AS ${quoted(f.name)}`)
          .join(', ')}) p`
      : ''
    return lineSelect(
      () =>
        `'{ "type": "Feature", "properties": ' || ${properties} || ', "geometry": ' || ${geometry} || ' }'`,
      lateral,
    )(q, params)
  }
  const crs = withGeometry
    ? `"crs": { "type": "name", "properties": { "name": ${JSON.stringify(spec.crs)} } },\n`
    : ''
  return withFile(file, async (out) => {
    await write(
      out,
      `{\n"type": "FeatureCollection",\n"name": ${JSON.stringify(spec.name)},\n${crs}${spec.head ?? ''}"features": [\n`,
    )
    let first = true
    const total = await forEachLine(ctx, select, async (lines) => {
      await write(out, `${first ? '' : ',\n'}${lines.join(',\n')}`)
      first = false
    })
    await write(out, '\n]\n}\n')
    return total
  })
}

async function forEachLine(
  ctx: WriteContext,
  select: (q: ExportQuery, params: SqlParams) => string,
  onLines: (lines: string[]) => Promise<void>,
): Promise<number> {
  let written = 0
  return forEachExportBatch(
    ctx.db,
    ctx.query,
    async (rows) => {
      await onLines(rows.map((r) => r[LINE] as string))
      written += rows.length
      await ctx.onRows(written)
    },
    { signal: ctx.signal, select, batchSize: LINE_BATCH },
  )
}
