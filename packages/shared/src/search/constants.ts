/**
 * Constants of the feature search, the filter builder's companions and the exports (spec 2
 * section 9, spec 3 section 9). Pure data and helpers, no zod: the web app imports this file
 * by path (`@gis/shared/search`) as it imports the texts.
 */

/** Rows per page of the search results: 20 by default, with these options. */
export const SEARCH_PAGE_SIZES = [10, 20, 50, 100] as const
export const SEARCH_DEFAULT_LIMIT = 20
/** At most this many rows in one page of a search answer. */
export const SEARCH_MAX_LIMIT = 1000
/** At most this many ids in one search, export or map request (a selection). */
export const SEARCH_MAX_IDS = 10_000
/** Value samples of a field (the filter builder's suggestions). */
export const SAMPLES_DEFAULT_LIMIT = 40
export const SAMPLES_MAX_LIMIT = 100
/** VER NO MAPA sends at most this many features to the map. */
export const MAP_MAX_FEATURES = 10_000
/** Job progress is polled this often (spec 3 section 9): exports, reports and imports alike. */
export const JOB_POLL_MS = 1000
/** The direct downloads (searchreport, createreport, parametersreport) stop at this many rows. */
export const EXPORT_DIRECT_MAX_ROWS = 50_000

/** Export formats of spec 2 section 9, in the order the dialog lists them; xlsx is the default. */
export const EXPORT_FORMATS = [
  'xlsx',
  'csv',
  'kml',
  'ogr/shapefile',
  'ogr/geojson',
  'geojson-artesp',
  'ogr/gpkg',
  'ogr/dxf',
  'ogr/dgn',
  'ogr/xlsx',
  'ogr/csv',
] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
export const DEFAULT_EXPORT_FORMAT: ExportFormat = 'xlsx'

export interface ExportFormatInfo {
  /** The downloaded file's extension (a shapefile travels zipped). */
  extension: string
  contentType: string
  /** Formats that carry nothing but geometries and need a layer with geometry. */
  needsGeometry: boolean
  /** Written by GDAL (native ogr2ogr when installed, else gdal3.js). */
  gdal: boolean
  /** Spreadsheet formats: text cells that a spreadsheet would run as a formula are neutralised. */
  spreadsheet: boolean
}

export const EXPORT_FORMAT_INFO: Readonly<Record<ExportFormat, ExportFormatInfo>> = {
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    needsGeometry: false,
    gdal: false,
    spreadsheet: true,
  },
  csv: {
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    needsGeometry: false,
    gdal: false,
    spreadsheet: true,
  },
  kml: {
    extension: 'kml',
    contentType: 'application/vnd.google-earth.kml+xml',
    needsGeometry: true,
    gdal: false,
    spreadsheet: false,
  },
  'ogr/shapefile': {
    extension: 'zip',
    contentType: 'application/zip',
    needsGeometry: false,
    gdal: true,
    spreadsheet: false,
  },
  'ogr/geojson': {
    extension: 'geojson',
    contentType: 'application/geo+json',
    needsGeometry: false,
    gdal: true,
    spreadsheet: false,
  },
  // The regulator's delivery (ARTESP's GeoJSON manual): EPSG:4674, km with three decimals.
  'geojson-artesp': {
    extension: 'geojson',
    contentType: 'application/geo+json',
    needsGeometry: true,
    gdal: false,
    spreadsheet: false,
  },
  'ogr/gpkg': {
    extension: 'gpkg',
    contentType: 'application/geopackage+sqlite3',
    needsGeometry: false,
    gdal: true,
    spreadsheet: false,
  },
  'ogr/dxf': {
    extension: 'dxf',
    contentType: 'image/vnd.dxf',
    needsGeometry: true,
    gdal: true,
    spreadsheet: false,
  },
  'ogr/dgn': {
    extension: 'dgn',
    contentType: 'image/vnd.dgn',
    needsGeometry: true,
    gdal: true,
    spreadsheet: false,
  },
  'ogr/xlsx': {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    needsGeometry: false,
    gdal: true,
    spreadsheet: true,
  },
  'ogr/csv': {
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    needsGeometry: false,
    gdal: true,
    spreadsheet: true,
  },
}

/** Field names left out of the default export selection besides hidden ones (spec 2 section 9). */
export const EXPORT_UNCHECKED_FIELDS = ['foto'] as const
/** System fields that are not attributes a user exports by default. */
export const EXPORT_HIDDEN_SYSTEM_FIELDS = ['uuid', 'geom', 'd_e_l_e_t_', 'm_o_d_i_f_'] as const

/**
 * The attributes the export dialog checks at first: every attribute except the hidden ones
 * (system fields other than the id, fields the layout hides) and the one named foto.
 */
export function defaultExportFields(
  fields: readonly { name: string }[],
  hidden: ReadonlySet<string> = new Set(),
): string[] {
  return fields
    .map((f) => f.name)
    .filter(
      (name) =>
        !hidden.has(name) &&
        !(EXPORT_HIDDEN_SYSTEM_FIELDS as readonly string[]).includes(name) &&
        !(EXPORT_UNCHECKED_FIELDS as readonly string[]).includes(name),
    )
}

/**
 * A spreadsheet would run a cell that starts with one of these as a formula (CSV/formula
 * injection): such text is exported with a leading apostrophe.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const

/** Text as a spreadsheet cell: a value that could start a formula gets a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(text[0]!)
    ? `'${text}`
    : text
}

/** Job statuses as the spec names them (plus QUEUED before a worker takes the job). */
export const JOB_STATUSES = ['QUEUED', 'IN_PROGRESS', 'COMPLETE', 'ERROR', 'CANCELLED'] as const
export type JobStatusName = (typeof JOB_STATUSES)[number]

export * from './export-crs'
