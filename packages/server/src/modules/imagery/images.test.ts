import http from 'node:http'
import { CAMERA_LEVEL_SCALES, imagePaths } from '@gis/shared'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import { writeSetting } from '../config/config.sql'
import { cameraLevels, panoramaCols, panoramaPyramid } from './image-pyramid'
import { insertEvents, insertFrames, insertSurvey } from './imagery.sql'
import { frameSvg } from './render/demo-frame'
import { panoramaSvg } from './render/demo-panorama'
import { nextWholeKm } from './render/scene'
import { budget } from '../../../test/slowdown'

const t = useTestApp()

const survey = `teste-imagens-${Date.now()}`
let dir = ''
let eventId = 0
let framePath = ''

/** An image request as the browser sends it: the bytes, status and headers. */
async function get(
  path: string,
  headers: Record<string, string> = {},
  token: string | null = t.user,
) {
  const h: Record<string, string> = { ...headers }
  if (token) h.authorization = `Bearer ${token}`
  const res = await fetch(`${t.baseUrl}/api/images/${path}`, { headers: h })
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers.entries()),
    body: Buffer.from(await res.arrayBuffer()),
  }
}

/** A GET with its path sent exactly as written (fetch would resolve '..' segments). */
function rawPath(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.baseUrl)
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: url.hostname,
          port: url.port,
          path,
          headers: { authorization: `Bearer ${t.user}` },
        },
        (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode!, body }))
        },
      )
      .on('error', reject)
  })
}

async function size(jpeg: Buffer) {
  const meta = await sharp(jpeg).metadata()
  return { format: meta.format, width: meta.width, height: meta.height }
}

beforeAll(async () => {
  await writeSetting(t.db, 'modules', ['orbit'])
  const surveyId = await insertSurvey(t.db, { name: survey, date: '2025-03-18', source: 'demo' })
  dir = `demo/${surveyId}`
  const ids = await insertEvents(t.db, surveyId, [
    {
      road: 'SP-280',
      way: 'Crescente',
      km: 13.25,
      capturedAt: '2025-03-18T13:42:10Z',
      lon: -46.8,
      lat: -23.5,
      azimuth: 290,
      weekGps: 2358,
      secondGps: 222148,
      orbitEventId: 'x',
      orbitEventDir: 'x',
      panoWidth: 4096,
      panoCols: 8,
    },
  ])
  eventId = ids[0]!
  // The event's own id names its panorama, as the seed does.
  await t.db.query(
    'UPDATE app.imagery_events SET orbit_event_id = $1, orbit_event_dir = $2 WHERE id = $3',
    [String(eventId), dir, eventId],
  )
  framePath = `${dir}/${eventId}/1`
  await insertFrames(t.db, [
    {
      eventId,
      cameraId: 1,
      path: framePath,
      width: 1920,
      height: 1080,
      fovGeometry: null,
      rotation: 0,
    },
    {
      eventId,
      cameraId: 2,
      path: `${dir}/${eventId}/2`,
      width: 1920,
      height: 1080,
      fovGeometry: null,
      rotation: 90,
    },
  ])
})

describe('demo images, drawn on first request and kept', () => {
  it('serves a panorama base and its tiles, drawing it once for concurrent first requests', async () => {
    const base = imagePaths.panorama(dir, String(eventId))
    const [a, b, tile] = await Promise.all([
      get(base),
      get(base),
      get(imagePaths.panoramaTile(dir, String(eventId), 3, 1)),
    ])
    for (const res of [a, b, tile]) {
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    }
    expect(a.headers.etag).toMatch(/^"[0-9a-f]{64}"$/)
    expect(b.headers.etag).toBe(a.headers.etag)
    expect(await size(a.body)).toEqual({ format: 'jpeg', width: 2048, height: 1024 })
    expect(await size(tile.body)).toEqual({ format: 'jpeg', width: 512, height: 512 })
    // Every tile of the 8 × 4 grid, and the base, stored once.
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app.imagery_images WHERE path LIKE $1',
      [`panoramas/${dir}/%`],
    )
    expect(rows[0]!.n).toBe(33)
    const last = await get(imagePaths.panoramaTile(dir, String(eventId), 7, 3))
    expect(last.status).toBe(200)
    expect((await get(imagePaths.panoramaTile(dir, String(eventId), 8, 0))).status).toBe(404)
  })

  it('draws the road ahead at the centre of the panorama and the sky above', async () => {
    const base = await get(imagePaths.panorama(dir, String(eventId)))
    const { data } = await sharp(base.body).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number): [number, number, number] => {
      const i = (y * 2048 + x) * 3
      return [data[i]!, data[i + 1]!, data[i + 2]!]
    }
    // Straight ahead, a little below the horizon: asphalt (grey), and grass to the right.
    const road = pixel(1000, 560)
    expect(Math.max(...road) - Math.min(...road)).toBeLessThan(20)
    const verge = pixel(1400, 560)
    expect(verge[1]).toBeGreaterThan(verge[2] + 30)
    const sky = pixel(1024, 100)
    expect(sky[2]).toBeGreaterThan(sky[0] + 40)
  })

  it('serves the 5 levels of a camera frame, scaled 0.2 … 1', async () => {
    for (const [level, scale] of CAMERA_LEVEL_SCALES.entries()) {
      const res = await get(imagePaths.camera(framePath, level))
      expect(res.status).toBe(200)
      expect(await size(res.body)).toEqual({
        format: 'jpeg',
        width: Math.round(1920 * scale),
        height: Math.round(1080 * scale),
      })
    }
  })

  it('answers 304 to a matching If-None-Match and the same stored image again', async () => {
    const path = imagePaths.camera(framePath, 2)
    const first = await get(path)
    const again = await get(path, { 'if-none-match': first.headers.etag! })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    const started = Date.now()
    const stored = await get(path, { 'if-none-match': '"other"' })
    expect(stored.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(budget(1000))
    expect(stored.headers.etag).toBe(first.headers.etag)
    expect(stored.body.equals(first.body)).toBe(true)
  })

  it('takes the session as ?token= and refuses an anonymous caller', async () => {
    const path = imagePaths.camera(framePath, 0)
    const byToken = await get(`${path}?token=${t.user}`, {}, null)
    expect(byToken.status).toBe(200)
    expect((await get(path, {}, null)).status).toBe(401)
  })

  it('answers 404 to an unknown image, 400 to a path that climbs, both in Portuguese', async () => {
    const unknown = await get(`cameras/${dir}/999999/1/0.jpg`)
    expect(unknown.status).toBe(404)
    expect(JSON.parse(unknown.body.toString()).message).toBe('Imagem não encontrada.')
    expect((await get(`panoramas/${dir}/${eventId}.png`)).status).toBe(404)
    expect((await get('whatever.jpg')).status).toBe(404)
    for (const path of [
      `/api/images/cameras/${dir}/../../1/0.jpg`,
      `/api/images/cameras/${dir}/%2e%2e/%2e%2e/1/0.jpg`,
      `/api/images/panoramas/${dir}/..%2f..%2f${eventId}.jpg`,
      `/api/images/cameras/${dir}//1/0.jpg`,
    ]) {
      const climb = await rawPath(path)
      expect(climb.status, path).toBe(400)
      expect(JSON.parse(climb.body).message).toBe('Caminho de imagem inválido.')
    }
  })

  it('answers 404 while the modules orbit and smmcad are both off', async () => {
    const path = imagePaths.camera(framePath, 0)
    await writeSetting(t.db, 'modules', ['documents'])
    try {
      expect((await get(path)).status).toBe(404)
      await writeSetting(t.db, 'modules', ['smmcad'])
      expect((await get(path)).status).toBe(200)
    } finally {
      await writeSetting(t.db, 'modules', ['orbit'])
    }
  })
})

describe('the seeded demo surveys', () => {
  it('draws a seeded event’s panorama and camera frames on first request', async () => {
    const { rows } = await t.db.query<{ dir: string; id: string; path: string; km: number }>(
      `SELECT e.orbit_event_dir AS dir, e.orbit_event_id AS id, f.path, e.km
       FROM app.imagery_events e JOIN app.imagery_surveys s ON s.id = e.survey_id
       JOIN app.imagery_frames f ON f.event_id = e.id AND f.camera_id = 1
       WHERE s.source = 'demo' AND s.name = '2025-03' AND e.road = 'SP-280'
         AND e.way = 'Crescente' AND e.orbit_event_id IS NOT NULL
       ORDER BY abs(e.km - 13.5) LIMIT 1`,
    )
    const seeded = rows[0]!
    const base = await get(imagePaths.panorama(seeded.dir, seeded.id))
    expect(base.status).toBe(200)
    expect(await size(base.body)).toEqual({ format: 'jpeg', width: 2048, height: 1024 })
    const front = await get(imagePaths.camera(seeded.path, 4))
    expect(front.status).toBe(200)
    expect(await size(front.body)).toEqual({ format: 'jpeg', width: 1920, height: 1080 })
  })
})

describe('image pyramid', () => {
  /** Four colour quadrants, to check where each tile comes from. */
  const quadrants = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: { create: { width: w / 2, height: h / 2, channels: 3, background: '#00ff00' } },
          left: w / 2,
          top: 0,
        },
        {
          input: { create: { width: w / 2, height: h / 2, channels: 3, background: '#0000ff' } },
          left: 0,
          top: h / 2,
        },
      ])
      .png()
      .toBuffer()

  const mean = async (jpeg: Buffer) =>
    (await sharp(jpeg).stats()).channels.map((c) => Math.round(c.mean))

  it('cuts a panorama into 512 px tiles of a power-of-two grid, rows = cols / 2', async () => {
    expect([700, 1024, 2048, 4096, 5376, 8192, 12000].map(panoramaCols)).toEqual([
      0, 2, 4, 8, 8, 16, 16,
    ])
    const pyramid = await panoramaPyramid(await quadrants(3000, 1400))
    expect(pyramid.width).toBe(2048)
    expect(pyramid.cols).toBe(4)
    expect(pyramid.tiles.map((t) => `${t.col}_${t.row}`)).toEqual([
      '0_0',
      '1_0',
      '2_0',
      '3_0',
      '0_1',
      '1_1',
      '2_1',
      '3_1',
    ])
    expect(await size(pyramid.base)).toEqual({ format: 'jpeg', width: 2048, height: 1024 })
    const tile = (col: number, row: number) =>
      pyramid.tiles.find((t) => t.col === col && t.row === row)!.buffer
    expect(await size(tile(3, 1))).toEqual({ format: 'jpeg', width: 512, height: 512 })
    const near = (got: number[], want: number[]) =>
      got.forEach((v, i) => expect(Math.abs(v - want[i]!)).toBeLessThan(12))
    near(await mean(tile(0, 0)), [255, 0, 0])
    near(await mean(tile(3, 0)), [0, 255, 0])
    near(await mean(tile(1, 1)), [0, 0, 255])
    near(await mean(tile(2, 1)), [255, 0, 0])
  })

  it('makes a camera image’s 5 levels', async () => {
    const levels = await cameraLevels(await quadrants(1000, 600))
    expect(levels.map((l) => [l.level, l.width, l.height])).toEqual([
      [0, 200, 120],
      [1, 400, 240],
      [2, 600, 360],
      [3, 800, 480],
      [4, 1000, 600],
    ])
    for (const l of levels) {
      expect(await size(l.buffer)).toEqual({ format: 'jpeg', width: l.width, height: l.height })
    }
  })
})

describe('demo drawings', () => {
  const event = {
    eventId: 12,
    road: 'SP-280',
    way: 'Crescente',
    km: 13.25,
    capturedAt: '2025-03-18T13:42:10Z',
    surveyName: '2025-03',
    surveyDate: '2025-03-18',
  }

  it('puts the next whole km ahead on the board, with its distance, in both ways', () => {
    expect(nextWholeKm(13.25, 'Crescente')).toEqual({ km: 14, distance: 750 })
    expect(nextWholeKm(13, 'Crescente')).toEqual({ km: 14, distance: 1000 })
    expect(nextWholeKm(31.015, 'Decrescente')).toEqual({ km: 31, distance: 15 })
    expect(nextWholeKm(31, 'Decrescente')).toEqual({ km: 30, distance: 1000 })
    const svg = panoramaSvg(event)
    expect(svg).toContain('>km 14</text>')
    expect(svg).toContain('>750 m</text>')
    expect(svg).toContain('SP-280 · Sentido Crescente · km 13,250')
    expect(svg).toContain('Levantamento 2025-03 · 18/03/2025')
  })

  it('draws the same event the same way every time, and each camera its own view', () => {
    expect(panoramaSvg(event)).toBe(panoramaSvg({ ...event }))
    const front = frameSvg({ ...event, cameraId: 1, rotation: 0 })
    expect(front).toBe(frameSvg({ ...event, cameraId: 1, rotation: 0 }))
    expect(front).toContain('Câmera 1 (frente) · SP-280 · Sentido Crescente · km 13,250')
    // 13:42:10 UTC is 10:42:10 in São Paulo.
    expect(front).toContain('Levantamento 2025-03 · 18/03/2025 10:42:10')
    expect(front).toContain('>km 14</text>')
    const right = frameSvg({ ...event, cameraId: 2, rotation: 90 })
    expect(right).toContain('Câmera 2 (direita)')
    expect(right).toContain('>CRESCENTE</text>')
    expect(frameSvg({ ...event, cameraId: 3, rotation: 180 })).not.toContain('>km 14</text>')
  })
})

describe('the demo imagery drawn after start (issue 42)', () => {
  it("draws the first demo events' panoramas and camera frames once, so the viewers do not wait", async () => {
    const { imagesService } = await import('./images.service')
    const { openStorage } = await import('../../storage/open-storage')
    const storage = await openStorage(t.config.storage, t.dataDir)
    const images = imagesService({ db: t.db, storage })
    const { rows: first } = await t.db.query<{ dir: string; id: string; frames: number }>(
      `SELECT e.orbit_event_dir AS dir, e.orbit_event_id AS id,
              (SELECT count(*)::int FROM app.imagery_frames f WHERE f.event_id = e.id) AS frames
         FROM app.imagery_events e JOIN app.imagery_surveys s ON s.id = e.survey_id
        WHERE s.source = 'demo' ORDER BY e.id LIMIT 2`,
    )
    expect(first.length).toBe(2)
    const drawn = await images.warmDemo(2)
    // A panorama and its frames per event (some may have been asked for by other tests).
    expect(drawn).toBeLessThanOrEqual(first.reduce((n, e) => n + 1 + e.frames, 0))
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app.imagery_images WHERE path = $1',
      [imagePaths.panorama(first[0]!.dir, first[0]!.id)],
    )
    expect(rows[0]!.n).toBe(1)
    // Drawn: a second warm-up draws nothing, and the viewer's request is served at once.
    expect(await images.warmDemo(2)).toBe(0)
    const res = await get(imagePaths.panorama(first[0]!.dir, first[0]!.id))
    expect(res.status).toBe(200)
  })
})
