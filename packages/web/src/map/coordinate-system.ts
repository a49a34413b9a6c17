import { useSyncExternalStore } from 'react'
import {
  formatLatLon,
  readDegrees,
  shownDegrees,
  splitPastedDegrees,
  type LatLon,
} from './coordinates'
import { fromUtm, toUtm, type UtmPosition } from './utm'
import { formatMetres, formatUtm, readMetres, readZone, splitPastedUtm } from './utm-text'

/**
 * The system the map's coordinates are shown, copied and typed in: degrees (SIRGAS 2000 /
 * WGS 84 latitude and longitude) or SIRGAS 2000 / UTM with its zone. Chosen in the
 * coordinates panel, kept in this browser's local storage as the map's other choices
 * (`gis.map.surveyTracks`), and followed by the right-click menu and the 360° page.
 */
export type CoordinateSystem = 'degrees' | 'utm'

export const COORDINATE_SYSTEM_KEY = 'gis.map.coordinateSystem'

const listeners = new Set<() => void>()

export function readCoordinateSystem(): CoordinateSystem {
  try {
    return window.localStorage.getItem(COORDINATE_SYSTEM_KEY) === 'utm' ? 'utm' : 'degrees'
  } catch {
    return 'degrees'
  }
}

let current: CoordinateSystem | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab's choice.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== COORDINATE_SYSTEM_KEY) return
    current = readCoordinateSystem()
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function snapshot(): CoordinateSystem {
  current ??= readCoordinateSystem()
  return current
}

export function saveCoordinateSystem(system: CoordinateSystem): void {
  try {
    window.localStorage.setItem(COORDINATE_SYSTEM_KEY, system)
  } catch {
    // private browsing: the choice lasts for this page only
  }
  current = system
  for (const listener of listeners) listener()
}

/** The chosen system and its setter, shared by every component that shows coordinates. */
export function useCoordinateSystem(): [CoordinateSystem, (system: CoordinateSystem) => void] {
  const system = useSyncExternalStore(subscribe, snapshot, () => 'degrees' as const)
  return [system, saveCoordinateSystem]
}

/** A position as shown in a system: UTM falls back to degrees outside zones 18S–25S. */
export type ShownPosition =
  | { system: 'degrees'; lat: string; lon: string; outsideUtm: boolean }
  | { system: 'utm'; zone: number; easting: string; northing: string }

export function shownPosition(at: LatLon, system: CoordinateSystem): ShownPosition {
  const utm = system === 'utm' ? toUtm(at) : null
  if (utm)
    return {
      system: 'utm',
      zone: utm.zone,
      easting: formatMetres(utm.easting),
      northing: formatMetres(utm.northing),
    }
  return {
    system: 'degrees',
    lat: shownDegrees(at.lat),
    lon: shownDegrees(at.lon),
    outsideUtm: system === 'utm',
  }
}

/**
 * What the panel and the right-click menu copy: `-23.550520, -46.633308` in degrees (spec 2
 * §5's pair, a dot; decision 63), `23S 333.624,18 E 7.394.647,52 N` in UTM; outside the UTM
 * zones the degrees, as shown.
 */
export function positionText(at: LatLon, system: CoordinateSystem): string {
  const utm = system === 'utm' ? toUtm(at) : null
  return utm ? formatUtm(utm.zone, utm.easting, utm.northing) : formatLatLon(at)
}

/** Typed UTM fields read: the position, or what is wrong with each field. */
export function readUtmFields(fields: { zone: string; easting: string; northing: string }): {
  position: UtmPosition
  at: LatLon | null
} {
  const position = {
    zone: readZone(fields.zone),
    easting: readMetres(fields.easting),
    northing: readMetres(fields.northing),
  }
  return { position, at: fromUtm(position) }
}

/** A pasted text in either system, its parts as written: null when it is neither. */
export type PastedPosition =
  | { system: 'degrees'; lat: string; lon: string }
  | { system: 'utm'; zone: string; easting: string; northing: string }

export function parsePastedPosition(text: string): PastedPosition | null {
  const degrees = splitPastedDegrees(text)
  if (degrees)
    return {
      system: 'degrees',
      // As pasted, unless written in a way the field does not read (`1e-3`).
      lat: fieldText(degrees.lat),
      lon: fieldText(degrees.lon),
    }
  const utm = splitPastedUtm(text)
  if (utm && readUtmFields(utm).at) return { system: 'utm', ...utm }
  return null
}

function fieldText({ text, value }: { text: string; value: number }): string {
  return Number.isNaN(readDegrees(text)) ? String(value) : text
}
