import { createHash } from 'node:crypto'
import { DEFAULT_FILL, DEFAULT_STROKE, type LayerStyle } from '@gis/shared'
import type { CatalogueLayer } from '../layer-data/model'
import { escapeXml } from './ows-errors'

const ROW = 24
const FONT = 12

interface Entry {
  label: string
  fill?: string
  stroke?: { color: string; width: number }
}

function symbol(layer: CatalogueLayer, style: LayerStyle, e: Entry, y: number, size: number) {
  const fill = e.fill ?? style.fill ?? DEFAULT_FILL
  const stroke = e.stroke ?? style.stroke ?? DEFAULT_STROKE
  const s = `stroke="${escapeXml(stroke.color)}" stroke-width="${Math.min(stroke.width, 6)}"`
  const f = `fill="${escapeXml(fill)}"`
  const cx = 2 + size / 2
  const cy = y + ROW / 2
  const g = layer.geometryType
  if (g === 'linestring' || g === 'multilinestring') {
    const color = escapeXml(e.fill ?? stroke.color)
    return `<path d="M2 ${cy + size / 3} Q ${cx} ${cy - size / 2} ${2 + size} ${cy - size / 4}" fill="none" stroke="${color}" stroke-width="${Math.max(2, Math.min(stroke.width, 6))}"/>`
  }
  if (g === 'polygon' || g === 'multipolygon') {
    return `<rect x="3" y="${cy - size / 2 + 1}" width="${size - 2}" height="${size - 2}" ${f} ${s}/>`
  }
  const r = Math.min(style.point?.radius ?? 5, size / 2 - 1)
  switch (style.point?.shape) {
    case 'square':
      return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" ${f} ${s}/>`
    case 'triangle':
      return `<polygon points="${cx},${cy - r} ${cx + r},${cy + r} ${cx - r},${cy + r}" ${f} ${s}/>`
    default:
      return `<circle cx="${cx}" cy="${cy}" r="${r}" ${f} ${s}/>`
  }
}

/** The legend entries of a style: one per category, or the layer itself. */
export function legendEntries(layer: CatalogueLayer): Entry[] {
  const classes = layer.style.categories?.classes ?? []
  return classes.length
    ? classes.map((c) => ({ label: c.label, fill: c.fill, stroke: c.stroke }))
    : [{ label: layer.title }]
}

const cache = new Map<string, Promise<Buffer>>()

/** A PNG legend drawn from the layer's style (symbols and labels), cached by style. */
export function legendPng(layer: CatalogueLayer, symbolSize = 20): Promise<Buffer> {
  const size = Math.max(8, Math.min(symbolSize, 64))
  const key = createHash('sha256')
    .update(JSON.stringify([layer.name, layer.title, layer.geometryType, layer.style, size]))
    .digest('hex')
  let png = cache.get(key)
  if (!png) {
    const entries = legendEntries(layer)
    const width = Math.max(
      64,
      Math.ceil(size + 10 + Math.max(...entries.map((e) => e.label.length)) * FONT * 0.62),
    )
    const height = entries.length * ROW
    const rows = entries
      .map(
        (e, i) =>
          `${symbol(layer, layer.style, e, i * ROW, size)}<text x="${size + 8}" y="${i * ROW + ROW / 2 + FONT / 3}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${FONT}" fill="#212121">${escapeXml(e.label)}</text>`,
      )
      .join('')
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rows}</svg>`
    // sharp (libvips) loads on the first legend, not at every server start.
    png = import('sharp').then(({ default: sharp }) => sharp(Buffer.from(svg)).png().toBuffer())
    if (cache.size > 500) cache.clear()
    cache.set(key, png)
    png.catch(() => cache.delete(key))
  }
  return png
}
