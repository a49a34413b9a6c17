import type { Page } from '@playwright/test'
import { type View } from './map'

/** Web Mercator: metres per pixel at a zoom, and the conversions the map uses. */
const R = 6_378_137
export const resolution = (zoom: number) => 156_543.033_928_041 / 2 ** zoom
export const toMercator = (lon: number, lat: number) => [
  (R * lon * Math.PI) / 180,
  R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)),
]
const toLonLat = (x: number, y: number) => [
  (x / R) * (180 / Math.PI),
  (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI),
]

/** The map's box on the page. */
export async function mapBox(page: Page) {
  const box = await page.getByRole('region', { name: 'Mapa' }).boundingBox()
  if (!box) throw new Error('no map')
  return box
}

/** Longitude and latitude under a page pixel, for a map showing `view`. */
export async function lonLatAt(page: Page, view: View, x: number, y: number) {
  const box = await mapBox(page)
  const [cx, cy] = toMercator(view.lon, view.lat) as [number, number]
  const r = resolution(view.z)
  const mx = cx + (x - (box.x + box.width / 2)) * r
  const my = cy - (y - (box.y + box.height / 2)) * r
  return toLonLat(mx, my) as [number, number]
}

/** The page pixel of a longitude and latitude, for a map showing `view`. */
export async function pixelOf(page: Page, view: View, lon: number, lat: number) {
  const box = await mapBox(page)
  const [cx, cy] = toMercator(view.lon, view.lat) as [number, number]
  const [x, y] = toMercator(lon, lat) as [number, number]
  const r = resolution(view.z)
  return [box.x + box.width / 2 + (x - cx) / r, box.y + box.height / 2 - (y - cy) / r] as [
    number,
    number,
  ]
}
