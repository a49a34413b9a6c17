import type { Extent } from '@gis/shared'

/**
 * What the map reads from the OGC capabilities of /ows: the WFS feature types it may query
 * (identify and box selection query only those) and the WMS layers' geographic boxes (the
 * extent "fit to layer" uses). Parsed with the browser's DOMParser; anything unexpected gives
 * an empty answer rather than an error.
 */
const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? ''

function child(el: Element, local: string): Element | null {
  for (const c of Array.from(el.children)) if (c.localName === local) return c
  return null
}

function parse(xml: string): Document | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml')
  return doc.getElementsByTagName('parsererror').length ? null : doc
}

/** WFS GetCapabilities: the feature type names without their prefix ('gis:oae' → 'oae'). */
export function wfsTypeNames(xml: string): string[] {
  const doc = parse(xml)
  if (!doc) throw new Error('invalid WFS capabilities')
  return Array.from(doc.getElementsByTagNameNS('*', 'FeatureType'))
    .map((ft) => text(child(ft, 'Name')).replace(/^[^:]*:/, ''))
    .filter(Boolean)
}

/** WMS GetCapabilities: each named layer's EX_GeographicBoundingBox, or null without one. */
export function wmsLayerExtents(xml: string): Record<string, Extent | null> {
  const doc = parse(xml)
  if (!doc) throw new Error('invalid WMS capabilities')
  const out: Record<string, Extent | null> = {}
  for (const layer of Array.from(doc.getElementsByTagNameNS('*', 'Layer'))) {
    const name = text(child(layer, 'Name'))
    if (!name) continue
    const box = child(layer, 'EX_GeographicBoundingBox')
    if (!box) {
      out[name] = null
      continue
    }
    const n = (k: string) => Number(text(child(box, k)) || NaN)
    out[name] = [
      n('westBoundLongitude'),
      n('southBoundLatitude'),
      n('eastBoundLongitude'),
      n('northBoundLatitude'),
    ]
  }
  return out
}

/**
 * The spec's rule for a layer's box (spec 3 section 5): null, fewer than four numbers, or
 * outside ±180 longitude or ±90 latitude counts as zeros, and a zero box as no information.
 */
export function usableExtent(extent: readonly number[] | null | undefined): Extent | null {
  if (!extent || extent.length < 4) return null
  const [minx, miny, maxx, maxy] = extent as [number, number, number, number]
  const inRange =
    [minx, maxx].every((x) => Number.isFinite(x) && x >= -180 && x <= 180) &&
    [miny, maxy].every((y) => Number.isFinite(y) && y >= -90 && y <= 90)
  if (!inRange) return null
  if (minx === 0 && miny === 0 && maxx === 0 && maxy === 0) return null
  if (maxx < minx || maxy < miny) return null
  return [minx, miny, maxx, maxy]
}
