/** Constants of the spec for features (no zod here: the web shell imports this file). */

import { formatBrNumber } from './br-values'

/** Rows per page of the feature window's ITENS tab (default 10). */
export const FEATURE_ITEMS_PAGE_SIZES = [5, 10, 20] as const
export const FEATURE_ITEMS_DEFAULT_PAGE_SIZE = 10
/** Most ids one `POST /api/features/{layer}/geometries` may ask for. */
export const MAX_GEOMETRY_IDS = 10_000
/** Most features `POST /api/features/{layer}/geometries/search` answers. */
export const MAX_GEOMETRY_SEARCH = 10_000
/** Longest WKT accepted for a feature's geometry (characters). */
export const MAX_WKT_LENGTH = 2_000_000
/** Default feature zoom, maximum fit zoom, and the fit zoom after editing a geometry as text. */
export const FEATURE_ZOOM = 15
export const FEATURE_FIT_MAX_ZOOM = 21
export const FEATURE_WKT_FIT_ZOOM = 15
/** Dates of feature attributes: year at least 1900 (spec 1 section 5). */
export const MIN_ATTRIBUTE_YEAR = 1900
/** Text inputs of the feature form emit their change 300 ms after typing stops. */
export const FEATURE_FORM_TEXT_DELAY_MS = 300
/** Camera capture: 1280x720, facing the environment, saved as foto1.png, 0.5 s flash. */
export const CAMERA_CAPTURE = {
  width: 1280,
  height: 720,
  facingMode: 'environment',
  fileName: 'foto1.png',
  flashMs: 500,
} as const
/** Extensions by which an attachment is an image (besides an image content type). */
export const IMAGE_EXTENSIONS = ['bmp', 'jpg', 'jpeg', 'gif', 'png'] as const
/** Longest attachment description and file name kept. */
export const MAX_ATTACHMENT_DESCRIPTION = 500
export const MAX_ATTACHMENT_FILENAME = 255

/** Whether an attachment is shown as an image: by content type, or by the spec's extensions. */
export function isImageAttachment(a: { contentType: string; filename: string }): boolean {
  if (/^image\/(png|jpeg|gif|bmp|webp)$/i.test(a.contentType)) return true
  const ext = /\.([a-z0-9]+)$/i.exec(a.filename)?.[1]?.toLowerCase()
  return !!ext && (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
}

const sizeNumber = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** A file size in B, KB, MB or GB (1024 units, 2 decimals), written the Brazilian way: `1,50 MB`. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${formatBrNumber(value)} B` : `${sizeNumber.format(value)} ${units[unit]}`
}
