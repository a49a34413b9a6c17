import { Geodesic, PolygonArea } from 'geographiclib-geodesic'

/**
 * Measures on the WGS 84 ellipsoid (geographiclib), not in Web Mercator: a Web Mercator
 * measure is off by 1/cos(latitude), about 9% at São Paulo's latitude (decision in
 * docs/decisions.md). Coordinates are [longitude, latitude] in EPSG:4326.
 */
const wgs84 = Geodesic.WGS84

/** Length of a line through the positions, in metres. */
export function geodesicLength(positions: readonly (readonly number[])[]): number {
  let total = 0
  for (let i = 1; i < positions.length; i++) {
    const [lon1 = 0, lat1 = 0] = positions[i - 1]!
    const [lon2 = 0, lat2 = 0] = positions[i]!
    total += wgs84.Inverse(lat1, lon1, lat2, lon2).s12 ?? 0
  }
  return total
}

/** Area enclosed by a ring (closed or not), in square metres, whatever its orientation. */
export function geodesicArea(ring: readonly (readonly number[])[]): number {
  const points = ring.length > 1 && samePosition(ring[0]!, ring.at(-1)!) ? ring.slice(0, -1) : ring
  if (points.length < 3) return 0
  const polygon = new PolygonArea.PolygonArea(wgs84, false)
  for (const [lon = 0, lat = 0] of points) polygon.AddPoint(lat, lon)
  // sign = true: a signed area (counter-clockwise positive), never "the rest of the earth"
  // for a clockwise ring; its absolute value is the area whichever way the ring turns.
  return Math.abs(polygon.Compute(false, true).area ?? 0)
}

function samePosition(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1]
}

const twoDecimals = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** Metres up to 100 m, kilometres above; two decimals (spec 2 section 9). */
export function formatLength(metres: number): string {
  return metres > 100
    ? `${twoDecimals.format(metres / 1000)} km`
    : `${twoDecimals.format(metres)} m`
}

/** Square metres up to 10,000 m², square kilometres above; two decimals. */
export function formatArea(squareMetres: number): string {
  return squareMetres > 10_000
    ? `${twoDecimals.format(squareMetres / 1_000_000)} km²`
    : `${twoDecimals.format(squareMetres)} m²`
}
