import {
  extentSchema,
  t,
  validLonLatBox,
  type Extent,
  type MapConfig,
  type MapConfigUpdate,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { badRequest } from '../../http/errors'
import { readSetting, writeSetting } from '../config/config.service'

/** A box covering Brazil: the spec's default when no start position is configured. */
const BRAZIL: Extent = [-74.0, -34.0, -34.8, 5.3]
const R = 6_378_137

function toWebMercator([minx, miny, maxx, maxy]: Extent): Extent {
  const x = (lon: number) => (R * lon * Math.PI) / 180
  const y = (lat: number) =>
    R * Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 360))
  return [x(minx), y(miny), x(maxx), y(maxy)]
}

function toLonLat([minx, miny, maxx, maxy]: Extent): Extent {
  const lon = (x: number) => (x / R) * (180 / Math.PI)
  const lat = (y: number) => (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI)
  const round = (n: number) => Math.round(n * 1e7) / 1e7
  return [round(lon(minx)), round(lat(miny)), round(lon(maxx)), round(lat(maxy))]
}

/** The map's start extent (setting `mapStartPos`, lon/lat) in EPSG:3857 and EPSG:4326. */
export async function mapConfig(db: Queryable): Promise<MapConfig> {
  const stored = extentSchema.safeParse(await readSetting(db, 'mapStartPos'))
  const lonLat = stored.success ? stored.data : BRAZIL
  return {
    mapStartPos: toWebMercator(lonLat),
    mapStartPosLonLat: lonLat,
    projection: 'EPSG:3857' as const,
  }
}

/** POST /api/mapconfig: a new start position (a box in either projection), stored in lon/lat. */
export async function saveMapConfig(db: Queryable, body: MapConfigUpdate): Promise<MapConfig> {
  const lonLat = body.mapStartPosLonLat ?? toLonLat(body.mapStartPos!)
  if (!validLonLatBox(lonLat)) {
    const field = body.mapStartPosLonLat ? 'mapStartPosLonLat' : 'mapStartPos'
    throw badRequest([{ field, message: t('admin.mapconfig.extentInvalid') }])
  }
  await writeSetting(db, 'mapStartPos', lonLat)
  return mapConfig(db)
}
