import { t } from '@gis/shared'
import sharp from 'sharp'
import type { RawImage } from '../image-pyramid'
import { type DemoEvent, demoSeed, clipPolygon, facingCos } from './demo-panorama'
import { buildScene, hashText, paintOrder, type SceneItem, type Vec3 } from './scene'
import { brDateTime, brKm, clouds, hillProfile, n1, pathOf, textAt } from './svg'

/**
 * A demo camera frame: 1920 × 1080, the pinhole view (90° across, tilted 6° down) of the same
 * scene as the panorama, turned by the camera's rotation relative to the vehicle (0 ahead,
 * 90 right, 180 behind, 270 left), with the camera, road, km, survey, date and time written
 * in a band at the top.
 */

export const FRAME_WIDTH = 1920
export const FRAME_HEIGHT = 1080

export interface DemoFrame extends DemoEvent {
  cameraId: number
  /** Degrees clockwise from the vehicle's heading. */
  rotation: number
}

const HFOV = Math.PI / 2
const PITCH = (6 * Math.PI) / 180

interface Camera {
  W: number
  H: number
  f: number
  cos: number
  sin: number
}

/** A point in the camera's frame: depth, right, up. */
function toCamera(cam: Camera, p: Vec3): Vec3 {
  const d0 = p[0] * cam.cos + p[1] * cam.sin
  const right = -p[0] * cam.sin + p[1] * cam.cos
  const up0 = p[2]
  return [
    d0 * Math.cos(PITCH) - up0 * Math.sin(PITCH),
    right,
    d0 * Math.sin(PITCH) + up0 * Math.cos(PITCH),
  ]
}

const screen = (cam: Camera, c: Vec3): [number, number] => [
  cam.W / 2 + (cam.f * c[1]) / c[0],
  cam.H / 2 - (cam.f * c[2]) / c[0],
]

/** The polygon's visible part (clipped to a little more than the view), in pixels. */
function projectPolygon(cam: Camera, points: Vec3[]): [number, number][] {
  const kx = (cam.W / 2 / cam.f) * 1.2
  const ky = (cam.H / 2 / cam.f) * 1.2
  let poly = points.map((p) => toCamera(cam, p))
  poly = clipPolygon(poly, (c) => c[0] - 0.3)
  poly = clipPolygon(poly, (c) => kx * c[0] - c[1])
  poly = clipPolygon(poly, (c) => kx * c[0] + c[1])
  poly = clipPolygon(poly, (c) => ky * c[0] - c[2])
  poly = clipPolygon(poly, (c) => ky * c[0] + c[2])
  return poly.length >= 3 ? poly.map((c) => screen(cam, c)) : []
}

function visible(cam: Camera, c: Vec3): boolean {
  return c[0] > 0.3 && Math.abs(c[1] / c[0]) < 1.6 && Math.abs(c[2] / c[0]) < 1.2
}

function drawItem(cam: Camera, item: SceneItem): string {
  switch (item.kind) {
    case 'polygon': {
      const ring = projectPolygon(cam, item.points)
      return ring.length ? `<path d="${pathOf(ring)}" fill="${item.fill}"/>` : ''
    }
    case 'text': {
      const c = toCamera(cam, item.at)
      const facing = facingCos(item.normal, item.at)
      if (!visible(cam, c) || facing <= 0.05) return ''
      const [x, y] = screen(cam, c)
      const cap = (item.size * cam.f) / c[0]
      if (cap < 3) return ''
      return textAt(x, y, cap, item.text, item.fill, { bold: item.bold, scaleX: facing })
    }
    case 'tree': {
      const c = toCamera(cam, item.at)
      if (!visible(cam, c)) return ''
      const [x, y] = screen(cam, c)
      const h = (item.height * cam.f) / c[0]
      const crownY = y - h * 0.62
      return (
        `<rect x="${n1(x - h * 0.035)}" y="${n1(crownY)}" width="${n1(h * 0.07)}" height="${n1(h * 0.62)}" fill="#5a4630"/>` +
        `<ellipse cx="${n1(x)}" cy="${n1(crownY)}" rx="${n1(h * 0.3)}" ry="${n1(h * 0.36)}" fill="${item.crown}"/>` +
        `<ellipse cx="${n1(x - h * 0.08)}" cy="${n1(crownY - h * 0.1)}" rx="${n1(h * 0.16)}" ry="${n1(h * 0.16)}" fill="#ffffff" fill-opacity="0.08"/>`
      )
    }
  }
}

/** The frame as SVG text, `scale` × 1920 wide. */
export function frameSvg(frame: DemoFrame, scale = 1): string {
  const W = FRAME_WIDTH * scale
  const H = FRAME_HEIGHT * scale
  const r = (frame.rotation * Math.PI) / 180
  const cam: Camera = { W, H, f: W / 2 / Math.tan(HFOV / 2), cos: Math.cos(r), sin: Math.sin(r) }
  const seed = demoSeed(frame)
  const scene = buildScene({ road: frame.road, way: frame.way, km: frame.km, seed })
  const horizon = H / 2 - cam.f * Math.tan(PITCH)
  // Hills as the panorama draws them, by the longitude of each column.
  const hills = hillProfile(hashText(frame.road))
  const hillPts: [number, number][] = [[0, horizon + 2]]
  for (let i = 0; i <= 64; i++) {
    const x = (i / 64) * W
    const lon = r + Math.atan((x - W / 2) / cam.f)
    const t = (((lon / (2 * Math.PI)) % 1) + 1.5) % 1
    const deg = 0.3 + hills(t) * 2.2
    hillPts.push([x, horizon - cam.f * Math.tan((deg * Math.PI) / 180)])
  }
  hillPts.push([W, horizon + 2])
  const items = paintOrder(scene.items)
  const sky =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#5a92d2"/><stop offset="1" stop-color="#d6e7f5"/></linearGradient></defs>` +
    `<rect width="${W}" height="${n1(horizon + 1)}" fill="url(#sky)"/>` +
    clouds(seed ^ frame.rotation ^ 0x2c1b3c6d, 4, (rand) => ({
      x: rand() * W,
      y: horizon * (0.3 + rand() * 0.45),
      scale: (25 + rand() * 45) * scale,
    })) +
    `<path d="${pathOf(hillPts)}" fill="#8aa37a"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    sky +
    items.map((item) => drawItem(cam, item)).join('') +
    overlay(frame, W, H) +
    `</svg>`
  )
}

function viewName(rotation: number): string {
  const a = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360
  return t(`imagery.images.view${a as 0 | 90 | 180 | 270}`)
}

/** The band at the top: camera, road, way, km; survey, date and time of the capture. */
function overlay(frame: DemoFrame, W: number, H: number): string {
  const { date, time } = brDateTime(frame.capturedAt)
  const cap = H * 0.022
  const line1 =
    `${t('imagery.images.camera', { camera: frame.cameraId })} (${viewName(frame.rotation)}) · ` +
    `${frame.road} · ${t('imagery.images.way', { way: frame.way })} · km ${brKm(frame.km)}`
  const line2 = `${t('imagery.images.survey', { survey: frame.surveyName })} · ${date} ${time}`
  const x = W * 0.015
  return (
    `<rect x="0" y="0" width="${W}" height="${n1(cap * 4.4)}" fill="#0b1a2a" fill-opacity="0.6"/>` +
    textAt(x, cap * 1.8, cap, line1, '#ffffff', { bold: true, anchor: 'start' }) +
    textAt(x, cap * 3.6, cap * 0.85, line2, '#ffffff', { anchor: 'start' })
  )
}

/**
 * The frame as raw RGB pixels (1920 × 1080), ready for the pyramid without a JPEG in between.
 * Drawn at `renderScale` of the full size and enlarged when below 1 (faster, softer).
 */
export async function renderDemoFrame(frame: DemoFrame, renderScale = 1): Promise<RawImage> {
  let image = sharp(Buffer.from(frameSvg(frame, renderScale)))
  if (renderScale !== 1) image = image.resize(FRAME_WIDTH, FRAME_HEIGHT, { kernel: 'cubic' })
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}
