import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import ExcelJS from 'exceljs'
import { t, type LayerStyle } from '@gis/shared'
import type { Db } from '../../db/types'
import { yielder } from '../../jobs/yielder'
import type { LayerField } from '../../layer-data/model'
import {
  EXPORT_GEOMETRY,
  forEachExportBatch,
  type ExportQuery,
  type ExportRow,
} from '../../layer-data/search-export'
import { humanFormatter, XLSX_MAX_CELL_TEXT, xlsxFormatter } from './export-values'

export interface WriteContext {
  db: Db
  query: ExportQuery
  timeZone: string
  /** Rows written so far (called after each batch). */
  onRows: (written: number) => Promise<void>
  signal?: AbortSignal
}

/** Writes a chunk, waiting when the stream's buffer is full. */
export async function write(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain')
}

/** Ends a file's stream and waits until it is closed. */
export async function finish(stream: WriteStream): Promise<void> {
  stream.end()
  await once(stream, 'close')
}

/** Fields of a row in order, the geometry (WKT) last when the query carries it. */
function geometryTitle(): string {
  return t('layers.field.geom')
}

/**
 * xlsx (exceljs, streamed to disk): titles in the first row, numbers as numbers, dates as
 * dates, 'Sim'/'Não', texts neutralised, the geometry as WKT when asked for.
 */
export async function writeXlsx(
  file: string,
  ctx: WriteContext,
  sheetName: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    // Shared strings: readers (GDAL among them) take `t="str"` cells for formula results.
    useSharedStrings: true,
  })
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  const { fields } = ctx.query
  const withGeometry = ctx.query.geometry === 'wkt'
  sheet.columns = [
    ...fields.map((f) => ({
      header: f.title,
      key: f.name,
      width: Math.min(60, Math.max(10, f.title.length + 2)),
    })),
    ...(withGeometry ? [{ header: geometryTitle(), key: EXPORT_GEOMETRY, width: 40 }] : []),
  ]
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  // Number formats go on the data cells only: a header cell must stay text (readers, GDAL
  // among them, take the first row for the header only when it is all text).
  const formats = fields.map((f) =>
    f.type === 'date' ? 'dd/mm/yyyy' : f.type === 'datetime' ? 'dd/mm/yyyy hh:mm:ss' : undefined,
  )
  const cell = xlsxFormatter(ctx.timeZone)
  // exceljs builds each row's XML on the event loop: about 100 ms per batch of 2,000 rows.
  const pause = yielder()
  let written = 0
  const total = await forEachExportBatch(
    ctx.db,
    ctx.query,
    async (rows) => {
      for (const row of rows) {
        const values = fields.map((f) => cell(f, row[f.name]))
        if (withGeometry) values.push(wktCell(row[EXPORT_GEOMETRY]))
        const added = sheet.addRow(values)
        formats.forEach((numFmt, i) => {
          if (numFmt && values[i] !== null) added.getCell(i + 1).numFmt = numFmt
        })
        added.commit()
        await pause()
      }
      written += rows.length
      await ctx.onRows(written)
    },
    { signal: ctx.signal },
  )
  sheet.commit()
  await workbook.commit()
  return total
}

function wktCell(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = String(value)
  return text.length > XLSX_MAX_CELL_TEXT ? t('export.geometryTooLong') : text
}

/** A worksheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export function safeSheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim()
  return (clean || 'Dados').slice(0, 31)
}

// ---- KML -------------------------------------------------------------------------------------

// XML 1.0 has no place for most control characters: they are dropped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** `#rrggbb[aa]` as KML's `aabbggrr`. */
export function kmlColor(color: string | undefined, fallback: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(color ?? '')
  if (!m) return fallback
  return `${m[4] ?? 'ff'}${m[3]}${m[2]}${m[1]}`.toLowerCase()
}

function kmlStyle(style: LayerStyle, id: string): string {
  const line = kmlColor(style.stroke?.color, 'ff1565c0')
  const fill = kmlColor(style.fill, '661565c0')
  const width = style.stroke?.width ?? 2
  return `<Style id="${xmlText(id)}"><IconStyle><color>${fill.replace(/^../, 'ff')}</color></IconStyle><LineStyle><color>${line}</color><width>${width}</width></LineStyle><PolyStyle><color>${fill}</color></PolyStyle></Style>`
}

/** The ids a layer's placemarks point at: its Style and its Schema. */
export interface KmlIds {
  style: string
  schema: string
}

export interface KmlLayer {
  title: string
  style: LayerStyle
}

/** A layer's Style and Schema (its fields' names and titles), children of the Document. */
export function kmlLayerHead(layer: KmlLayer, fields: readonly LayerField[], ids: KmlIds): string {
  return `${kmlStyle(layer.style, ids.style)}<Schema name="${xmlText(layer.title)}" id="${xmlText(
    ids.schema,
  )}">${fields
    .map(
      (f) =>
        `<SimpleField name="${xmlText(f.name)}" type="string"><displayName>${xmlText(
          f.title,
        )}</displayName></SimpleField>`,
    )
    .join('')}</Schema>`
}

/**
 * Writes a Folder named after the layer holding one Placemark per row of the query (named by
 * the layer's label field, else the id, when chosen; the chosen fields as ExtendedData, as the
 * search shows them; the geometry from PostGIS). Answers the rows written.
 */
export async function writeKmlFolder(
  out: WriteStream,
  ctx: WriteContext,
  layer: KmlLayer,
  ids: KmlIds,
): Promise<number> {
  const { fields } = ctx.query
  const human = humanFormatter(ctx.timeZone, { spreadsheet: false })
  const labelField =
    fields.find((f) => f.name === layer.style.label?.attribute) ??
    fields.find((f) => f.name === 'id')
  await write(out, `<Folder><name>${xmlText(layer.title)}</name>\n`)
  let written = 0
  const total = await forEachExportBatch(
    ctx.db,
    ctx.query,
    async (rows) => {
      let chunk = ''
      for (const row of rows) chunk += placemark(row, fields, human, labelField, ids)
      await write(out, chunk)
      written += rows.length
      await ctx.onRows(written)
    },
    { signal: ctx.signal },
  )
  await write(out, '</Folder>\n')
  return total
}

/** The start of a KML document and its end. */
export function kmlDocumentStart(name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xmlText(
    name,
  )}</name>`
}
export const KML_DOCUMENT_END = '</Document></kml>\n'

/** KML of one layer: its Style and Schema, then a Folder of its placemarks. */
export async function writeKml(file: string, ctx: WriteContext, layer: KmlLayer): Promise<number> {
  const ids = { style: 'layer', schema: 'dados' }
  const out = createWriteStream(file)
  await write(out, kmlDocumentStart(layer.title) + kmlLayerHead(layer, ctx.query.fields, ids))
  const total = await writeKmlFolder(out, ctx, layer, ids)
  await write(out, KML_DOCUMENT_END)
  await finish(out)
  return total
}

function placemark(
  row: ExportRow,
  fields: readonly LayerField[],
  human: (field: LayerField, value: unknown) => string,
  labelField: LayerField | undefined,
  ids: KmlIds,
): string {
  const name = labelField ? human(labelField, row[labelField.name]) : ''
  const data = fields
    .map(
      (f) => `<SimpleData name="${xmlText(f.name)}">${xmlText(human(f, row[f.name]))}</SimpleData>`,
    )
    .join('')
  const geometry = row[EXPORT_GEOMETRY] == null ? '' : String(row[EXPORT_GEOMETRY])
  return `<Placemark><name>${xmlText(name)}</name><styleUrl>#${xmlText(ids.style)}</styleUrl><ExtendedData><SchemaData schemaUrl="#${xmlText(ids.schema)}">${data}</SchemaData></ExtendedData>${geometry}</Placemark>\n`
}
