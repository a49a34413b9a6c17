import { parseBrNumber } from '@gis/shared/features'

/**
 * UTM positions as Brazilian users write and read them, whatever the browser's language:
 * `23S 333.624,18 E 7.394.647,52 N` (the zone, then easting and northing in metres with a
 * decimal comma and dots grouping thousands). Pure text: the maths is in `utm.ts`.
 */

/** A zone and metres as typed, before they are checked against the served zones. */
export interface UtmText {
  zone: string
  easting: string
  northing: string
}

/** A zone's hemisphere letter: S (south), or a southern latitude band of Brazil (H to M). */
const ZONE = /^(\d{1,2})\s*([SHJKLM])?$/i
const ZONE_LETTER = /^[SHJKLM]$/i

/** `23S`, `23 S`, `23`, `23K` (a GPS's band) → 23; NaN when it is not a zone. */
export function readZone(text: string): number {
  const m = ZONE.exec(text.trim())
  return m ? Number(m[1]) : NaN
}

/**
 * Metres typed the Brazilian way: `333.624,18`, `333624,18`, `7.394.647`. A dot is a decimal
 * point only where it cannot group thousands (`333624.18`, as GPS and GIS programs write it):
 * no easting, nor any northing within UTM's latitudes, has 3 digits or fewer before a decimal
 * point, so `333.624` is always 333 624 m. NaN when it is not a number of metres (no minus).
 */
export function readMetres(text: string): number {
  const s = text.trim()
  if (s.startsWith('-')) return NaN
  const br = parseBrNumber(s)
  if (br !== undefined) return br
  return /^\d{4,}\.\d+$/.test(s) ? Number(s) : NaN
}

/** Metres with 2 decimals, a decimal comma and thousands dots: `7.394.647,52`. */
export function formatMetres(value: number): string {
  const [int = '', frac = ''] = Math.abs(value).toFixed(2).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${value < 0 ? '-' : ''}${grouped},${frac}`
}

/** `23S 333.624,18 E 7.394.647,52 N`: what the panel and the menu show and copy. */
export function formatUtm(zone: number, easting: number, northing: number): string {
  return `${zone}S ${formatMetres(easting)} E ${formatMetres(northing)} N`
}

const LEADING_WORDS = /^(utm|zona|fuso)[:]?$/i
/** Axis marks before or after a number: E, N, mE, mN, Este, Leste, Norte, with a colon. */
function axisOf(token: string): 'E' | 'N' | 'm' | null {
  const t = token.toLowerCase().replace(/[:=]$/, '')
  if (t === 'm') return 'm'
  if (['e', 'me', 'este', 'leste'].includes(t)) return 'E'
  if (['n', 'mn', 'norte'].includes(t)) return 'N'
  return null
}

/**
 * Reads a pasted UTM position: a zone first (`23S`, `23 S`, `zona 23S`, a GPS's `23K`), then
 * easting and northing, separated by spaces, semicolons or a comma and a space, each number
 * optionally marked (`E 333.624,18`, `333624,18 mE`, `m`); marked N before E, they are read in
 * that order, else easting comes first. Returns the parts as written, so the fields show what
 * was pasted; null when the text is not one. The zone and ranges are checked by the caller.
 */
export function splitPastedUtm(text: string): UtmText | null {
  const tokens = text
    .trim()
    .split(/\s*;\s*|,\s+|\s+/)
    .filter(Boolean)
    // `333624.18,7394647.52`, as a GIS program copies a pair: a comma cannot be decimal there.
    .flatMap((t) => (/^\d+\.\d+,\d+\.\d+$/.test(t) ? t.split(',') : [t]))
    // Marks stuck to a number: `E333624`, `333624mE`, `N:7394647`.
    .flatMap((t) =>
      t
        .replace(/^([a-z]+[:=]?)(?=\d)/i, '$1 ')
        .replace(/(\d)([a-z]+)$/i, '$1 $2')
        .split(' '),
    )
  while (tokens.length && LEADING_WORDS.test(tokens[0]!)) tokens.shift()
  let zone = tokens.shift()
  if (zone === undefined || !ZONE.test(zone)) return null
  if (/^\d+$/.test(zone) && tokens[0] && ZONE_LETTER.test(tokens[0])) zone += tokens.shift()
  const numbers: string[] = []
  const axes: ('E' | 'N')[] = []
  for (const token of tokens) {
    const axis = axisOf(token)
    if (axis === 'E' || axis === 'N') axes.push(axis)
    else if (axis === null) {
      if (Number.isNaN(readMetres(token))) return null
      numbers.push(token)
    }
  }
  if (numbers.length !== 2) return null
  if (axes.length !== 0 && (axes.length !== 2 || axes[0] === axes[1])) return null
  const [first, second] = numbers as [string, string]
  return axes[0] === 'N'
    ? { zone, easting: second, northing: first }
    : { zone, easting: first, northing: second }
}
