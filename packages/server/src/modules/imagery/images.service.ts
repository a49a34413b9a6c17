import type { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { imagePaths, t } from '@gis/shared'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import type { BlobStorage } from '../../storage/file-storage'
import { storeCameraImage, storePanorama } from './image-pyramid'
import {
  findFrame,
  findImage,
  findPanoramaEvent,
  firstDemoEvents,
  type ImageRow,
} from './images.sql'
import { renderDemoFrame } from './render/demo-frame'
import { renderDemoPanorama } from './render/demo-panorama'

/**
 * The street-level images under /api/images (spec 2 §7.1): each stored image by its path, and
 * the demo surveys' images drawn on their first request, stored, and kept.
 */

export interface ImagesDeps {
  db: Queryable
  storage: BlobStorage
  log?: FastifyBaseLogger
}

export interface ImageAnswer {
  stream: Readable
  size: number
  /** SHA-256 of the bytes (hex). */
  etag: string
}

const notFound = () => new HttpError(404, t('imagery.images.notFound'))
const badPath = () => new HttpError(400, t('imagery.images.badPath'))

/** What a path names: a camera level, a panorama's base or one of its tiles. */
export type ImagePath =
  | { kind: 'camera'; framePath: string; level: number }
  | { kind: 'panorama'; dir: string; id: string }
  | { kind: 'tile'; dir: string; id: string; col: number; row: number }

/**
 * Checks a path's shape: relative, no empty, '.' or '..' segment, no backslash or control
 * character (400 otherwise); answers what it may name, or undefined.
 */
export function parseImagePath(path: string): ImagePath[] {
  // eslint-disable-next-line no-control-regex
  if (path.length > 1000 || /[\\\u0000-\u001f\u007f]/.test(path)) throw badPath()
  if (path.split('/').some((s) => s === '' || s === '.' || s === '..')) throw badPath()
  const out: ImagePath[] = []
  const camera = /^cameras\/(.+)\/([0-4])\.jpg$/.exec(path)
  if (camera) out.push({ kind: 'camera', framePath: camera[1]!, level: Number(camera[2]) })
  const tile = /^panoramas\/(.+)\/([^/]+)\/tiles\/(\d{1,3})_(\d{1,3})\.jpg$/.exec(path)
  if (tile) {
    out.push({
      kind: 'tile',
      dir: tile[1]!,
      id: tile[2]!,
      col: Number(tile[3]),
      row: Number(tile[4]),
    })
  }
  const panorama = /^panoramas\/(.+)\/([^/]+)\.jpg$/.exec(path)
  if (panorama) out.push({ kind: 'panorama', dir: panorama[1]!, id: panorama[2]! })
  return out
}

export function imagesService(deps: ImagesDeps) {
  // The renders under way in this process, by camera frame or panorama: concurrent first
  // requests (a panorama's base and its tiles) wait for the one render.
  const rendering = new Map<string, Promise<void>>()

  const once = (key: string, render: () => Promise<void>): Promise<void> => {
    let running = rendering.get(key)
    if (!running) {
      running = render().finally(() => rendering.delete(key))
      rendering.set(key, running)
    }
    return running
  }

  /** Draws and stores a demo event's images for what `path` names; false when it is none. */
  async function renderDemo(target: ImagePath): Promise<boolean> {
    if (target.kind === 'camera') {
      const frame = await findFrame(deps.db, target.framePath)
      if (!frame || frame.surveySource !== 'demo') return false
      // Drawn already (its last level is stored last): the path names no level of it.
      if (await findImage(deps.db, imagePaths.camera(target.framePath, 4))) return false
      await once(`cameras/${target.framePath}`, async () => {
        const started = Date.now()
        const jpeg = await renderDemoFrame(frame)
        await storeCameraImage(deps, target.framePath, jpeg)
        deps.log?.info({ path: target.framePath, ms: Date.now() - started }, 'demo camera frame')
      })
      return true
    }
    const event = await findPanoramaEvent(deps.db, target.dir, target.id)
    if (!event || event.surveySource !== 'demo') return false
    // Drawn already (its base is stored last): the path names no tile of it.
    if (await findImage(deps.db, imagePaths.panorama(target.dir, target.id))) return false
    await once(`panoramas/${target.dir}/${target.id}`, async () => {
      const started = Date.now()
      const image = await renderDemoPanorama(event)
      await storePanorama(deps, target.dir, target.id, image)
      deps.log?.info({ dir: target.dir, id: target.id, ms: Date.now() - started }, 'demo panorama')
    })
    return true
  }

  /** The stored image of a path, the demo's drawn first when needed; 404 when none. */
  async function image(path: string): Promise<ImageRow> {
    const targets = parseImagePath(path)
    if (targets.length === 0) throw notFound()
    const stored = await findImage(deps.db, path)
    if (stored) return stored
    for (const target of targets) {
      if (await renderDemo(target)) {
        const drawn = await findImage(deps.db, path)
        if (drawn) return drawn
      }
    }
    throw notFound()
  }

  return {
    /**
     * Draws the first demo events' panoramas and camera frames, one after the other, so that
     * the viewers' first screens (they open event 1) do not wait for them (issue 42); what is
     * drawn already is skipped. Answers how many images it drew.
     */
    async warmDemo(events: number): Promise<number> {
      let drawn = 0
      for (const e of await firstDemoEvents(deps.db, events)) {
        const targets: ImagePath[] = e.frames.map((framePath) => ({
          kind: 'camera',
          framePath,
          level: 0,
        }))
        if (e.dir && e.id) targets.unshift({ kind: 'panorama', dir: e.dir, id: e.id })
        for (const target of targets) if (await renderDemo(target)) drawn++
      }
      return drawn
    },
    /** The stored image of a path. */
    find: image,
    /** A stored image's bytes. */
    async open(row: ImageRow): Promise<ImageAnswer> {
      const file = await deps.storage.get(row.storageKey)
      if (!file) throw notFound()
      return { stream: file.stream, size: file.size, etag: row.etag }
    },
  }
}

export type ImagesService = ReturnType<typeof imagesService>
