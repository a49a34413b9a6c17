import type { FeatureLike } from 'ol/Feature'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import RegularShape from 'ol/style/RegularShape'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import type { BridgeStatus } from '@gis/shared/inspections'
import { isLate, noteColour } from './notes'

/** The colour of the ring that marks an overdue bridge (or one never inspected). */
export const LATE_RING = '#b71c1c'

const cache = new Map<string, Style[]>()

/**
 * A bridge on the monitoring map: a dot in the colour of its worst note; an overdue one (or
 * one never inspected) larger, in a dark red ring with a small warning triangle above.
 */
export function bridgeStyle(worstNote: number | null, status: BridgeStatus, chosen = false) {
  const key = `${worstNote ?? '-'}|${status}|${chosen}`
  const known = cache.get(key)
  if (known) return known
  const late = isLate(status)
  const colour = noteColour(worstNote)
  const styles: Style[] = []
  if (chosen)
    styles.push(
      new Style({
        image: new CircleStyle({
          radius: 16,
          fill: new Fill({ color: 'rgba(11, 79, 108, 0.25)' }),
        }),
      }),
    )
  styles.push(
    new Style({
      image: new CircleStyle({
        radius: late ? 9 : 7,
        fill: new Fill({ color: colour }),
        stroke: new Stroke({ color: late ? LATE_RING : '#ffffff', width: late ? 3 : 2 }),
      }),
      zIndex: late ? 2 : 1,
    }),
  )
  if (late)
    styles.push(
      new Style({
        image: new RegularShape({
          points: 3,
          radius: 6,
          displacement: [9, 11],
          fill: new Fill({ color: '#ffca28' }),
          stroke: new Stroke({ color: LATE_RING, width: 1.5 }),
        }),
        zIndex: 3,
      }),
    )
  cache.set(key, styles)
  return styles
}

/** The style of a feature of the bridges' source (its properties as the server sends them). */
export function featureStyle(feature: FeatureLike, chosen: number | null) {
  return bridgeStyle(
    (feature.get('worstNote') as number | null) ?? null,
    feature.get('status') as BridgeStatus,
    chosen !== null && feature.get('featureId') === chosen,
  )
}

/** The fill colour a feature is drawn with (what tests and the card read). */
export function drawnColour(feature: FeatureLike): string {
  const main = featureStyle(feature, null).find((s) => s.getImage() instanceof CircleStyle)
  const fill = (main?.getImage() as CircleStyle | undefined)?.getFill()?.getColor()
  return typeof fill === 'string' ? fill : ''
}
