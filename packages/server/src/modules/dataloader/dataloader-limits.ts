import { t, type MessageKey } from '@gis/shared'
import { HttpError } from '../../http/errors'

/**
 * What an uploaded file may hold once read (decisions 68 and 93), besides the upload's size
 * (IMPORT_MAX_MB, 2 GB by default): a file is read as a stream into the staging table and
 * refused as soon as it passes one of these. Memory does not grow with the rows; an xlsx's
 * shared strings are the one table held whole, bounded here (about 200 MB at most).
 */
export const IMPORT_LIMITS = {
  /** Columns of the header (the first row with a value). */
  columns: 1_000,
  /** Cells staged: data rows × header columns. */
  cells: 250_000_000,
  /** Characters of one xlsx cell (Excel's own limit, also the export's). */
  cellChars: 32_767,
} as const

/** The limits that follow the configured rows and inflated size. */
export interface ImportLimits {
  /** Data rows (IMPORT_MAX_ROWS, 5,000,000 by default). */
  maxRows: number
  /** Bytes inflated from an xlsx's zip (all its parts), and a zip's shapefile (IMPORT_UNZIPPED_MB). */
  unzippedMb: number
  unzippedBytes: number
  /** XML elements of the xlsx's parts read (a cell with its value is two or three): 200 a row. */
  xmlElements: number
  /** Entries of an xlsx's shared-strings table (between 1 and 2 million), 50 characters each. */
  sharedStrings: number
  sharedStringChars: number
}

export function importLimits(config: {
  importMaxRows: number
  importUnzippedMb: number
}): ImportLimits {
  const sharedStrings = Math.min(2_000_000, Math.max(1_000_000, config.importMaxRows * 20))
  return {
    maxRows: config.importMaxRows,
    unzippedMb: config.importUnzippedMb,
    unzippedBytes: config.importUnzippedMb * 1024 * 1024,
    xmlElements: Math.max(20_000_000, config.importMaxRows * 200),
    sharedStrings,
    sharedStringChars: sharedStrings * 50,
  }
}

/** A number as Brazilians write it (50.000). */
export const ptNumber = (n: number) => n.toLocaleString('pt-BR')

/** The Portuguese 400 that names the limit a file passed. */
export function limitError(key: MessageKey, max: number): HttpError {
  return new HttpError(400, t(key, { max: ptNumber(max) }))
}
