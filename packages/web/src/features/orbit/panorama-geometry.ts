import type { OrbitEvent } from '@gis/shared/imagery'
import { imagePaths } from '@gis/shared/imagery'

/** The camera's height above the road (m): where a neighbour's arrow lies below the horizon. */
export const CAMERA_HEIGHT_M = 2.5

const R = 6_371_008.8
const rad = (deg: number) => (deg * Math.PI) / 180
const deg = (r: number) => (r * 180) / Math.PI

/** Bearing from a to b, degrees clockwise from north, and the distance in metres. */
export function bearingDistance(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): { bearing: number; distance: number } {
  const φ1 = rad(a.latitude)
  const φ2 = rad(b.latitude)
  const Δλ = rad(b.longitude - a.longitude)
  const y = Math.sin(Δλ) * Math.cos(φ2)
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ)
  const bearing = (deg(Math.atan2(y, x)) + 360) % 360
  const Δφ = φ2 - φ1
  const h = Math.sin(Δφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2
  const distance = 2 * R * Math.asin(Math.min(1, Math.sqrt(h)))
  return { bearing, distance }
}

/**
 * The sphere correction that turns the panorama so that the viewer's yaw is a compass bearing:
 * the image's centre is the vehicle's forward direction (its azimuth), so it must appear at
 * yaw = azimuth. Photo Sphere Viewer turns the sphere by -pan (as for a GPano PoseHeading).
 */
export function northPan(azimuth: number): number {
  return -rad(azimuth)
}

/** Where a neighbour's arrow sits in the panorama: its bearing, below the horizon by distance. */
export function arrowPosition(
  from: OrbitEvent,
  to: OrbitEvent,
): { yaw: number; pitch: number; distance: number } {
  const { bearing, distance } = bearingDistance(from, to)
  return {
    yaw: rad(bearing),
    pitch: -Math.atan2(CAMERA_HEIGHT_M, Math.max(distance, 1)),
    distance,
  }
}

/** The panorama of an event for the tiles adapter (base image, then tiles), or null. */
export function panoramaOf(event: OrbitEvent, imageBase: string, token: string | null) {
  const { orbitEventDir: dir, orbitEventId: id, panorama } = event
  if (!dir || !id || !panorama) return null
  const q = token ? `?token=${encodeURIComponent(token)}` : ''
  const url = (path: string) => `${imageBase}/${path}${q}`
  const cols = Math.max(2, panorama.cols)
  return {
    width: panorama.width,
    cols,
    rows: cols / 2,
    baseUrl: url(imagePaths.panorama(dir, id)),
    tileUrl: (col: number, row: number) =>
      panorama.cols >= 2 ? url(imagePaths.panoramaTile(dir, id, col, row)) : null,
  }
}
