// What the web map (packages/web/src/map/style.ts), the WMS map and the WMS legend
// (packages/server/src/ogc/wms-map.ts, legend.ts) draw alike from a layer's `LayerStyle`.

/** A layer's fill and outline when its style names none. */
export const DEFAULT_FILL = '#90a4ae'
export const DEFAULT_STROKE = { color: '#37474f', width: 1 }

/** Labels: dark text in a light halo. */
export const LABEL_COLOR = '#1b2a33'
export const LABEL_HALO = { color: 'rgba(255,255,255,0.92)', width: 3 }

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 })

/**
 * A map label's text: numbers as pt-BR writes them, booleans in the given words (the
 * catalogue's 'Sim'/'Não'), nothing for no value.
 */
export function labelText(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return numberFormat.format(value)
  if (typeof value === 'boolean') return value ? yes : no
  return String(value)
}
