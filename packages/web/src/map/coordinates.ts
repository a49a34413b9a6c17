import { COORDINATE_DECIMALS, COORDINATE_EPSILON } from './constants'

export interface LatLon {
  lat: number
  lon: number
}

/**
 * Reads a pasted coordinate (spec 2 section 5): commas become spaces, the text is split on
 * spaces and must give exactly two numbers, latitude first and longitude second, each in its
 * range. Failing that, the Brazilian way: two numbers with decimal commas (or dots) separated
 * by spaces, a semicolon or a comma and a space (`-23,55 -46,63`, `-23,550520; -46,633308`, as
 * the panel shows them). Anything else is refused (null), and the panel says 'Não foi
 * possivel colar…'. A UTM text is `splitPastedUtm`'s (utm-text.ts).
 */
export function parsePastedCoordinate(text: string): LatLon | null {
  const parts = splitPastedDegrees(text)
  return parts ? { lat: parts.lat.value, lon: parts.lon.value } : null
}

/** A pasted latitude and longitude, each as written and as read. */
export interface PastedDegrees {
  lat: { text: string; value: number }
  lon: { text: string; value: number }
}

/** `parsePastedCoordinate` keeping the numbers as written, for the fields to show them so. */
export function splitPastedDegrees(text: string): PastedDegrees | null {
  return (
    pair(text.replace(/,/g, ' ').trim().split(/\s+/).filter(Boolean), toNumber) ??
    pair(
      text
        .trim()
        .split(/\s*;\s*|,\s+|\s+/)
        .filter(Boolean),
      readDegrees,
    )
  )
}

function pair(parts: string[], read: (text: string) => number): PastedDegrees | null {
  if (parts.length !== 2) return null
  const [latText, lonText] = parts as [string, string]
  const [lat, lon] = [read(latText), read(lonText)]
  return validLatitude(lat) && validLongitude(lon)
    ? { lat: { text: latText, value: lat }, lon: { text: lonText, value: lon } }
    : null
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

/**
 * A typed latitude or longitude: a decimal comma (`-23,55`, the Brazilian way) or a decimal
 * dot (`-23.55`, as GPS devices and the pasted pairs write it). Never ambiguous: a dot that
 * grouped thousands would make it 1000 or more, out of any range. NaN when it is not one.
 */
export function readDegrees(text: string): number {
  const s = text.trim()
  return /^[+-]?\d+([.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : NaN
}

/** A value as the copied pairs write it: 6 decimals, a dot (the paste format, spec 2 §5). */
export function formatDegrees(value: number): string {
  return value.toFixed(COORDINATE_DECIMALS)
}

/** A value as the panel shows it: 6 decimals, a decimal comma (`-23,550520`). */
export function shownDegrees(value: number): string {
  return formatDegrees(value).replace('.', ',')
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
