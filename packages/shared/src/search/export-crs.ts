/**
 * The coordinate system an export writes its geometries in: one of the served systems
 * (`SERVED_CRS`), chosen in the dialog or defaulting per format. Layers are stored in
 * EPSG:4326; the server transforms with PostGIS (ST_Transform). Shared so that the dialog
 * shows the very default the server applies.
 */
import { crsInfo, SERVED_CRS, sirgasUtmOf, type CrsInfo } from '../crs/crs'

/** The system layers are stored in: what every export wrote before the choice existed. */
export const STORED_SRID = 4326

/** Formats whose system the format itself dictates: KML (OGC KML 2.2), the ARTESP GeoJSON. */
export const FIXED_EXPORT_SRID: Readonly<Record<string, number | undefined>> = {
  kml: 4326,
  kmz: 4326,
  'geojson-artesp': 4674,
}

/** CAD formats: drawn in metres, so they default to the layer's SIRGAS 2000 / UTM zone. */
export const CAD_EXPORT_FORMATS: readonly string[] = ['ogr/dxf', 'ogr/dgn']

/** Formats that carry no geometry whatever the layer (GDAL's XLSX driver writes attributes only). */
const WITHOUT_GEOMETRY: readonly string[] = ['ogr/xlsx']

/** Whether a format writes geometries, so that its coordinate system means something. */
export function exportWritesGeometry(format: string): boolean {
  return !WITHOUT_GEOMETRY.includes(format)
}

/** [west, south, east, north] in EPSG:4326, as the catalogue keeps a layer's extent. */
type Extent = readonly [number, number, number, number]

/**
 * The system an export writes when none is asked for: the format's own (KML, ARTESP), for DXF
 * and DGN the SIRGAS 2000 / UTM zone of the layer's extent's centre (EPSG:4326 when the layer
 * is empty or outside zones 18S–25S), for every other format EPSG:4326 as before.
 */
export function defaultExportSrid(format: string, extent: Extent | null | undefined): number {
  const fixed = FIXED_EXPORT_SRID[format]
  if (fixed) return fixed
  if (CAD_EXPORT_FORMATS.includes(format) && extent) {
    return sirgasUtmOf((extent[0] + extent[2]) / 2)?.srid ?? STORED_SRID
  }
  return STORED_SRID
}

/** The systems a format may be written in: its own alone, or every served one. */
export function exportCrsChoices(format: string): readonly CrsInfo[] {
  const fixed = FIXED_EXPORT_SRID[format]
  return fixed ? [crsInfo(fixed)!] : SERVED_CRS
}
