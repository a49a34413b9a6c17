import type { Frame, ViewerEntry } from '@gis/shared/imagery'
import { CAMERA_LEVEL_SCALES, imagePaths } from '@gis/shared/imagery'

/**
 * The event viewer's pure rules (spec 2 §4.4, §9): the detail level of a camera image by the
 * scale it is drawn at, the cache of images, the order of the neighbours and of the cameras,
 * and the texts of a position.
 */

/** Images kept in memory (spec 2 §9). */
export const IMAGE_CACHE_SIZE = 20
/** A wheel tick zooms the camera by this factor (out; its inverse in). */
export const WHEEL_ZOOM_FACTOR = 0.8
/** The map never shows an event further out than this zoom. */
export const EVENT_MIN_ZOOM = 19
/** The map's size is followed at most every 100 ms. */
export const MAP_RESIZE_THROTTLE_MS = 100
/** The first event the viewer opens (spec 2 §7.1). */
export const FIRST_EVENT_ID = 1
/** Camera zoom bounds (drawn pixels per image pixel). */
export const MIN_CAMERA_SCALE = 0.02
export const MAX_CAMERA_SCALE = 16

/**
 * The detail level to load for an image drawn at `scale` screen pixels per image pixel: the
 * first level whose scale (0.2, 0.4, 0.6, 0.8, 1) is at least the drawn one, the full image
 * past 1.
 */
export function levelForScale(scale: number): number {
  const i = CAMERA_LEVEL_SCALES.findIndex((s) => scale <= s)
  return i < 0 ? CAMERA_LEVEL_SCALES.length - 1 : i
}

/** A camera image's address: imageServerUrl + cameras/<path>/<level>.jpg, with `?token=`. */
export function cameraImageUrl(
  base: string,
  framePath: string,
  level: number,
  token: string | null,
): string {
  const url = `${base.replace(/\/$/, '')}/${imagePaths.camera(framePath, level)}`
  return token ? `${url}?token=${encodeURIComponent(token)}` : url
}

/** A panorama's base image and tile addresses, with `?token=`. */
export function panoramaUrls(
  base: string,
  dir: string,
  id: string,
  token: string | null,
): { base: string; tile: (col: number, row: number) => string } {
  const root = base.replace(/\/$/, '')
  const q = token ? `?token=${encodeURIComponent(token)}` : ''
  return {
    base: `${root}/${imagePaths.panorama(dir, id)}${q}`,
    tile: (col, row) => `${root}/${imagePaths.panoramaTile(dir, id, col, row)}${q}`,
  }
}

/** A cache that forgets the least recently used entry past `capacity` (`onEvict` is told). */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>()
  constructor(
    readonly capacity: number = IMAGE_CACHE_SIZE,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size
  }

  has(key: K): boolean {
    return this.entries.has(key)
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined
    const value = this.entries.get(key)!
    this.entries.delete(key)
    this.entries.set(key, value)
    return value
  }

  /** Reads without changing the order. */
  peek(key: K): V | undefined {
    return this.entries.get(key)
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.capacity) {
      const [oldest, old] = this.entries.entries().next().value as [K, V]
      this.entries.delete(oldest)
      this.onEvict?.(oldest, old)
    }
  }

  delete(key: K): void {
    this.entries.delete(key)
  }

  keys(): K[] {
    return [...this.entries.keys()]
  }
}

/** The neighbours in the order the keys step through them: weekGps, then secondGps. */
export function sortByGpsTime(entries: readonly ViewerEntry[]): ViewerEntry[] {
  return [...entries].sort(
    (a, b) =>
      a.event.weekGps - b.event.weekGps ||
      a.event.secondGps - b.event.secondGps ||
      a.event.id - b.event.id,
  )
}

export type Step = { kind: 'event'; entry: ViewerEntry } | { kind: 'end' }

/**
 * The event after (`+1`, ArrowUp) or before (`-1`, ArrowDown) the current one among the
 * neighbours sorted by GPS time; `end` at either end of the list (or when the current event
 * is not in it), where the viewer reloads the current event's neighbours.
 */
export function stepEvent(
  sorted: readonly ViewerEntry[],
  currentId: number,
  direction: 1 | -1,
): Step {
  const i = sorted.findIndex((e) => e.event.id === currentId)
  const next = i < 0 ? undefined : sorted[i + direction]
  return next ? { kind: 'event', entry: next } : { kind: 'end' }
}

/** The frames in camera order: by rotation relative to the inertial unit. */
export function sortFrames(frames: readonly Frame[]): Frame[] {
  return [...frames].sort(
    (a, b) => a.rotationcamrelativeimu - b.rotationcamrelativeimu || a.cameraId - b.cameraId,
  )
}

/** The next (`+1`) or previous (`-1`) camera, wrapping around. */
export function cycleCamera(index: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return 0
  return (((index + direction) % count) + count) % count
}

const KM = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

/** A km as Brazilians write it: 13,456 (1.234,500). */
export function formatKm(km: number): string {
  return KM.format(km)
}

/** Latitude and longitude with the 6 decimals the closest-event call takes. */
export function closestQuery(lat: number, lon: number): string {
  return `lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}`
}

export interface CameraView {
  /** Screen pixels per image pixel (of the full-size frame). */
  scale: number
  /** Where the image's top-left corner is drawn, in canvas pixels. */
  x: number
  y: number
}

/** The whole image in the canvas, centred. */
export function fitView(width: number, height: number, canvasW: number, canvasH: number) {
  const scale = Math.min(canvasW / width, canvasH / height)
  return { scale, x: (canvasW - width * scale) / 2, y: (canvasH - height * scale) / 2 }
}

/** Zooms by `factor` keeping the image point under (px, py) where it is. */
export function zoomAt(view: CameraView, factor: number, px: number, py: number): CameraView {
  const scale = Math.min(MAX_CAMERA_SCALE, Math.max(MIN_CAMERA_SCALE, view.scale * factor))
  const k = scale / view.scale
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k }
}

/** The zoom factor of a wheel event: 0.8 per tick outwards (down), 1/0.8 inwards. */
export function wheelFactor(deltaY: number): number {
  if (deltaY === 0) return 1
  return deltaY > 0 ? WHEEL_ZOOM_FACTOR : 1 / WHEEL_ZOOM_FACTOR
}
