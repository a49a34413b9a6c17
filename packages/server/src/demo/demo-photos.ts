import sharp from 'sharp'
import { prng } from '../modules/imagery/render/scene'

/**
 * Photographs of the demo bridges, drawn procedurally (there is no network to fetch real ones):
 * a scene in SVG (sky, hills, vegetation, the river or the road below, the deck, piers and
 * barriers, in perspective), rasterised by sharp, then grain, a slight blur and a vignette so
 * that it reads as a photograph. 1280x720 JPEG without metadata. The same recipe always draws
 * the same picture.
 */

export const PHOTO_WIDTH = 1280
export const PHOTO_HEIGHT = 720

export type PhotoView = 'elevation' | 'deck' | 'pier'

export interface PhotoRecipe {
  v: 1
  kind: 'ponte' | 'viaduto' | 'passarela'
  view: PhotoView
  seed: number
  /** Hour of the day (light and sky colour). */
  hour: number
}

const W = PHOTO_WIDTH
const H = PHOTO_HEIGHT
const f = (n: number) => n.toFixed(1)

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16))
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16))
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** A smooth ridge line across the picture, closed down to `bottom`. */
function ridge(
  rand: () => number,
  y: number,
  amplitude: number,
  bottom: number,
  steps = 9,
): string {
  const pts: [number, number][] = []
  for (let i = 0; i <= steps; i++) {
    pts.push([(i / steps) * (W + 200) - 100, y - rand() * amplitude])
  }
  let d = `M -100 ${bottom} L ${f(pts[0]![0])} ${f(pts[0]![1])}`
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!
    const [x1, y1] = pts[i]!
    const mx = (x0 + x1) / 2
    d += ` Q ${f(x0)} ${f(y0)} ${f(mx)} ${f((y0 + y1) / 2)}`
    if (i === pts.length - 1) d += ` T ${f(x1)} ${f(y1)}`
  }
  return `${d} L ${W + 100} ${bottom} Z`
}

/** Tree crowns along a band: clusters of overlapping crowns, leaf-textured and rough-edged. */
function trees(rand: () => number, y0: number, y1: number, count: number, scale: number): string {
  const tints = ['#c5d6a6', '#b7cc97', '#d2dfb4', '#aebf8c', '#c9d9a0']
  let out = ''
  for (let i = 0; i < count; i++) {
    const x = rand() * W
    const y = y0 + rand() * (y1 - y0)
    const r = (10 + rand() * 26) * scale
    const c = tints[Math.floor(rand() * tints.length)]!
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${c}"/>`
    out += `<circle cx="${f(x - r * 0.6)}" cy="${f(y + r * 0.35)}" r="${f(r * 0.75)}" fill="${mix(c, '#000000', 0.25)}"/>`
    out += `<circle cx="${f(x + r * 0.5)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.65)}" fill="${mix(c, '#ffffff', 0.15)}"/>`
  }
  return `<g filter="url(#foliage)">${out}</g>`
}

/** A continuous wooded ridge (the tree line behind the scene). */
function treeLine(
  rand: () => number,
  y: number,
  amplitude: number,
  bottom: number,
  tint: string,
): string {
  return `<path d="${ridge(rand, y, amplitude, bottom, 24)}" fill="${tint}" filter="url(#foliage)"/>`
}

function sky(rand: () => number, hour: number): string {
  const warm = Math.max(0, 1 - Math.abs(hour - 12) / 6) // 1 at noon
  const top = mix('#6d8fb5', '#4f86c6', warm)
  const horizon = mix('#f0d9b5', '#dfe8ef', warm)
  const clouds = `<rect width="${W}" height="${f(H * 0.55 + rand() * 20)}" fill="#ffffff" filter="url(#clouds)" opacity="0.9"/>`
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${horizon}"/>
      <stop offset="1" stop-color="${horizon}"/></linearGradient></defs>${clouds}`
}

const DEFS = (seed: number) => `<defs>
  <filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="clouds" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">
    <feTurbulence type="fractalNoise" baseFrequency="0.0025 0.008" numOctaves="5" seed="${seed % 97}"/>
    <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  2.6 0 0 0 -1.15"/>
    <feGaussianBlur stdDeviation="1.5"/>
    <feComposite in2="SourceGraphic" operator="in"/></filter>
  <filter id="foliage" x="-5%" y="-30%" width="110%" height="160%">
    <feTurbulence type="turbulence" baseFrequency="0.02" numOctaves="2" seed="${seed % 89}" result="warp"/>
    <feDisplacementMap in="SourceGraphic" in2="warp" scale="38" xChannelSelector="R" yChannelSelector="G" result="shape"/>
    <feTurbulence type="fractalNoise" baseFrequency="0.045" numOctaves="4" seed="${seed % 83}" result="leaves"/>
    <feColorMatrix in="leaves" values="0.35 0 0 0 -0.02  0.55 0 0 0 0.02  0.22 0 0 0 -0.03  0 0 0 0 1" result="green"/>
    <feBlend in="green" in2="shape" mode="multiply" result="lit"/>
    <feComposite in="lit" in2="shape" operator="in"/></filter>
  <filter id="grass" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.012 0.09" numOctaves="4" seed="${seed % 79}"/>
    <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -0.9 0.55"/>
    <feComposite in2="SourceGraphic" operator="in" result="dark"/>
    <feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="dark"/></feMerge></filter>
  <filter id="ripples" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.0015 0.11" numOctaves="3" seed="${seed % 73}"/>
    <feColorMatrix values="0 0 0 0 0.85  0 0 0 0 0.9  0 0 0 0 0.9  1.3 0 0 0 -0.72"/>
    <feComposite in2="SourceGraphic" operator="in" result="light"/>
    <feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="light"/></feMerge></filter>
  <filter id="stained" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed % 71}" result="fine"/>
    <feTurbulence type="fractalNoise" baseFrequency="0.012 0.05" numOctaves="3" seed="${seed % 67}" result="stains"/>
    <feColorMatrix in="fine" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0.5 0 0 0 -0.12" result="grain"/>
    <feColorMatrix in="stains" values="0 0 0 0 0.15  0 0 0 0 0.14  0 0 0 0 0.12  0.9 0 0 0 -0.38" result="dirt"/>
    <feMerge result="tex"><feMergeNode in="SourceGraphic"/><feMergeNode in="dirt"/><feMergeNode in="grain"/></feMerge>
    <feComposite in="tex" in2="SourceGraphic" operator="in"/></filter>
  <filter id="haze"><feGaussianBlur stdDeviation="2.2"/></filter>
  <linearGradient id="concrete" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#8d897f"/><stop offset="0.35" stop-color="#b4afa4"/>
    <stop offset="0.7" stop-color="#a29d92"/><stop offset="1" stop-color="#6e6a62"/></linearGradient>
  <linearGradient id="deckface" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#c9c4b8"/><stop offset="0.25" stop-color="#a9a499"/>
    <stop offset="1" stop-color="#6f6b63"/></linearGradient>
  <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7f9894"/><stop offset="1" stop-color="#3f5652"/></linearGradient>
  <linearGradient id="asphalt" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#6b6b6b"/><stop offset="1" stop-color="#3a3a3a"/></linearGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.45"/></radialGradient>
</defs>`

/** Side view: the deck across the picture in slight perspective, piers down to the river or road. */
function elevation(rand: () => number, r: PhotoRecipe): string {
  const horizon = 300 + rand() * 40
  let s = sky(rand, r.hour)
  s += `<path d="${ridge(rand, horizon - 10, 70, H)}" fill="#8fa196" opacity="0.8" filter="url(#haze)"/>`
  s += treeLine(rand, horizon + 30, 45, H, '#aabf8e')
  s += trees(rand, horizon + 40, horizon + 80, 26, 0.8)
  const ground = horizon + 90
  s += `<rect y="${f(ground)}" width="${W}" height="${f(H - ground)}" fill="#5f7844" filter="url(#grass)"/>`
  if (r.kind === 'ponte') {
    s += `<path d="M 0 ${f(ground + 40)} C 300 ${f(ground + 20)}, 800 ${f(ground + 60)}, ${W} ${f(ground + 30)} L ${W} ${H} L 0 ${H} Z" fill="url(#water)" filter="url(#ripples)"/>`
  } else {
    // A road below: asphalt band with markings and a few cars.
    const ry = ground + 70
    s += `<path d="M 0 ${f(ry)} L ${W} ${f(ry - 30)} L ${W} ${f(ry + 90)} L 0 ${f(ry + 150)} Z" fill="url(#asphalt)"/>`
    for (let x = 0; x < W; x += 90) {
      const y = ry + 72 - (x / W) * 58
      s += `<rect x="${x}" y="${f(y)}" width="46" height="4" fill="#eeeeee" opacity="0.85" transform="rotate(-2.6 ${x} ${f(y)})"/>`
    }
    const colours = ['#b71c1c', '#eeeeee', '#263238', '#1565c0', '#9e9e9e']
    for (let i = 0; i < 4; i++) {
      const x = 80 + rand() * (W - 200)
      const y = ry + 20 + rand() * 80 - (x / W) * 40
      s += `<rect x="${f(x)}" y="${f(y)}" width="70" height="26" rx="8" fill="${colours[i % colours.length]}"/>`
      s += `<rect x="${f(x + 12)}" y="${f(y + 3)}" width="42" height="9" rx="3" fill="#37474f" opacity="0.8"/>`
    }
    s += trees(rand, H - 60, H, 12, 1.6)
  }
  // The deck: thicker and lower on the left (nearer), thinner and higher on the right.
  const yl = horizon + 10 + rand() * 30
  const yr = horizon - 30 - rand() * 20
  const tl = 46
  const tr = 22
  const lerp = (a: number, b: number, t: number) => a + (b - a) * t
  const piers = r.kind === 'passarela' ? 2 : 3 + Math.floor(rand() * 3)
  for (let i = 1; i <= piers; i++) {
    const t = i / (piers + 1)
    const x = lerp(-20, W + 20, t)
    const top = lerp(yl + tl, yr + tr, t)
    const w = lerp(44, 20, t) * (r.kind === 'passarela' ? 0.6 : 1)
    const bottom = r.kind === 'ponte' ? ground + 80 + (1 - t) * 60 : ground + 110 + (1 - t) * 40
    s += `<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(bottom - top)}" fill="url(#concrete)" filter="url(#stained)"/>`
    s += `<rect x="${f(x - w / 2 - 6)}" y="${f(top)}" width="${f(w + 12)}" height="${f(lerp(14, 7, t))}" fill="#9a958b"/>`
    if (r.kind === 'ponte') {
      s += `<ellipse cx="${f(x)}" cy="${f(bottom)}" rx="${f(w)}" ry="5" fill="#2d403c" opacity="0.5"/>`
    }
  }
  s += `<path d="M -20 ${f(yl)} L ${W + 20} ${f(yr)} L ${W + 20} ${f(yr + tr)} L -20 ${f(yl + tl)} Z" fill="url(#deckface)" filter="url(#stained)"/>`
  // Shadow under the deck and the barrier (New Jersey) or railing on top.
  s += `<path d="M -20 ${f(yl + tl)} L ${W + 20} ${f(yr + tr)} L ${W + 20} ${f(yr + tr + 8)} L -20 ${f(yl + tl + 16)} Z" fill="#2b2a27" opacity="0.55"/>`
  if (r.kind === 'passarela') {
    for (let x = -20; x < W + 20; x += 26) {
      const t = (x + 20) / (W + 40)
      const y = lerp(yl, yr, t)
      s += `<rect x="${x}" y="${f(y - lerp(34, 16, t))}" width="2.4" height="${f(lerp(34, 16, t))}" fill="#37474f"/>`
    }
    s += `<path d="M -20 ${f(yl - 34)} L ${W + 20} ${f(yr - 16)}" stroke="#37474f" stroke-width="3"/>`
  } else {
    s += `<path d="M -20 ${f(yl - 18)} L ${W + 20} ${f(yr - 8)} L ${W + 20} ${f(yr)} L -20 ${f(yl)} Z" fill="#d8d3c8"/>`
    s += `<path d="M -20 ${f(yl - 18)} L ${W + 20} ${f(yr - 8)}" stroke="#f1ede4" stroke-width="2"/>`
  }
  // Streaks of weathering on the deck face.
  for (let i = 0; i < 26; i++) {
    const t = rand()
    const x = lerp(-20, W + 20, t)
    const y = lerp(yl, yr, t)
    s += `<rect x="${f(x)}" y="${f(y + 4)}" width="${f(2 + rand() * 6)}" height="${f(lerp(tl, tr, t) - 4)}" fill="#4e4a43" opacity="${(0.08 + rand() * 0.18).toFixed(2)}"/>`
  }
  s += trees(rand, H - 40, H + 30, 10, 2.2)
  return s
}

/** On the deck: the carriageway to the vanishing point between the barriers. */
function deck(rand: () => number, r: PhotoRecipe): string {
  const vx = 600 + rand() * 80
  const vy = 330 + rand() * 20
  let s = sky(rand, r.hour)
  s += `<path d="${ridge(rand, vy - 5, 40, H)}" fill="#8ea290" opacity="0.85" filter="url(#haze)"/>`
  s += treeLine(rand, vy + 2, 26, vy + 40, '#b4c796')
  s += `<rect y="${f(vy)}" width="${W}" height="${f(H - vy)}" fill="#647c4a" filter="url(#grass)"/>`
  const half = r.kind === 'passarela' ? 260 : 620
  s += `<path d="M ${f(vx - 4)} ${f(vy)} L ${f(vx + 4)} ${f(vy)} L ${f(W / 2 + half)} ${H} L ${f(W / 2 - half)} ${H} Z" fill="${r.kind === 'passarela' ? '#9e9a90' : 'url(#asphalt)'}"/>`
  if (r.kind !== 'passarela') {
    // Lane markings: dashes shrinking toward the vanishing point.
    for (const lane of [-0.33, 0.33]) {
      for (let k = 0; k < 9; k++) {
        const t0 = Math.pow((k + 0.2) / 9, 1.9)
        const t1 = Math.pow((k + 0.6) / 9, 1.9)
        const x0 = vx + (W / 2 + lane * half * 2 - vx) * t0
        const x1 = vx + (W / 2 + lane * half * 2 - vx) * t1
        const y0 = vy + (H - vy) * t0
        const y1 = vy + (H - vy) * t1
        const w0 = 1 + 10 * t0
        const w1 = 1 + 10 * t1
        s += `<path d="M ${f(x0 - w0 / 2)} ${f(y0)} L ${f(x0 + w0 / 2)} ${f(y0)} L ${f(x1 + w1 / 2)} ${f(y1)} L ${f(x1 - w1 / 2)} ${f(y1)} Z" fill="#f2f2f2" opacity="0.9"/>`
      }
    }
    // Edge lines.
    s += `<path d="M ${f(vx - 3)} ${f(vy)} L ${f(W / 2 - half + 40)} ${H}" stroke="#f5f5f5" stroke-width="6" opacity="0.85"/>`
    s += `<path d="M ${f(vx + 3)} ${f(vy)} L ${f(W / 2 + half - 40)} ${H}" stroke="#f0c419" stroke-width="6" opacity="0.85"/>`
  }
  // Barriers: New Jersey (concrete) or railings, converging.
  for (const side of [-1, 1]) {
    const bx = W / 2 + side * (half + 20)
    s += `<path d="M ${f(vx + side * 6)} ${f(vy - 3)} L ${f(vx + side * 6)} ${f(vy + 1)} L ${f(bx)} ${H} L ${f(bx + side * 80)} ${H} L ${f(bx + side * 80)} ${f(H - 200)} Z" fill="${side < 0 ? '#cfcabf' : '#bdb8ad'}"/>`
    s += `<path d="M ${f(vx + side * 6)} ${f(vy - 3)} L ${f(bx + side * 80)} ${f(H - 200)}" stroke="#eeeae2" stroke-width="3"/>`
    for (let k = 1; k < 10; k++) {
      const t = Math.pow(k / 10, 1.7)
      const x = vx + (bx + side * 40 - vx) * t
      const y = vy + (H - 100 - vy) * t
      s += `<rect x="${f(x)}" y="${f(y - 60 * t)}" width="${f(1 + 2 * t)}" height="${f(80 * t)}" fill="#8c877d" opacity="0.6"/>`
    }
  }
  // A light pole and a sign, for scale.
  const px = W / 2 + half + 60
  s += `<rect x="${f(px)}" y="120" width="9" height="${H - 120}" fill="#78909c"/>`
  s += `<path d="M ${f(px + 4)} 124 Q ${f(px - 60)} 100 ${f(px - 130)} 118" stroke="#78909c" stroke-width="7" fill="none"/>`
  s += `<rect x="${f(px - 150)}" y="112" width="40" height="12" rx="4" fill="#eceff1"/>`
  if (rand() < 0.7) {
    const cx = vx - 60 - rand() * 120
    s += `<rect x="${f(cx)}" y="${f(vy + 12)}" width="30" height="14" rx="4" fill="#eceff1"/>`
    s += `<rect x="${f(cx + 3)}" y="${f(vy + 22)}" width="24" height="3" fill="#b71c1c"/>`
  }
  return s
}

/** Under the bridge: a pier close up, the deck's underside, bearings, vegetation. */
function pier(rand: () => number, r: PhotoRecipe): string {
  let s = sky(rand, r.hour)
  s += `<path d="${ridge(rand, 470, 40, H)}" fill="#8ea290" opacity="0.8" filter="url(#haze)"/>`
  s += treeLine(rand, 500, 50, 560, '#b3c795')
  s += `<rect y="520" width="${W}" height="200" fill="#6b7f4b" filter="url(#grass)"/>`
  if (r.kind === 'ponte') {
    s += `<path d="M 0 600 C 400 580, 900 640, ${W} 590 L ${W} ${H} L 0 ${H} Z" fill="url(#water)" filter="url(#ripples)"/>`
  }
  // The underside: a dark slab across the top with girders.
  s += `<path d="M 0 0 L ${W} 0 L ${W} 120 L 0 210 Z" fill="#5e5a53"/>`
  for (let i = 0; i < 5; i++) {
    const x = 80 + i * 270
    s += `<path d="M ${x} 0 L ${x + 60} 0 L ${x + 60} ${f(200 - i * 18)} L ${x} ${f(206 - i * 18)} Z" fill="#7a766d"/>`
    s += `<path d="M ${x + 60} 0 L ${x + 72} 0 L ${x + 72} ${f(196 - i * 18)} L ${x + 60} ${f(200 - i * 18)} Z" fill="#4a4640"/>`
  }
  // The pier: a wide column with a cap, weathering streaks and a bearing pad.
  const x = 380 + rand() * 200
  const w = 230
  s += `<rect x="${f(x - 30)}" y="150" width="${w + 60}" height="70" fill="#a7a296"/>`
  s += `<rect x="${f(x - 30)}" y="210" width="${w + 60}" height="10" fill="#6f6a61"/>`
  s += `<rect x="${f(x + 40)}" y="136" width="50" height="16" fill="#263238"/>`
  s += `<rect x="${f(x + 140)}" y="136" width="50" height="16" fill="#263238"/>`
  s += `<rect x="${f(x)}" y="220" width="${w}" height="${H - 220}" fill="url(#concrete)" filter="url(#stained)"/>`
  for (let i = 0; i < 40; i++) {
    const sx = x + rand() * w
    s += `<rect x="${f(sx)}" y="${f(220 + rand() * 60)}" width="${f(1.5 + rand() * 5)}" height="${f(60 + rand() * 260)}" fill="#3e3a34" opacity="${(0.06 + rand() * 0.16).toFixed(2)}"/>`
  }
  // Formwork joints and a painted inventory code.
  for (let y = 300; y < H; y += 110) {
    s += `<rect x="${f(x)}" y="${y}" width="${w}" height="2" fill="#5d5950" opacity="0.5"/>`
  }
  s += `<rect x="${f(x + 60)}" y="330" width="110" height="36" fill="#f5f5f5" opacity="0.85"/>`
  s += `<rect x="${f(x + 70)}" y="342" width="90" height="12" fill="#c62828" opacity="0.85"/>`
  s += trees(rand, 640, 740, 14, 1.6)
  return s
}

/** The SVG of a recipe's scene, vignette included. */
export function photoSvg(recipe: PhotoRecipe): string {
  const rand = prng(recipe.seed)
  const scene =
    recipe.view === 'deck'
      ? deck(rand, recipe)
      : recipe.view === 'pier'
        ? pier(rand, recipe)
        : elevation(rand, recipe)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${DEFS(recipe.seed)}${scene}<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`
}

// Film grain: one tile of noise, repeated over the picture.
const GRAIN = 256
let grain: Promise<Buffer> | undefined
function grainTile(): Promise<Buffer> {
  grain ??= (async () => {
    const rand = prng(9_187)
    const raw = Buffer.alloc(GRAIN * GRAIN * 4)
    for (let i = 0; i < GRAIN * GRAIN; i++) {
      const v = Math.round(128 + (rand() + rand() + rand() - 1.5) * 70)
      raw[i * 4] = v
      raw[i * 4 + 1] = v
      raw[i * 4 + 2] = v
      raw[i * 4 + 3] = 46
    }
    return sharp(raw, { raw: { width: GRAIN, height: GRAIN, channels: 4 } })
      .png()
      .toBuffer()
  })()
  return grain
}

/** Draws a demo photo from its recipe (the JSON the demo seed stores): a 1280x720 JPEG. */
export async function renderDemoPhoto(recipeText: string): Promise<Buffer> {
  const recipe = JSON.parse(recipeText) as PhotoRecipe
  // The scene is drawn at half size (its textures cost four times less), then enlarged: the
  // softness of the enlargement and the grain added at full size are what a phone camera gives.
  const half = await sharp(Buffer.from(photoSvg(recipe)), { density: 36 })
    .png()
    .toBuffer()
  const scene = await sharp(half)
    .resize(W, H, { kernel: 'lanczos3' })
    .sharpen({ sigma: 0.6 })
    .toBuffer()
  return sharp(scene)
    .composite([{ input: await grainTile(), tile: true, blend: 'overlay' }])
    .modulate({ saturation: 0.92, brightness: 1.02 })
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer()
}
