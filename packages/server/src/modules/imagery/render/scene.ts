/**
 * The demo imagery's road scene, in the vehicle's frame: x forward (the heading), y to the
 * right, z up, metres, origin at the camera. Brazilian divided highway: the vehicle in the
 * right lane of its carriageway (two lanes, white markings, a paved shoulder on the right,
 * a yellow edge line on the left), a grass median with a guard rail, the opposite carriageway,
 * verges, fences and trees; the km markers stand at their true places (every whole km), a
 * board ahead gives the next whole km and its distance. The same event always makes the same
 * scene: everything fixed to the road is placed by the distance along it (km × 1000), and the
 * random parts are seeded by it.
 */

export type Vec3 = readonly [number, number, number]

export interface ScenePolygon {
  kind: 'polygon'
  points: Vec3[]
  fill: string
  opacity?: number
  /** Drawing order: lower first. */
  layer: number
  /** Painter's key of the object it belongs to (see paintOrder). */
  depth?: number
}

export interface SceneText {
  kind: 'text'
  /** The direction the text faces (unit vector): seen from behind it is not drawn. */
  normal: Vec3
  /** Centre of the text's baseline box. */
  at: Vec3
  /** Height of the letters, metres. */
  size: number
  text: string
  fill: string
  bold?: boolean
  layer: number
  depth?: number
}

/** A tree: a trunk and a round crown, drawn facing the camera. */
export interface SceneTree {
  kind: 'tree'
  /** Foot of the trunk. */
  at: Vec3
  height: number
  crown: string
  layer: number
  depth?: number
}

export type SceneItem = ScenePolygon | SceneText | SceneTree

/** Where an item stands: its first point, or its anchor. */
const anchorOf = (item: SceneItem): Vec3 => (item.kind === 'polygon' ? item.points[0]! : item.at)

/**
 * The painter's order: the ground (layers below 4.5) by layer, then the upright things from
 * the farthest to the nearest by their offset from the vehicle's line (along any line of sight
 * to one side that offset only grows, so a fence 16 m to the right hides the trees at 20 m and
 * is hidden by a sign at 6 m, wherever along the road each stands), then by distance; the
 * parts of one object together, by layer.
 */
export function paintOrder(items: readonly SceneItem[]): SceneItem[] {
  const upright = (i: SceneItem) => i.layer >= 4.5
  const offset = (i: SceneItem) => i.depth ?? Math.abs(anchorOf(i)[1])
  const distance = (i: SceneItem) => Math.hypot(...anchorOf(i))
  return items
    .map((item, index) => ({ item, index, o: offset(item), d: distance(item) }))
    .sort((a, b) => {
      const ua = upright(a.item)
      const ub = upright(b.item)
      if (ua !== ub) return ua ? 1 : -1
      if (!ua) return a.item.layer - b.item.layer || a.index - b.index
      if (a.item.depth !== undefined && a.item.depth === b.item.depth) {
        return a.item.layer - b.item.layer || a.index - b.index
      }
      return b.o - a.o || b.d - a.d || a.item.layer - b.item.layer || a.index - b.index
    })
    .map((x) => x.item)
}

/**
 * Gives the parts of one object (a sign) the offset of its anchor, plus a hair of its distance
 * so two objects never share one, and they are drawn together.
 */
function asObject(anchor: Vec3, parts: SceneItem[]): SceneItem[] {
  const depth = Math.abs(anchor[1]) + Math.hypot(anchor[0], anchor[1]) * 1e-4
  return parts.map((p) => ({ ...p, depth }))
}

export interface SceneInput {
  road: string
  way: string
  km: number
  /** Seed of the random parts (trees, hills, clouds). */
  seed: number
}

export interface Scene {
  items: SceneItem[]
  /** Camera height above the road, metres. */
  cameraHeight: number
  /** The next whole km ahead and its distance, metres. */
  nextKm: number
  nextKmDistance: number
}

export const CAMERA_HEIGHT = 2.4
/** Ahead and behind, metres: far enough that a line ends within a pixel of the horizon. */
const FAR = 3000
const LANE = 3.6

export const COLOURS = {
  asphalt: '#55585c',
  asphaltFar: '#6a6d70',
  shoulder: '#6f7174',
  grass: '#6f8f3e',
  median: '#7a9a45',
  white: '#f2f2ee',
  yellow: '#e8b91e',
  signGreen: '#0a6b3b',
  rail: '#b8bcc0',
  post: '#8a7a62',
  wire: '#5b5b5b',
}

/** A deterministic pseudo-random sequence in [0, 1). */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let x = s
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A stable 32-bit hash of a text. */
export function hashText(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/** True when the km grows in the vehicle's direction ('Decrescente' is the other way). */
export function kmGrowsAhead(way: string): boolean {
  return !/^decr/i.test(way.trim())
}

/** The next whole km ahead of `km` in the direction of travel, and its distance in metres. */
export function nextWholeKm(km: number, way: string): { km: number; distance: number } {
  const ahead = kmGrowsAhead(way)
  const eps = 1e-9
  const next = ahead ? Math.floor(km + eps) + 1 : Math.ceil(km - eps) - 1
  return { km: next, distance: Math.round(Math.abs(next - km) * 1000) }
}

const ground = -CAMERA_HEIGHT

/** A four-cornered polygon of the scene. */
function quad(points: ScenePolygon['points'], fill: string, layer: number): ScenePolygon {
  return { kind: 'polygon', points, fill, layer }
}

/** A flat stripe of the ground between lateral offsets y1 < y2 and distances x1 < x2. */
function stripe(
  y1: number,
  y2: number,
  x1: number,
  x2: number,
  fill: string,
  layer: number,
  z = ground,
): ScenePolygon {
  return quad(
    [
      [x1, y1, z],
      [x2, y1, z],
      [x2, y2, z],
      [x1, y2, z],
    ],
    fill,
    layer,
  )
}

/** A vertical rectangle facing along x (a sign seen by the traffic), centred at (x, y). */
function boardFacingX(
  x: number,
  y: number,
  width: number,
  z1: number,
  z2: number,
  fill: string,
  layer: number,
): ScenePolygon {
  return quad(
    [
      [x, y - width / 2, z1],
      [x, y + width / 2, z1],
      [x, y + width / 2, z2],
      [x, y - width / 2, z2],
    ],
    fill,
    layer,
  )
}

/** A vertical rectangle along the road (a fence, a rail, a sign facing the road side). */
function wallAlongX(
  y: number,
  x1: number,
  x2: number,
  z1: number,
  z2: number,
  fill: string,
  layer: number,
): ScenePolygon {
  return quad(
    [
      [x1, y, z1],
      [x2, y, z1],
      [x2, y, z2],
      [x1, y, z2],
    ],
    fill,
    layer,
  )
}

/**
 * Dashes of a lane line at lateral offset y: 4 m painted, 12 m gap, fixed to the road (s is
 * the distance along the road in the direction of travel at the vehicle).
 */
function dashes(y: number, s: number, fill: string, layer: number, range = 240): ScenePolygon[] {
  const out: ScenePolygon[] = []
  const period = 16
  const first = Math.floor((s - range) / period) * period
  for (let t = first; t < s + range; t += period) {
    const x1 = t - s
    out.push(stripe(y - 0.075, y + 0.075, x1, x1 + 4, fill, layer))
  }
  return out
}

const FACING_TRAFFIC: Vec3 = [-1, 0, 0]
const FACING_ROAD: Vec3 = [0, -1, 0]

const text = (at: Vec3, size: number, value: string, normal: Vec3): SceneText => ({
  kind: 'text',
  at,
  normal,
  size,
  text: value,
  fill: COLOURS.white,
  bold: true,
  layer: 8,
})

/** The green Brazilian km marker: 'km' over the number, on a post at the right verge. */
function kmMarker(x: number, km: number, y: number): SceneItem[] {
  const bottom = ground + 1.3
  const top = bottom + 1.2
  return [
    boardFacingX(x + 0.02, y, 0.1, ground, bottom, COLOURS.post, 6),
    boardFacingX(x, y, 0.9, bottom, top, COLOURS.white, 6),
    boardFacingX(x - 0.01, y, 0.8, bottom + 0.05, top - 0.05, COLOURS.signGreen, 7),
    text([x - 0.02, y, top - 0.4], 0.25, 'km', FACING_TRAFFIC),
    text([x - 0.02, y, bottom + 0.15], 0.5, String(km), FACING_TRAFFIC),
  ]
}

/** Builds the scene around an event. */
export function buildScene(input: SceneInput): Scene {
  const items: SceneItem[] = []
  const ahead = kmGrowsAhead(input.way)
  // Distance along the road in the direction of travel (grows ahead whatever the km does).
  const s = ahead ? input.km * 1000 : -input.km * 1000

  // Own carriageway: right lane centred on the vehicle, left lane, shoulders.
  const right = LANE / 2
  const left = -LANE * 1.5
  items.push(stripe(-FAR, FAR, -FAR, FAR, COLOURS.grass, 0))
  items.push(stripe(left - 8.6, left - 1, -FAR, FAR, COLOURS.median, 1))
  items.push(stripe(left - 1, right + 2.5, -FAR, FAR, COLOURS.shoulder, 2))
  items.push(stripe(left, right, -FAR, FAR, COLOURS.asphalt, 3))
  items.push(stripe(right - 0.075, right + 0.075, -FAR, FAR, COLOURS.white, 4))
  items.push(stripe(left + 0.05, left + 0.2, -FAR, FAR, COLOURS.yellow, 4))
  items.push(...dashes(-right, s, COLOURS.white, 4))
  // Opposite carriageway, beyond the median.
  const oRight = left - 9.6
  const oLeft = oRight - LANE * 2
  items.push(stripe(oLeft - 2.5, oRight + 1, -FAR, FAR, COLOURS.shoulder, 2))
  items.push(stripe(oLeft, oRight, -FAR, FAR, COLOURS.asphaltFar, 3))
  items.push(stripe(oLeft + 0.05, oLeft + 0.2, -FAR, FAR, COLOURS.white, 4))
  items.push(stripe(oRight - 0.2, oRight - 0.05, -FAR, FAR, COLOURS.yellow, 4))
  items.push(...dashes(oLeft + LANE, -s, COLOURS.white, 4, 160))

  // Guard rail in the median: a metal band on posts every 4 m.
  const railY = left - 4.3
  items.push(wallAlongX(railY, -FAR, FAR, ground + 0.45, ground + 0.8, COLOURS.rail, 5))
  const postPeriod = 4
  for (let t = Math.floor((s - 80) / postPeriod) * postPeriod; t < s + 80; t += postPeriod) {
    items.push(boardFacingX(t - s, railY + 0.1, 0.12, ground, ground + 0.75, '#7d8185', 5))
  }
  // Fences along the right-of-way, posts every 3 m.
  for (const fy of [16, oLeft - 12]) {
    items.push(wallAlongX(fy, -FAR, FAR, ground + 1.05, ground + 1.1, COLOURS.wire, 5))
    items.push(wallAlongX(fy, -FAR, FAR, ground + 0.65, ground + 0.7, COLOURS.wire, 5))
    for (let t = Math.floor((s - 90) / 3) * 3; t < s + 90; t += 3) {
      items.push(boardFacingX(t - s, fy, 0.1, ground, ground + 1.25, COLOURS.post, 5))
    }
  }
  // Trees beyond the fences, fixed to the road (seeded by their 20 m cell).
  for (let cell = Math.floor((s - 400) / 20); cell < (s + 400) / 20; cell++) {
    for (const side of [1, -1]) {
      const r = prng(hashText(`${input.road}:${cell}:${side}`) ^ input.seed)
      if (r() < 0.45) continue
      const x = cell * 20 + r() * 20 - s
      const y = side > 0 ? 19 + r() * 25 : oLeft - 15 - r() * 25
      const tint = ['#4f6f2d', '#5c7d34', '#46652a', '#6b8a3c'][Math.floor(r() * 4)]!
      items.push({ kind: 'tree', at: [x, y, ground], height: 5 + r() * 6, crown: tint, layer: 4.5 })
    }
  }

  // Km markers at their true places, on the right verge.
  const markers: number[] = []
  for (let k = Math.floor(input.km) - 1; k <= Math.ceil(input.km) + 1; k++) {
    const x = (ahead ? k : -k) * 1000 - s
    if (Math.abs(x) < 250) {
      markers.push(x)
      items.push(...asObject([x, right + 3.5, 0], kmMarker(x, k, right + 3.5)))
    }
  }

  // The board ahead: the next whole km and how far it is.
  const next = nextWholeKm(input.km, input.way)
  // 16 m ahead, or 10 m past a km marker standing near there.
  const close = markers.find((x) => Math.abs(x - 16) < 8)
  const bx = close === undefined ? 16 : close + 10
  const board: SceneItem[] = []
  const by = right + 5.2
  const bBottom = ground + 2
  const bTop = bBottom + 2.3
  board.push(boardFacingX(bx + 0.03, by - 1.3, 0.14, ground, bBottom, COLOURS.rail, 6))
  board.push(boardFacingX(bx + 0.03, by + 1.3, 0.14, ground, bBottom, COLOURS.rail, 6))
  board.push(boardFacingX(bx, by, 3.8, bBottom, bTop, COLOURS.white, 6))
  board.push(boardFacingX(bx - 0.01, by, 3.62, bBottom + 0.09, bTop - 0.09, COLOURS.signGreen, 7))
  board.push(text([bx - 0.02, by, bTop - 1.05], 0.72, `km ${next.km}`, FACING_TRAFFIC))
  board.push(text([bx - 0.02, by, bBottom + 0.3], 0.5, `${next.distance} m`, FACING_TRAFFIC))
  items.push(...asObject([bx, by, 0], board))

  // Road sign beside the vehicle, facing the road (the side cameras see it).
  const sy = right + 4
  const sBottom = ground + 1.4
  const sign: SceneItem[] = []
  sign.push(wallAlongX(sy + 0.02, -0.05, 0.05, ground, sBottom, COLOURS.rail, 6))
  sign.push(wallAlongX(sy + 0.01, -1.5, 1.5, sBottom, sBottom + 1.3, COLOURS.white, 6))
  sign.push(wallAlongX(sy, -1.43, 1.43, sBottom + 0.07, sBottom + 1.23, COLOURS.signGreen, 7))
  sign.push(text([0, sy - 0.01, sBottom + 0.68], 0.38, input.road, FACING_ROAD))
  sign.push(text([0, sy - 0.01, sBottom + 0.25], 0.22, input.way.toUpperCase(), FACING_ROAD))
  items.push(...asObject([0, sy, 0], sign))

  return { items, cameraHeight: CAMERA_HEIGHT, nextKm: next.km, nextKmDistance: next.distance }
}
