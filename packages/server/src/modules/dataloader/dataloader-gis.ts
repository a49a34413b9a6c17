import path from 'node:path'
import { t } from '@gis/shared'
import {
  convertGisInput,
  describeGisInput,
  InputRefused,
  prepareGisInput,
  type GisFormat,
} from '../../gdal/gdal-input'
import { gdalMode } from '../../gdal/gdal'
import { HttpError } from '../../http/errors'
import { csvSource, unreadable, type ImportSource } from './dataloader-files'
import type { ImportLimits } from './dataloader-limits'

const FORMAT_NAMES: Record<GisFormat, string> = {
  zip: 'shapefile',
  gpkg: 'GeoPackage',
  geojson: 'GeoJSON',
  json: 'GeoJSON',
  kml: 'KML',
  kmz: 'KMZ',
}

/**
 * A GIS file (zipped shapefile, GeoPackage, GeoJSON, KML, KMZ) through GDAL's one hardened door
 * (gdal/gdal-input.ts): checked, described by ogrinfo (one layer; its coordinate system by
 * EPSG code), then written by ogr2ogr as csv in `dir` with the geometry as WKT in the file's
 * own coordinates (column WKT), read as any csv. The execution moves the coordinates into the
 * layer's CRS; a file without a system GDAL knows waits for the wizard's choice.
 */
export async function gisSource(
  file: string,
  format: GisFormat,
  dir: string,
  limits: ImportLimits,
): Promise<ImportSource> {
  const name = FORMAT_NAMES[format]
  const refusal = (err: unknown) =>
    err instanceof InputRefused ? new HttpError(400, err.message) : unreadable(name)
  const input = await prepareGisInput(
    file,
    format,
    dir,
    limits.unzippedBytes,
    limits.unzippedMb,
  ).catch((err: unknown) => {
    throw refusal(err)
  })
  const layers = await describeGisInput(input).catch((err: unknown) => {
    throw refusal(err)
  })
  if (!layers.length) throw unreadable(name)
  if (layers.length > 1) {
    throw new HttpError(
      400,
      t('gdalInput.severalLayers', {
        count: layers.length,
        names: layers
          .slice(0, 5)
          .map((l) => l.name)
          .join(', '),
      }),
    )
  }
  const layer = layers[0]!
  // KML is WGS 84 by its definition, whatever GDAL says of it.
  const srid = input.driver === 'KML' ? 4326 : layer.srid
  const output = path.join(dir, 'output.csv')
  // At most one feature past the row limit is written, so a huge file stops early. gdal3.js
  // cannot say the file's system: it moves the coordinates to EPSG:4326 itself.
  const options = ['-lco', 'GEOMETRY=AS_WKT', '-limit', `${limits.maxRows + 1}`]
  if ((await gdalMode()) !== 'native' && srid === 4326) options.push('-t_srs', 'EPSG:4326')
  await convertGisInput(input, { file: output, driver: 'CSV', options }).catch((err: unknown) => {
    throw refusal(err)
  })
  return { ...csvSource(output), wktColumn: 'WKT', srid, crsName: layer.crsName ?? undefined }
}
