import { brazilianWallClock, SAO_PAULO_TIME_ZONE, wallClockIn } from '@gis/shared'
import { prng } from './scene'

/** SVG pieces shared by the demo panorama and camera frames (rasterised by sharp/librsvg). */

export const FONT = 'DejaVu Sans, sans-serif'
/** DejaVu Sans: capital height / font size. */
const CAP_HEIGHT = 0.73

export const n1 = (v: number) => (Math.round(v * 10) / 10).toString()

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A closed path through the points. */
export function pathOf(points: readonly (readonly [number, number])[]): string {
  if (points.length === 0) return ''
  let d = `M${n1(points[0]![0])} ${n1(points[0]![1])}`
  for (let i = 1; i < points.length; i++) d += `L${n1(points[i]![0])} ${n1(points[i]![1])}`
  return `${d}Z`
}

/**
 * Text whose capitals are `capPx` high, centred on x with its baseline at y, squeezed
 * horizontally by `scaleX` (a board seen at an angle, or the panorama's stretching).
 */
export function textAt(
  x: number,
  y: number,
  capPx: number,
  text: string,
  fill: string,
  opts: { bold?: boolean; scaleX?: number; anchor?: 'start' | 'middle' | 'end' } = {},
): string {
  const size = capPx / CAP_HEIGHT
  const sx = opts.scaleX ?? 1
  return (
    `<text transform="translate(${n1(x)} ${n1(y)}) scale(${sx.toFixed(3)} 1)" ` +
    `font-family="${FONT}" font-size="${n1(size)}" font-weight="${opts.bold ? 'bold' : 'normal'}" ` +
    `text-anchor="${opts.anchor ?? 'middle'}" fill="${fill}">${escapeXml(text)}</text>`
  )
}

/** Soft clouds: clusters of white ellipses, at the places `place` gives. */
export function clouds(
  seed: number,
  count: number,
  place: (r: () => number) => { x: number; y: number; scale: number },
): string {
  const r = prng(seed)
  let out = ''
  for (let i = 0; i < count; i++) {
    const { x, y, scale } = place(r)
    const puffs = 4 + Math.floor(r() * 4)
    out += `<g fill="#ffffff" fill-opacity="${(0.55 + r() * 0.35).toFixed(2)}">`
    for (let j = 0; j < puffs; j++) {
      const dx = (r() - 0.5) * 3.2 * scale
      const dy = (r() - 0.5) * 0.5 * scale
      const rx = (0.6 + r() * 0.8) * scale
      out += `<ellipse cx="${n1(x + dx)}" cy="${n1(y + dy)}" rx="${n1(rx)}" ry="${n1(rx * 0.45)}"/>`
    }
    out += `<ellipse cx="${n1(x)}" cy="${n1(y + 0.15 * scale)}" rx="${n1(2.2 * scale)}" ry="${n1(0.25 * scale)}" fill="#e9eef3"/>`
    out += '</g>'
  }
  return out
}

/** A periodic ridge of hills: the height (0..1) at a horizontal fraction t of the full turn. */
export function hillProfile(seed: number): (t: number) => number {
  const r = prng(seed)
  const waves = Array.from({ length: 6 }, (_, i) => ({
    k: [2, 3, 5, 7, 11, 17][i]!,
    a: (0.6 / (i + 1)) * (0.5 + r()),
    p: r() * Math.PI * 2,
  }))
  const total = waves.reduce((s, w) => s + w.a, 0)
  return (t) =>
    (waves.reduce((s, w) => s + w.a * Math.sin(w.k * t * Math.PI * 2 + w.p), 0) / total + 1) / 2
}

/** yyyy-mm-dd (or an ISO date-time) → dd/mm/aaaa. */
export function brDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}

const saoPaulo = wallClockIn(SAO_PAULO_TIME_ZONE)

/** An instant as the date and time in São Paulo: dd/mm/aaaa and hh:mm:ss. */
export function brDateTime(iso: string): { date: string; time: string } {
  return brazilianWallClock(saoPaulo(iso))
}

/** km with three decimals, pt-BR: 13,250. */
export function brKm(km: number): string {
  const [int, frac] = km.toFixed(3).split('.')
  return `${Number(int).toLocaleString('pt-BR')},${frac}`
}
