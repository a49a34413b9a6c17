import { t } from '@gis/shared'
import sharp from 'sharp'
import type { RawImage } from '../image-pyramid'
import { buildScene, hashText, paintOrder, type SceneItem, type Vec3 } from './scene'
import { brDate, brDateTime, brKm, clouds, hillProfile, n1, pathOf, textAt } from './svg'

/**
 * The demo panorama of an event: equirectangular 4096 × 2048, its centre column the vehicle's
 * heading, its left and right edges behind. The scene (scene.ts) is projected point by point:
 * a straight line on the ground becomes the sinusoid-like curve it is in this projection, its
 * edges sampled until each piece is under a few pixels.
 */

export const PANORAMA_WIDTH = 4096
export const PANORAMA_HEIGHT = 2048

/** What a demo image is drawn from. */
export interface DemoEvent {
  eventId: number
  road: string
  way: string
  km: number
  /** ISO date-time (UTC). */
  capturedAt: string
  surveyName: string
  /** yyyy-mm-dd, or null (the capture's date then). */
  surveyDate: string | null
}

export const demoSeed = (e: DemoEvent) =>
  hashText(`${e.eventId}|${e.road}|${e.way}|${e.km}|${e.surveyName}`)

type Pt = [number, number]

interface Equirect {
  W: number
  H: number
}

/** Longitude of a point (0 ahead, + to the right), or undefined straight below or above. */
function lon(p: Vec3): number | undefined {
  return Math.hypot(p[0], p[1]) < 1e-6 ? undefined : Math.atan2(p[1], p[0])
}

function project(eq: Equirect, p: Vec3, ref: number): Pt | undefined {
  let t = lon(p)
  if (t === undefined) return undefined
  if (t - ref > Math.PI) t -= 2 * Math.PI
  else if (ref - t > Math.PI) t += 2 * Math.PI
  const phi = Math.atan2(p[2], Math.hypot(p[0], p[1]))
  return [eq.W / 2 + (t / (2 * Math.PI)) * eq.W, eq.H / 2 - (phi / Math.PI) * eq.H]
}

const lerp3 = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
]

/** Keeps the part of a polygon where a·p ≥ 0 (Sutherland–Hodgman, one plane). */
export function clipPolygon(points: Vec3[], keep: (p: Vec3) => number): Vec3[] {
  const out: Vec3[] = []
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!
    const b = points[(i + 1) % points.length]!
    const da = keep(a)
    const db = keep(b)
    if (da >= 0) out.push(a)
    if (da >= 0 !== db >= 0) out.push(lerp3(a, b, da / (da - db)))
  }
  return out
}

/** The ring of a polygon in the panorama: edges subdivided, the nadir opened to the bottom. */
function projectPolygon(eq: Equirect, points: Vec3[]): Pt[] {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length
  const ref = Math.atan2(cy, cx)
  const ring: (Pt | undefined)[] = []
  const edge = (a: Vec3, b: Vec3, pa: Pt | undefined, pb: Pt | undefined, depth: number) => {
    if (depth > 0 && pa && pb) {
      const mid = lerp3(a, b, 0.5)
      const pm = project(eq, mid, ref)
      const dist = Math.hypot(pb[0] - pa[0], pb[1] - pa[1])
      const dev = pm ? Math.hypot(pm[0] - (pa[0] + pb[0]) / 2, pm[1] - (pa[1] + pb[1]) / 2) : 0
      if (pm && (dist > 24 || dev > 0.4)) {
        edge(a, mid, pa, pm, depth - 1)
        edge(mid, b, pm, pb, depth - 1)
        return
      }
    }
    ring.push(pa)
  }
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!
    const b = points[(i + 1) % points.length]!
    edge(a, b, project(eq, a, ref), project(eq, b, ref), 18)
  }
  // Straight below the camera: the ring goes down to the bottom row at the longitudes of its
  // neighbours (the edges that meet there are meridians).
  const out: Pt[] = []
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]
    if (p) {
      out.push(p)
      continue
    }
    const prev = ring[(i - 1 + ring.length) % ring.length]
    const next = ring[(i + 1) % ring.length]
    if (prev) out.push([prev[0], eq.H])
    if (next) out.push([next[0], eq.H])
  }
  return out
}

/** A polygon split by the planes x = 0 and y = 0, so no piece crosses the seam behind. */
function quadrants(points: Vec3[]): Vec3[][] {
  const pieces: Vec3[][] = []
  for (const sx of [1, -1]) {
    const half = clipPolygon(points, (p) => sx * p[0])
    if (half.length < 3) continue
    for (const sy of [1, -1]) {
      const q = clipPolygon(half, (p) => sy * p[1])
      if (q.length >= 3) pieces.push(q)
    }
  }
  return pieces
}

const distance = (p: Vec3) => Math.hypot(p[0], p[1], p[2])

/** How squarely a text facing `normal` at `at` is seen from the camera (cosine, ≤ 0: behind). */
export function facingCos(normal: Vec3, at: Vec3): number {
  const d = Math.hypot(at[0], at[1])
  return d < 1e-6 ? 1 : -(normal[0] * at[0] + normal[1] * at[1]) / d
}

function drawItem(eq: Equirect, item: SceneItem): string {
  const pxPerRad = eq.W / (2 * Math.PI)
  switch (item.kind) {
    case 'polygon': {
      let out = ''
      for (const piece of quadrants(item.points)) {
        const ring = projectPolygon(eq, piece)
        if (ring.length >= 3) out += `<path d="${pathOf(ring)}" fill="${item.fill}"/>`
      }
      return out
    }
    case 'text': {
      const p = project(eq, item.at, 0)
      const facing = facingCos(item.normal, item.at)
      if (!p || facing <= 0.05) return ''
      const cap = (item.size / distance(item.at)) * pxPerRad
      if (cap < 3) return ''
      return textAt(p[0], p[1], cap, item.text, item.fill, { bold: item.bold, scaleX: facing })
    }
    case 'tree': {
      const foot = project(eq, item.at, 0)
      if (!foot) return ''
      const d = Math.hypot(item.at[0], item.at[1])
      const h = (item.height / d) * pxPerRad
      if (h < 2) return ''
      const crownY = foot[1] - h * 0.62
      return (
        `<rect x="${n1(foot[0] - h * 0.035)}" y="${n1(crownY)}" width="${n1(h * 0.07)}" height="${n1(h * 0.62)}" fill="#5a4630"/>` +
        `<ellipse cx="${n1(foot[0])}" cy="${n1(crownY)}" rx="${n1(h * 0.3)}" ry="${n1(h * 0.36)}" fill="${item.crown}"/>` +
        `<ellipse cx="${n1(foot[0] - h * 0.08)}" cy="${n1(crownY - h * 0.1)}" rx="${n1(h * 0.16)}" ry="${n1(h * 0.16)}" fill="#ffffff" fill-opacity="0.08"/>`
      )
    }
  }
}

/** The panorama as SVG text, `scale` × 4096 wide. */
export function panoramaSvg(event: DemoEvent, scale = 1): string {
  const eq: Equirect = { W: PANORAMA_WIDTH * scale, H: PANORAMA_HEIGHT * scale }
  const { W, H } = eq
  const seed = demoSeed(event)
  const scene = buildScene({ road: event.road, way: event.way, km: event.km, seed })
  const hills = hillProfile(hashText(event.road))
  // Hills: up to 2.5° above the horizon, periodic across the seam.
  const hillPts: Pt[] = [[0, H / 2 + 2]]
  for (let i = 0; i <= 256; i++) {
    const t = i / 256
    hillPts.push([t * W, H / 2 - (0.3 + hills(t) * 2.2) * (H / 180)])
  }
  hillPts.push([W, H / 2 + 2])
  const sky =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#2f6db5"/><stop offset="0.6" stop-color="#8fbde8"/>` +
    `<stop offset="1" stop-color="#dbe9f4"/></linearGradient>` +
    `<linearGradient id="roof" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#2b2d31"/><stop offset="1" stop-color="#0e0f11"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H / 2 + 1}" fill="url(#sky)"/>` +
    clouds(seed ^ 0x5bd1e995, 14, (r) => ({
      x: r() * W,
      y: H * (0.12 + r() * 0.28),
      scale: (40 + r() * 70) * scale,
    })) +
    `<path d="${pathOf(hillPts)}" fill="#8aa37a"/>`
  const items = paintOrder(scene.items)
  const drawn = items.map((item) => drawItem(eq, item)).join('')
  // The vehicle's roof at the bottom.
  const roof = `<rect x="0" y="${n1(H * 0.93)}" width="${W}" height="${n1(H * 0.07)}" fill="url(#roof)"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    sky +
    drawn +
    roof +
    infoBand(event, eq) +
    `</svg>`
  )
}

/**
 * The band of the event's data in the sky, 30° up, ahead, to each side and behind (split over
 * the seam), widened by 1/cos 30° so that it reads undistorted in the viewer.
 */
function infoBand(event: DemoEvent, eq: Equirect): string {
  const { W, H } = eq
  const when = event.surveyDate ? brDate(event.surveyDate) : brDateTime(event.capturedAt).date
  const line1 = `${event.road} · ${t('imagery.images.way', { way: event.way })} · km ${brKm(event.km)}`
  const line2 = `${t('imagery.images.survey', { survey: event.surveyName })} · ${when}`
  const y = H / 2 - (30 / 180) * H
  const cap = H * 0.0125
  const stretch = 1 / Math.cos(Math.PI / 6)
  const bandW = W * 0.2
  let out = ''
  for (const cx of [0, W / 4, W / 2, (3 * W) / 4, W]) {
    out +=
      `<rect x="${n1(cx - bandW / 2)}" y="${n1(y - cap * 2.4)}" width="${n1(bandW)}" height="${n1(cap * 4.6)}" rx="${n1(cap * 0.6)}" fill="#10263d" fill-opacity="0.62"/>` +
      textAt(cx, y - cap * 0.5, cap, line1, '#ffffff', { bold: true, scaleX: stretch }) +
      textAt(cx, y + cap * 1.5, cap * 0.85, line2, '#ffffff', { scaleX: stretch })
  }
  return out
}

/**
 * The panorama as raw RGB pixels (4096 × 2048), ready for the pyramid without a JPEG in between.
 * Drawn at `renderScale` of the full size and enlarged when below 1 (faster, softer).
 */
export async function renderDemoPanorama(event: DemoEvent, renderScale = 1): Promise<RawImage> {
  let image = sharp(Buffer.from(panoramaSvg(event, renderScale)))
  if (renderScale !== 1) image = image.resize(PANORAMA_WIDTH, PANORAMA_HEIGHT, { kernel: 'cubic' })
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}
