import { COORDINATE_DECIMALS, COORDINATE_EPSILON } from './constants'

export interface LatLon {
  lat: number
  lon: number
}

/**
 * Reads a pasted coordinate (spec 2 section 5): commas become spaces, the text is split on
 * spaces and must give exactly two numbers, latitude first and longitude second, each in its
 * range. Anything else is refused (null), and the panel says 'Não foi possivel colar…'.
 */
export function parsePastedCoordinate(text: string): LatLon | null {
  const parts = text.replace(/,/g, ' ').trim().split(/\s+/).filter(Boolean)
  if (parts.length !== 2) return null
  const [lat, lon] = parts.map(toNumber) as [number, number]
  return validLatitude(lat) && validLongitude(lon) ? { lat, lon } : null
}

function toNumber(text: string): number {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN
}

export function validLatitude(lat: number): boolean {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90
}

export function validLongitude(lon: number): boolean {
  return Number.isFinite(lon) && lon >= -180 && lon <= 180
}

/** A value as the panel shows it: 6 decimals, a dot as the decimal separator. */
export function formatDegrees(value: number): string {
  return value.toFixed(COORDINATE_DECIMALS)
}

/** 'lat, lon' with 6 decimals: what the context menu and the panel copy. */
export function formatLatLon({ lat, lon }: LatLon): string {
  return `${formatDegrees(lat)}, ${formatDegrees(lon)}`
}

/** Whether the read-out should change: only past 1e-6 degrees (spec 2 section 9). */
export function movedEnough(a: LatLon | null, b: LatLon): boolean {
  return (
    !a ||
    Math.abs(a.lat - b.lat) > COORDINATE_EPSILON ||
    Math.abs(a.lon - b.lon) > COORDINATE_EPSILON
  )
}
