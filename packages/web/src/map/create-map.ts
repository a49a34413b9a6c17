import OlMap from 'ol/Map'
import View from 'ol/View'
import Attribution from 'ol/control/Attribution'
import ScaleLine from 'ol/control/ScaleLine'
import { defaults as defaultInteractions } from 'ol/interaction/defaults'
import { t } from '@gis/shared/i18n'
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM } from './constants'

/**
 * The one OpenLayers map: an EPSG:3857 view with zoom bounded 4 to 23 on whole steps, a
 * metric scale bar and collapsible attributions. North stays up (no rotation). The overview
 * map is added by `useOverviewMap` once the base layer is known.
 */
export function createMap(target: HTMLElement): OlMap {
  const map = new OlMap({
    target,
    view: new View({
      projection: 'EPSG:3857',
      center: DEFAULT_CENTER,
      zoom: DEFAULT_ZOOM,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      constrainResolution: true,
      enableRotation: false,
    }),
    controls: [
      new Attribution({ collapsible: true, collapsed: true, tipLabel: t('map.attribution') }),
      new ScaleLine({ units: 'metric', bar: true, steps: 4, text: false, minWidth: 120 }),
    ],
    interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
  })
  // The render state, for the tests and the benchmark: 'complete' once every tile of every
  // visible layer has loaded and been drawn, 'loading' while anything is still coming.
  map.on('loadstart', () => target.setAttribute('data-render', 'loading'))
  map.on('rendercomplete', () => target.setAttribute('data-render', 'complete'))
  return map
}
