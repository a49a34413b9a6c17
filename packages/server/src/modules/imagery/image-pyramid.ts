import { CAMERA_LEVEL_SCALES, imagePaths } from '@gis/shared'
import sharp, { type Sharp } from 'sharp'
import type { Queryable } from '../../db/types'
import type { BlobStorage } from '../../storage/file-storage'
import { insertImage } from './images.sql'

/**
 * The multi-resolution forms of the street-level images (issue 29), made with sharp:
 * - a camera frame: 5 JPEG levels, level i scaled by CAMERA_LEVEL_SCALES[i] (0.2 … 1), which
 *   the event viewer picks by its zoom (spec 2 §9);
 * - a panorama: a base image at most 2048 px wide that opens at once, and the tiles of the full
 *   resolution as Photo Sphere Viewer's equirectangular tiles adapter (5.15) reads them: the
 *   full width `cols × 512`, height width / 2, `cols` a power of two, rows = cols / 2, so
 *   every tile is a 512 × 512 square; tile (col, row) covers x from col × 512 and y from
 *   row × 512 (the adapter's colSize = width / cols, rowSize = width / 2 / rows).
 */

export const JPEG_QUALITY = 85
export const PANORAMA_TILE_SIZE = 512
export const PANORAMA_BASE_MAX_WIDTH = 2048
/** The adapter's sphere has 64 segments: at most 64 columns; 32 keep a tile under 16k px. */
const MAX_COLS = 32

export interface CameraLevel {
  level: number
  buffer: Buffer
  width: number
  height: number
}

export interface PanoramaPyramid {
  /** Full width of the tiled panorama (cols × 512), or of the base when there are no tiles. */
  width: number
  /** Tile columns (power of two, ≥ 2); 0 when the source is too small to tile. */
  cols: number
  base: Buffer
  tiles: { col: number; row: number; buffer: Buffer }[]
}

const jpeg = (image: Sharp) =>
  image.jpeg({ quality: JPEG_QUALITY, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer()

/** Raw RGB pixels (3 bytes a pixel), as a renderer hands them over without encoding them. */
export interface RawImage {
  data: Buffer
  width: number
  height: number
}

/** The source decoded once, upright (EXIF orientation applied), as raw RGB pixels. */
async function decode(source: Buffer | RawImage): Promise<RawImage> {
  if (!Buffer.isBuffer(source)) return source
  const { data, info } = await sharp(source, { limitInputPixels: 20_000 * 10_000 })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

const fromRaw = (data: Buffer, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 3 } })

/** A camera frame's 5 levels, from the smallest (0: scale 0.2) to the full size (4). */
export async function cameraLevels(source: Buffer | RawImage): Promise<CameraLevel[]> {
  const { data, width, height } = await decode(source)
  return Promise.all(
    CAMERA_LEVEL_SCALES.map(async (scale, level) => {
      const w = Math.max(1, Math.round(width * scale))
      const h = Math.max(1, Math.round(height * scale))
      const image = fromRaw(data, width, height)
      const buffer = await jpeg(scale === 1 ? image : image.resize(w, h, { fit: 'fill' }))
      return { level, buffer, width: w, height: h }
    }),
  )
}

/**
 * Tile columns for a source width: the largest power of two whose 512 px tiles take at most
 * 25 % more than the source's pixels across (5376 → 8, 8192 → 16, 12000 → 16); 0 below 2.
 */
export function panoramaCols(sourceWidth: number): number {
  const ratio = (sourceWidth * 1.25) / PANORAMA_TILE_SIZE
  if (ratio < 2) return 0
  return Math.min(MAX_COLS, 2 ** Math.floor(Math.log2(ratio)))
}

/**
 * A panorama's base and tiles. The source is taken as equirectangular (360° × 180°); one that
 * is not 2:1 is stretched to 2:1, and its width brought to cols × 512.
 */
export async function panoramaPyramid(source: Buffer | RawImage): Promise<PanoramaPyramid> {
  const decoded = await decode(source)
  const cols = panoramaCols(decoded.width)
  const width =
    cols > 0 ? cols * PANORAMA_TILE_SIZE : Math.min(decoded.width, PANORAMA_BASE_MAX_WIDTH)
  const height = width / 2
  let full = decoded
  if (cols > 0 && (decoded.width !== width || decoded.height !== height)) {
    const { data, info } = await fromRaw(decoded.data, decoded.width, decoded.height)
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true })
    full = { data, width: info.width, height: info.height }
  }
  const baseWidth = Math.min(PANORAMA_BASE_MAX_WIDTH, width)
  const base = await jpeg(
    fromRaw(full.data, full.width, full.height).resize(baseWidth, Math.round(baseWidth / 2), {
      fit: 'fill',
    }),
  )
  const rows = cols / 2
  const cells: { col: number; row: number }[] = []
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) cells.push({ col, row })
  }
  const tiles = await Promise.all(
    cells.map(async ({ col, row }) => ({
      col,
      row,
      buffer: await jpeg(
        fromRaw(full.data, full.width, full.height).extract({
          left: col * PANORAMA_TILE_SIZE,
          top: row * PANORAMA_TILE_SIZE,
          width: PANORAMA_TILE_SIZE,
          height: PANORAMA_TILE_SIZE,
        }),
      ),
    })),
  )
  return { width: cols > 0 ? width : baseWidth, cols, base, tiles }
}

export interface ImageStoreDeps {
  db: Queryable
  storage: BlobStorage
}

/**
 * Stores one image under its public path: the bytes in the blob storage, a row in
 * app.imagery_images with their SHA-256 as ETag. When the path is stored already (another
 * request or process was first), the row stays as it was and the new bytes are deleted.
 */
export async function storeImage(deps: ImageStoreDeps, path: string, buffer: Buffer) {
  const stored = await deps.storage.put(buffer, { suffix: 'jpg' })
  const inserted = await insertImage(deps.db, {
    path,
    storageKey: stored.key,
    size: stored.size,
    etag: stored.sha256,
  })
  if (!inserted) await deps.storage.delete(stored.key)
}

/** Stores a camera frame's 5 levels (cameras/<framePath>/<level>.jpg); answers its full size. */
export async function storeCameraImage(
  deps: ImageStoreDeps,
  framePath: string,
  source: Buffer | RawImage,
): Promise<{ width: number; height: number }> {
  const levels = await cameraLevels(source)
  for (const l of levels) await storeImage(deps, imagePaths.camera(framePath, l.level), l.buffer)
  const full = levels[levels.length - 1]!
  return { width: full.width, height: full.height }
}

/**
 * Stores a panorama's base (panoramas/<dir>/<id>.jpg) and tiles
 * (panoramas/<dir>/<id>/tiles/<col>_<row>.jpg); answers the event's pano_width and pano_cols.
 */
export async function storePanorama(
  deps: ImageStoreDeps,
  dir: string,
  id: string,
  source: Buffer | RawImage,
): Promise<{ width: number; cols: number }> {
  const pyramid = await panoramaPyramid(source)
  for (const t of pyramid.tiles) {
    await storeImage(deps, imagePaths.panoramaTile(dir, id, t.col, t.row), t.buffer)
  }
  // The base last: once it is stored, the whole panorama is.
  await storeImage(deps, imagePaths.panorama(dir, id), pyramid.base)
  return { width: pyramid.width, cols: pyramid.cols }
}
