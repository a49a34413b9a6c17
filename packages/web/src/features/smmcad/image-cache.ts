import { IMAGE_CACHE_SIZE, LruCache, cameraImageUrl } from './viewer-logic'

interface Cached {
  /** Set once decoded: drawable at once. */
  image?: HTMLImageElement
  promise: Promise<HTMLImageElement>
}

/**
 * The viewer's camera images, decoded, the 20 most recently used (spec 2 §9), shared by the
 * panels (keyed by frame path and level, not by token: the same picture for any session).
 */
const cache = new LruCache<string, Cached>(IMAGE_CACHE_SIZE)

const keyOf = (path: string, level: number) => `${path}|${level}`

/** The level the panels drew at last: the one worth fetching ahead. */
let lastLevel = 0

/** The panels say the level they draw at. */
export function noteDrawLevel(level: number): void {
  lastLevel = level
}

/**
 * Fetches ahead the images of frames the viewer may show next (the neighbouring events), at
 * the level the panels draw at, so that a step finds them decoded.
 */
export function prefetchCameraImages(
  base: string,
  paths: readonly string[],
  token: string | null,
): void {
  for (const path of paths)
    void loadCameraImage(base, path, lastLevel, token).catch(() => undefined)
}

/** The image of a frame at a level if it is decoded already (it becomes the most recent). */
export function readyCameraImage(path: string, level: number): HTMLImageElement | undefined {
  return cache.get(keyOf(path, level))?.image
}

/** Loads (once) and decodes the image of a frame at a level. A failure is forgotten. */
export function loadCameraImage(
  base: string,
  path: string,
  level: number,
  token: string | null,
): Promise<HTMLImageElement> {
  const key = keyOf(path, level)
  const hit = cache.get(key)
  if (hit) return hit.promise
  const image = new Image()
  image.decoding = 'async'
  const entry: Cached = {
    promise: new Promise<HTMLImageElement>((resolve, reject) => {
      image.onload = () => {
        image
          .decode()
          .catch(() => undefined)
          .then(() => {
            entry.image = image
            resolve(image)
          })
      }
      image.onerror = () => {
        if (cache.peek(key) === entry) cache.delete(key)
        reject(new Error(`camera image ${key}`))
      }
    }),
  }
  entry.promise.catch(() => undefined)
  cache.set(key, entry)
  image.src = cameraImageUrl(base, path, level, token)
  return entry.promise
}
