import {
  brazilianWallClock,
  formatBrNumber,
  isoDateToBr,
  SAO_PAULO_TIME_ZONE,
  t,
  wallClockIn,
} from '@gis/shared'
import type { Queryable } from '../db/types'
import { fieldOf, type CatalogueLayer } from '../layer-data/model'
import { escapeXml } from './ows-errors'
import { FEATURE_NS, FEATURE_PREFIX, wfsProperties } from './wfs-capabilities'
import { geojsonFeatures, gmlMembersText, type CompiledQuery } from './wfs.sql'
import type { GetFeatureInfoRequest } from './wms-request'
import { featuresNear, searchBox } from './wms-map.sql'

// GetFeatureInfo: the features under a pixel of a map, in HTML, GeoJSON or GML 3.1.1, with
// the fields a WFS client of the same caller reads.

/** How far from the pixel a feature is found, in pixels (a point symbol's size, a line's). */
const TOLERANCE = 6

export interface FoundFeatures {
  layer: CatalogueLayer
  ids: number[]
}

/** The features of each queried layer near the pixel, nearest first. */
export async function featuresAt(
  db: Queryable,
  layers: CatalogueLayer[],
  req: GetFeatureInfoRequest,
): Promise<FoundFeatures[]> {
  const { box, width, height } = req.view
  const search = await searchBox(db, req.view)
  if (!search) return layers.map((layer) => ({ layer, ids: [] }))
  const sx = (box.maxx - box.minx) / width
  const sy = (box.maxy - box.miny) / height
  const point = {
    x: box.minx + (req.i + 0.5) * sx,
    y: box.maxy - (req.j + 0.5) * sy,
    srid: box.srid,
  }
  const radius = TOLERANCE * Math.max(sx, sy)
  const found: FoundFeatures[] = []
  for (const layer of layers) {
    const ids = await featuresNear(db, layer, point, radius, search, req.featureCount)
    found.push({ layer, ids })
  }
  return found
}

function compiled(layer: CatalogueLayer, req: GetFeatureInfoRequest): CompiledQuery {
  const props = wfsProperties(layer)
  return {
    layer,
    where: '',
    params: [],
    orderBy: 't.id',
    props: props.filter((p) => p.type !== 'geometry'),
    withGeometry: props.some((p) => p.type === 'geometry'),
    srs: { ...req.crs, latLon: false },
  }
}

/** A GeoJSON FeatureCollection of the found features (geometry in the map's CRS, x/y). */
export async function infoJson(
  db: Queryable,
  found: FoundFeatures[],
  req: GetFeatureInfoRequest,
): Promise<string> {
  const parts: string[] = []
  for (const f of found) {
    if (f.ids.length) parts.push(await geojsonFeatures(db, compiled(f.layer, req), f.ids))
  }
  return `{"type":"FeatureCollection","features":[${parts.join(',')}]}`
}

/** A GML 3.1.1 FeatureCollection of the found features, as WFS 1.1.0 writes them. */
export async function infoGml(
  db: Queryable,
  found: FoundFeatures[],
  req: GetFeatureInfoRequest,
): Promise<string> {
  const members: string[] = []
  for (const f of found) {
    if (f.ids.length) {
      members.push(await gmlMembersText(db, compiled(f.layer, req), 'gml31', f.ids, FEATURE_PREFIX))
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}">${members.join('')}
</wfs:FeatureCollection>
`
}

const saoPaulo = wallClockIn(SAO_PAULO_TIME_ZONE)

/** A value as the feature window shows it: Brazilian numbers and dates, Sim/Não. */
function shown(layer: CatalogueLayer, name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  const type = fieldOf(layer, name)?.type
  if (typeof value === 'number') return formatBrNumber(value)
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no')
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  if (type === 'date') return isoDateToBr(text)
  if (type === 'datetime') {
    const c = brazilianWallClock(saoPaulo(text))
    return `${c.date} ${c.time}`
  }
  return text
}

/** An HTML page of the found features: a table per feature, its fields by their titles. */
export async function infoHtml(
  db: Queryable,
  found: FoundFeatures[],
  req: GetFeatureInfoRequest,
): Promise<string> {
  const sections: string[] = []
  for (const f of found) {
    if (!f.ids.length) continue
    const json = await geojsonFeatures(
      db,
      { ...compiled(f.layer, req), withGeometry: false },
      f.ids,
    )
    const features = JSON.parse(`[${json}]`) as {
      id: string
      properties: Record<string, unknown>
    }[]
    for (const feature of features) {
      const rows = Object.entries(feature.properties).map(([name, value]) => {
        const title = fieldOf(f.layer, name)?.title || name
        return `<tr><th>${escapeXml(title)}</th><td>${escapeXml(shown(f.layer, name, value))}</td></tr>`
      })
      sections.push(
        `<section><h2>${escapeXml(f.layer.title)}</h2><table>${rows.join('')}</table></section>`,
      )
    }
  }
  const body = sections.length ? sections.join('\n') : `<p>${escapeXml(t('ogc.infoNothing'))}</p>`
  return `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeXml(t('ogc.infoTitle'))}</title>
<style>body{font:13px system-ui,sans-serif;margin:8px}h2{font-size:14px;margin:8px 0 4px}table{border-collapse:collapse}th,td{border:1px solid #cfd8dc;padding:2px 6px;text-align:left;vertical-align:top}th{background:#eceff1;font-weight:600}</style>
</head><body>
${body}
</body></html>
`
}
