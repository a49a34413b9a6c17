import {
  DEFAULT_FILL,
  DEFAULT_STROKE,
  LABEL_COLOR,
  LABEL_HALO,
  labelText,
  t,
  type LayerStyle,
} from '@gis/shared'
import sharp from 'sharp'
import type { Queryable } from '../db/types'
import type { CatalogueLayer } from '../layer-data/model'
import { isGeographic } from './crs'
import { escapeXml } from './ows-errors'
import type { GetMapRequest } from './wms-request'
import { kindOf, labelAnchors, layerShapes, searchBox, type PixelView } from './wms-map.sql'

// GetMap: the layers drawn on the server from the same `LayerStyle` the web map draws with
// (packages/web/src/map/style.ts): the same defaults, symbols, categories and labels. PostGIS
// puts the shapes in pixels; librsvg (through sharp, on libuv's threads, off the event loop)
// draws the SVG made of them.

/** Metres of EPSG:3857 per degree of longitude. */
const MERCATOR_METRES_PER_DEGREE = 111_319.490_793_273_6

/** The web map's zoom level of a view: its EPSG:3857 resolution as OpenLayers counts it. */
export function viewZoom(view: PixelView, centreLatitude: number): number {
  const { box, width } = view
  const perPixel = (box.maxx - box.minx) / width
  const mercator =
    box.srid === 3857
      ? perPixel
      : isGeographic(box.srid)
        ? perPixel * MERCATOR_METRES_PER_DEGREE
        : perPixel / Math.cos((centreLatitude * Math.PI) / 180)
  return Math.log2(156_543.033_928_041 / mercator)
}

interface Paint {
  fill?: string
  stroke?: { color: string; width: number }
}

/** The SVG presentation attributes of a layer's symbol (or of one of its classes). */
function symbolAttributes(layer: CatalogueLayer, paint: Paint): string {
  const style = layer.style
  const fill = paint.fill ?? style.fill ?? DEFAULT_FILL
  const stroke = paint.stroke ?? style.stroke ?? DEFAULT_STROKE
  const kind = kindOf(layer)
  if (kind === 'line') {
    const color = paint.fill ?? paint.stroke?.color ?? stroke.color
    return `fill="none" stroke="${escapeXml(color)}" stroke-width="${Math.max(1, stroke.width)}" stroke-linecap="round" stroke-linejoin="round"`
  }
  const outline =
    stroke.width > 0
      ? `stroke="${escapeXml(stroke.color)}" stroke-width="${stroke.width}"`
      : 'stroke="none"'
  return `fill="${escapeXml(fill)}" ${outline}`
}

const r1 = (n: number) => Math.round(n * 10) / 10

/** Path data of a point symbol at each `x y` pair (circle, square or triangle of the style). */
function pointPath(style: LayerStyle, pairs: string): string {
  const r = style.point?.radius ?? 5
  const shape = style.point?.shape ?? 'circle'
  const out: string[] = []
  for (const pair of pairs.split(',')) {
    const [xs, ys] = pair.split(' ')
    const x = Number(xs)
    const y = Number(ys)
    if (shape === 'square') {
      out.push(`M${r1(x - r)} ${r1(y - r)}h${2 * r}v${2 * r}h${-2 * r}z`)
    } else if (shape === 'triangle') {
      // OpenLayers' RegularShape of 3 points, radius 1.2 r, a vertex up.
      const R = r * 1.2
      const dx = r1(R * Math.sin((2 * Math.PI) / 3))
      const dy = r1(-R * Math.cos((2 * Math.PI) / 3))
      out.push(`M${r1(x)} ${r1(y - R)}L${r1(x + dx)} ${r1(y + dy)}L${r1(x - dx)} ${r1(y + dy)}z`)
    } else {
      out.push(`M${r1(x - r)} ${r1(y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`)
    }
  }
  return out.join('')
}

/** A label's box, to keep labels apart as the web map's decluttering does. */
interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

/** The labels' font: the web map's weight and size, in the fonts a server has. */
const LABEL_FONT =
  'font-family="Inter, DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="12" font-weight="600"'

async function layerSvg(
  db: Queryable,
  layer: CatalogueLayer,
  view: PixelView,
  search: [number, number, number, number],
  zoom: number,
  placed: Box[],
): Promise<string> {
  const shapes = await layerShapes(db, layer, view, search)
  const classes = layer.style.categories?.classes ?? []
  const kind = kindOf(layer)
  const parts = shapes.map((s) => {
    const c = s.cls >= 0 ? classes[s.cls] : undefined
    const attrs = symbolAttributes(layer, c ? { fill: c.fill, stroke: c.stroke } : {})
    const d = kind === 'point' ? pointPath(layer.style, s.data) : s.data
    return `<path ${attrs} d="${d}"/>`
  })
  const label = layer.style.label
  if (label && zoom >= (label.minZoom ?? 0) - 1e-9) {
    const anchors = await labelAnchors(db, layer, label.attribute, view, search)
    const offset = kind === 'point' ? -((layer.style.point?.radius ?? 5) + 9) : 0
    const texts: string[] = []
    for (const a of anchors) {
      const text = labelText(a.value, t('common.yes'), t('common.no'))
      if (!text) continue
      const y = a.y + offset
      const half = (text.length * 7 + 6) / 2
      const box = { x0: a.x - half, y0: y - 9, x1: a.x + half, y1: y + 9 }
      if (placed.some((p) => overlaps(p, box))) continue
      placed.push(box)
      let angle = kind === 'line' ? (Math.atan2(a.dy, a.dx) * 180) / Math.PI : 0
      if (angle > 90) angle -= 180
      if (angle < -90) angle += 180
      const rotate = angle ? ` transform="rotate(${r1(angle)} ${r1(a.x)} ${r1(y)})"` : ''
      texts.push(`<text x="${r1(a.x)}" y="${r1(y)}" dy="0.35em"${rotate}>${escapeXml(text)}</text>`)
    }
    if (texts.length) {
      parts.push(
        `<g ${LABEL_FONT} text-anchor="middle" fill="${LABEL_COLOR}" stroke="${LABEL_HALO.color}" stroke-width="${LABEL_HALO.width}" stroke-linejoin="round" paint-order="stroke">${texts.join('')}</g>`,
      )
    }
  }
  return parts.length ? `<g>${parts.join('')}</g>` : ''
}

/** The SVG of a map: the layers in the request's order, the first at the bottom. */
export async function mapSvg(
  db: Queryable,
  layers: CatalogueLayer[],
  req: GetMapRequest,
): Promise<string> {
  const { width, height } = req.view
  const opaque = !req.transparent || req.format === 'image/jpeg'
  const background = opaque ? `<rect width="100%" height="100%" fill="${req.background}"/>` : ''
  const search = await searchBox(db, req.view)
  const body: string[] = []
  if (search) {
    const zoom = viewZoom(req.view, (search[1] + search[3]) / 2)
    const placed: Box[] = []
    for (const layer of layers) {
      if (layer.geometryType === 'TABULAR') continue
      body.push(await layerSvg(db, layer, req.view, search, zoom, placed))
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background}${body.join('')}</svg>`
}

/** A map as PNG or JPEG. */
export async function renderMap(
  db: Queryable,
  layers: CatalogueLayer[],
  req: GetMapRequest,
): Promise<Buffer> {
  const svg = await mapSvg(db, layers, req)
  const image = sharp(Buffer.from(svg), { unlimited: true, limitInputPixels: false })
  return req.format === 'image/jpeg'
    ? image.flatten({ background: req.background }).jpeg({ quality: 88 }).toBuffer()
    : image.png({ compressionLevel: 6 }).toBuffer()
}
