import { t, type MessageKey } from '@gis/shared'
import { HttpError } from '../../http/errors'

/**
 * What an uploaded file may hold once read (decision 68), besides the upload's 20 MB and
 * 50,000 data rows (dataloader.service.ts): a file is read as a stream and refused as soon as
 * it passes one of these, so memory stays bounded whatever the file says.
 */
export const IMPORT_LIMITS = {
  /** Bytes inflated from an xlsx's zip (all the parts read), and a shapefile's csv from GDAL. */
  unzippedMb: 200,
  /** Columns of the header (the first row with a value). */
  columns: 1_000,
  /** XML elements of the xlsx's parts read (a cell with its value is two or three). */
  xmlElements: 20_000_000,
  /** Cells kept: data rows × header columns. */
  cells: 5_000_000,
  /** Entries of an xlsx's shared-strings table, and their characters together. */
  sharedStrings: 1_000_000,
  sharedStringChars: 50_000_000,
  /** Characters of one xlsx cell (Excel's own limit, also the export's). */
  cellChars: 32_767,
} as const

export const UNZIPPED_MAX_BYTES = IMPORT_LIMITS.unzippedMb * 1024 * 1024

/** A number as Brazilians write it (50.000). */
export const ptNumber = (n: number) => n.toLocaleString('pt-BR')

/** The Portuguese 400 that names the limit a file passed. */
export function limitError(key: MessageKey, max: number): HttpError {
  return new HttpError(400, t(key, { max: ptNumber(max) }))
}
