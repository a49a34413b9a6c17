import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  crsInfo,
  defaultExportSrid,
  EXPORT_FORMAT_INFO,
  FIXED_EXPORT_SRID,
  t,
  type ExportBody,
  type ExportFormat,
} from '@gis/shared'
import type { ServerConfig } from '../../config'
import type { Db } from '../../db/types'
import { badRequest } from '../../http/errors'
import { DELETED_COLUMN } from '../../layer-data/layer-read'
import { fieldOf, type CatalogueLayer, type LayerField } from '../../layer-data/model'
import { readSort, searchWhere, type SearchSpec, type SortSpec } from '../../layer-data/search'
import { countMatching, type ExportQuery } from '../../layer-data/search-export'
import { SqlParams } from '../../layer-data/where'
import { wallClockIn } from '@gis/shared'
import { DEFAULT_EXPORT_TIME_ZONE } from './export-values'
import { writeWithGdal } from './export-gdal'
import type { GdalFormat } from './gdal-write-context'
import { writeArtespGeoJson, writeCsvLines, writeGeoJsonLines } from './line-writers'
import { writeKml, writeXlsx, type WriteContext } from './writers'
import { zipFiles } from './zip'

/** A checked export: what goes out, in which order, in which format. */
export interface ExportPlan {
  layer: CatalogueLayer
  /** Attribute columns in the order chosen (the geometry travels apart). */
  fields: LayerField[]
  /** csv and xlsx: the geometry as WKT when the user chose the geometry field. */
  wkt: boolean
  spec: SearchSpec
  sort: SortSpec
  format: ExportFormat
  timeZone: string
  /** The EPSG code the geometries are written in (asked for, else the format's default). */
  srid: number
}

/**
 * Checks an export request against the layer: each field must be one of the layer's (in the
 * features API the soft-delete flag too), the format must suit the layer, and the filter and
 * the sort must be valid; every refusal is a Portuguese 400 (a FilterError for the filter).
 * Deleted features stay out unless `includeDeleted`, which adds the flag's column at the end
 * when it was not chosen. The output system is the one asked for, else the format's default
 * (`defaultExportSrid`); a format that dictates its own refuses any other.
 */
export function planExport(
  layer: CatalogueLayer,
  body: Omit<ExportBody, 'fields'> & { fields: readonly string[] },
  format: ExportFormat,
): ExportPlan {
  const info = EXPORT_FORMAT_INFO[format]
  if (info.needsGeometry && layer.geometryType === 'TABULAR') {
    throw badRequest([{ field: 'format', message: t('export.needsGeometry') }])
  }
  const fields: LayerField[] = []
  let wkt = false
  const seen = new Set<string>()
  body.fields.forEach((name, i) => {
    const field = fieldOf(layer, name, { internal: true })
    if (!field) {
      throw badRequest([
        { field: `fields.${i}`, message: t('filters.unknownField', { field: name }) },
      ])
    }
    if (seen.has(name)) return
    seen.add(name)
    if (field.type === 'geometry') wkt = true
    else fields.push(field)
  })
  if (fields.length === 0 && !wkt) {
    throw badRequest([{ field: 'fields', message: t('export.noFields') }])
  }
  // Deleted features are left out unless asked for; then each row says whether it is deleted.
  const includeDeleted = body.includeDeleted === true
  if (includeDeleted) {
    if (format === 'ogr/dxf' || format === 'ogr/dgn') {
      throw badRequest([{ field: 'includeDeleted', message: t('export.deletedNeedsAttributes') }])
    }
    if (!seen.has(DELETED_COLUMN)) fields.push(fieldOf(layer, DELETED_COLUMN, { internal: true })!)
  }
  const spec: SearchSpec = { filter: body.filter, ids: body.ids, liveOnly: !includeDeleted }
  // The filter is checked now, so that a bad one is the caller's 400 and never a failed job.
  searchWhere(layer, spec, new SqlParams())
  const sort = readSort(layer, body.sort, body.order)
  const srid = body.srid ?? defaultExportSrid(format, layer.extent)
  const fixed = FIXED_EXPORT_SRID[format]
  if (fixed && srid !== fixed) {
    throw badRequest([
      {
        field: 'srid',
        message: t('export.sridFixed', {
          format: t(`export.format.${format}`),
          crs: crsInfo(fixed)!.name,
          srid: String(fixed),
        }),
      },
    ])
  }
  return {
    layer,
    fields,
    wkt: wkt && (format === 'csv' || format === 'xlsx'),
    spec,
    sort,
    format,
    timeZone: body.timeZone ?? DEFAULT_EXPORT_TIME_ZONE,
    srid,
  }
}

/** The query of a plan for the writers of its format. */
export function queryOf(plan: ExportPlan): ExportQuery {
  const info = EXPORT_FORMAT_INFO[plan.format]
  const hasGeometry = plan.layer.geometryType !== 'TABULAR'
  // DXF and DGN carry geometries and nothing else: no attributes, no row without geometry.
  const geometryOnly = plan.format === 'ogr/dxf' || plan.format === 'ogr/dgn'
  return {
    layer: plan.layer,
    fields: geometryOnly ? [] : plan.fields,
    geometry:
      plan.format === 'kml'
        ? 'kml'
        : plan.wkt
          ? 'wkt'
          : (info.gdal || plan.format === 'geojson-artesp') && hasGeometry
            ? 'wkt'
            : 'none',
    srid: plan.srid,
    values: 'json',
    neutralise: info.gdal && info.spreadsheet,
    temporalAsText: plan.format === 'ogr/shapefile',
    spec: geometryOnly ? { ...plan.spec, withGeometry: true } : plan.spec,
    sort: plan.sort,
  }
}

/** `oae_20240131_154500` in the export's zone. */
export function exportBaseName(layer: CatalogueLayer, timeZone: string, now = new Date()): string {
  const c = wallClockIn(timeZone)(now.toISOString())
  const two = (n: number) => String(n).padStart(2, '0')
  return `${layer.name}_${c.year}${two(c.month)}${two(c.day)}_${two(c.hour)}${two(c.minute)}${two(c.second)}`
}

export interface ProducedFile {
  /** The temporary folder holding the file: remove it when done (`discard`). */
  dir: string
  file: string
  filename: string
  contentType: string
  rows: number
}

export interface ProduceOptions {
  db: Db
  config: Pick<ServerConfig, 'databaseUrl' | 'statementTimeoutMs'>
  onProgress?: (value: number, max: number) => Promise<void>
  signal?: AbortSignal
  /** Rows already counted (the direct downloads count first to check their limit). */
  total?: number
}

/** Writes the export's file in a temporary folder of its own. */
export async function produceExport(plan: ExportPlan, opts: ProduceOptions): Promise<ProducedFile> {
  const info = EXPORT_FORMAT_INFO[plan.format]
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-export-'))
  try {
    const query = queryOf(plan)
    const total = opts.total ?? (await countMatching(opts.db, plan.layer, query.spec))
    const progress = opts.onProgress ?? (async () => undefined)
    await progress(0, total)
    const baseName = exportBaseName(plan.layer, plan.timeZone)
    const filename = `${baseName}.${info.extension}`
    const ctx: WriteContext = {
      db: opts.db,
      query,
      timeZone: plan.timeZone,
      onRows: (written) => progress(written, total),
      signal: opts.signal,
    }
    let file = path.join(dir, filename)
    let rows = total
    switch (plan.format) {
      case 'xlsx':
        rows = await writeXlsx(file, ctx, plan.layer.title)
        break
      case 'csv':
        rows = await writeCsvLines(file, ctx)
        break
      case 'ogr/geojson':
        rows = await writeGeoJsonLines(file, ctx, plan.layer.name)
        break
      case 'geojson-artesp':
        rows = await writeArtespGeoJson(file, ctx, plan.layer.name)
        break
      case 'kml':
        rows = await writeKml(file, ctx, plan.layer)
        break
      default: {
        const files = await writeWithGdal(dir, baseName, {
          db: opts.db,
          config: opts.config,
          query,
          format: plan.format as GdalFormat,
          total,
          onProgress: progress,
          signal: opts.signal,
        })
        // Fast deflate: 15 % more bytes than level 6, a third of its time (decision 58).
        if (plan.format === 'ogr/shapefile') await zipFiles(file, files, { level: 1 })
        else file = files.find((f) => f.endsWith(`.${info.extension}`)) ?? files[0]!
      }
    }
    await progress(total, total)
    return { dir, file, filename, contentType: info.contentType, rows }
  } catch (err) {
    discard(dir)
    throw err
  }
}

export function discard(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}
