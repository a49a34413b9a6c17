import type { LayerGeometryType, LayerStyle } from '@gis/shared'
import type { FeatureLike } from 'ol/Feature'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import RegularShape from 'ol/style/RegularShape'
import Stroke from 'ol/style/Stroke'
import Style, { type StyleFunction } from 'ol/style/Style'
import Text from 'ol/style/Text'
import { t } from '@gis/shared/i18n'
import {
  DEFAULT_FILL,
  DEFAULT_STROKE,
  LABEL_COLOR,
  LABEL_HALO,
  labelText as sharedLabelText,
} from '@gis/shared/map-style'

/**
 * A catalogue layer's style (`LayerStyle`) as an OpenLayers style function, drawn as the WMS
 * map and legend draw it (packages/server/src/ogc/wms-map.ts, legend.ts): the same defaults, lines in the
 * category's fill colour, points as circles, squares or triangles of the style's radius,
 * categories by an attribute's value, labels from an attribute from a minimum zoom on.
 */
/** View zoom of a resolution (EPSG:3857, 256-pixel zoom levels). */
export function zoomOf(resolution: number): number {
  return Math.log2(156_543.033_928_041 / resolution)
}

interface Paint {
  fill?: string
  stroke?: { color: string; width: number }
}

function symbolStyle(geometryType: LayerGeometryType, style: LayerStyle, paint: Paint): Style {
  const fillColor = paint.fill ?? style.fill ?? DEFAULT_FILL
  const stroke = paint.stroke ?? style.stroke ?? DEFAULT_STROKE
  if (geometryType === 'linestring' || geometryType === 'multilinestring') {
    return new Style({
      stroke: new Stroke({
        color: paint.fill ?? paint.stroke?.color ?? stroke.color,
        width: Math.max(1, stroke.width),
        lineCap: 'round',
        lineJoin: 'round',
      }),
    })
  }
  const fill = new Fill({ color: fillColor })
  const outline =
    stroke.width > 0 ? new Stroke({ color: stroke.color, width: stroke.width }) : undefined
  if (geometryType === 'polygon' || geometryType === 'multipolygon') {
    return new Style({ fill, stroke: outline })
  }
  const r = style.point?.radius ?? 5
  const shape = style.point?.shape ?? 'circle'
  // Symbols are never hidden by label decluttering.
  const common = { fill, stroke: outline, declutterMode: 'none' as const }
  const image =
    shape === 'square'
      ? new RegularShape({ points: 4, radius: r * Math.SQRT2, angle: Math.PI / 4, ...common })
      : shape === 'triangle'
        ? new RegularShape({ points: 3, radius: r * 1.2, angle: 0, ...common })
        : new CircleStyle({ radius: r, ...common })
  return new Style({ image })
}

/** A label's text: numbers as pt-BR writes them, booleans as Sim/Não. */
export const labelText = (value: unknown): string =>
  sharedLabelText(value, t('common.yes'), t('common.no'))

/**
 * A polygon reaches the map cut into its tiles' pieces, each of which would carry the label.
 * A piece that covers its whole tile (the polygon is far larger than the screen) gets none:
 * the user is inside it, and the label would repeat on every tile.
 */
export type TileSpan = (resolution: number) => number

export function layerStyleFunction(
  geometryType: LayerGeometryType,
  style: LayerStyle,
  tileSpan?: TileSpan,
): StyleFunction {
  const base = symbolStyle(geometryType, style, {})
  const byValue = new Map<string, Style>()
  for (const c of style.categories?.classes ?? []) {
    byValue.set(
      String(c.value),
      symbolStyle(geometryType, style, { fill: c.fill, stroke: c.stroke }),
    )
  }
  const attribute = style.categories?.attribute
  const label = style.label
  const isLine = geometryType === 'linestring' || geometryType === 'multilinestring'
  const isPoint = geometryType === 'point' || geometryType === 'multipoint'
  const isPolygon = geometryType === 'polygon' || geometryType === 'multipolygon'
  const radius = style.point?.radius ?? 5
  // One label style, its text set per feature: styles are read as soon as they are returned.
  const labelStyle = label
    ? new Style({
        text: new Text({
          font: '600 12px "Inter Variable", "Segoe UI", Roboto, Arial, sans-serif',
          fill: new Fill({ color: LABEL_COLOR }),
          stroke: new Stroke(LABEL_HALO),
          placement: isLine ? 'line' : 'point',
          offsetY: isPoint ? -(radius + 9) : 0,
        }),
      })
    : null

  return (feature: FeatureLike, resolution: number) => {
    const symbol = attribute ? (byValue.get(String(feature.get(attribute))) ?? base) : base
    if (!label || !labelStyle || zoomOf(resolution) < (label.minZoom ?? 0) - 1e-9) return symbol
    const text = labelText(feature.get(label.attribute))
    if (!text) return symbol
    if (isPolygon && tileSpan) {
      const [minx = 0, miny = 0, maxx = 0, maxy = 0] = feature.getGeometry()?.getExtent() ?? []
      const span = tileSpan(resolution)
      if (maxx - minx >= span && maxy - miny >= span) return symbol
    }
    labelStyle.getText()!.setText(text)
    return [symbol, labelStyle]
  }
}

/** How selected features are drawn above every layer; the focused one stands out. */
export function highlightStyles(): { selected: Style[]; focused: Style[] } {
  const make = (color: string, width: number, radius: number): Style[] => [
    new Style({
      stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: width + 4 }),
      image: new CircleStyle({
        radius: radius + 2,
        stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 4 }),
      }),
      zIndex: 1,
    }),
    new Style({
      stroke: new Stroke({ color, width }),
      // Light: a selected municipality may fill the whole screen.
      fill: new Fill({ color: 'rgba(0, 172, 193, 0.07)' }),
      image: new CircleStyle({
        radius,
        stroke: new Stroke({ color, width: 3 }),
        fill: new Fill({ color: 'rgba(0, 188, 212, 0.25)' }),
      }),
      zIndex: 2,
    }),
  ]
  return { selected: make('#00acc1', 3, 9), focused: make('#ff6d00', 4, 11) }
}
