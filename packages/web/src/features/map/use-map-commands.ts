import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type OlMap from 'ol/Map'
import { toLonLat, transformExtent } from 'ol/proj'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { usableExtent } from '../../map/capabilities'
import { FEATURE_ZOOM, MAX_FIT_ZOOM } from '../../map/constants'
import { shownDegrees } from '../../map/coordinates'
import { cachedFeature } from '../../map/feature-cache'
import type { ViewNode } from '../../map/layer-tree'
import { useGeolocation } from '../../map/tools/geolocation'
import { useFeatureGeometries } from '../../map/use-map-query'
import { focusFeature, type FeatureKey } from '../../state/map-slice'
import { useAppDispatch } from '../../state/root-state'
import { copyText } from './clipboard'
import type { MapData } from './use-map-data'

type Padding = () => number[]

/**
 * What the map page's buttons and menus do to the view: zoom, locate a selected feature
 * (fetching its geometry when the tiles have not shown it), fit a layer's extent, copy a text.
 * `highlightRevision` grows when a located feature's geometry arrives, so that the highlight
 * redraws.
 */
export function useMapCommands(map: OlMap, data: MapData, padding: Padding) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const geometries = useFeatureGeometries()
  const [highlightRevision, setHighlightRevision] = useState(0)

  const zoom = (delta: number, anchor?: number[]) => {
    const view = map.getView()
    const z = view.getZoom() ?? 0
    view.animate({ zoom: z + delta, anchor, duration: 250 })
  }

  const copy = async (text: string, done: 'map.copy.coordinatesDone' | 'map.copy.positionDone') => {
    const ok = await copyText(text)
    const failed =
      done === 'map.copy.coordinatesDone' ? 'map.copy.coordinatesFailed' : 'map.copy.positionFailed'
    enqueueSnackbar(t(ok ? done : failed), { variant: ok ? 'success' : 'error' })
  }

  const locate = async (key: FeatureKey) => {
    dispatch(focusFeature(key))
    let feature = cachedFeature(key)
    if (feature === undefined) {
      try {
        feature = (await geometries([key]))[0] ?? null
        setHighlightRevision((r) => r + 1)
      } catch {
        enqueueSnackbar(t('map.selection.geometriesFailed'), { variant: 'error' })
        return
      }
    }
    const geometry = feature?.getGeometry()
    if (!geometry) {
      enqueueSnackbar(t('map.selection.noGeometry'), { variant: 'warning' })
      return
    }
    map
      .getView()
      .fit(geometry.getExtent(), { maxZoom: FEATURE_ZOOM, padding: padding(), duration: 400 })
  }

  const fitLayer = (node: ViewNode) => {
    const name = node.node.managedName ?? node.name
    const wms = data.wmsExtents[name]
    const extent = usableExtent(wms !== undefined ? wms : node.node.extent)
    if (!extent) {
      enqueueSnackbar(t('layers.noExtent'), { variant: 'warning' })
      return
    }
    map.getView().fit(transformExtent(extent, 'EPSG:4326', 'EPSG:3857'), {
      maxZoom: MAX_FIT_ZOOM,
      padding: padding(),
      duration: 400,
    })
  }

  const redrawHighlight = () => setHighlightRevision((r) => r + 1)
  return { zoom, copy, locate, fitLayer, highlightRevision, redrawHighlight }
}

/** Geolocation with the spec's messages as toasts. */
export function useLocateMe() {
  const { enqueueSnackbar } = useSnackbar()
  return useGeolocation((message) => {
    if (message.kind === 'success') {
      enqueueSnackbar(
        t('map.locate.success', {
          lat: shownDegrees(message.lat),
          lon: shownDegrees(message.lon),
        }),
        { variant: 'success' },
      )
    } else enqueueSnackbar(t(message.key), { variant: 'error' })
  })
}

/** The orbit tool: a click on the map opens the 360 module at that place. */
export function useOrbitClick(map: OlMap, active: boolean) {
  const navigate = useNavigate()
  useEffect(() => {
    if (!active) return
    const onClick = (e: { coordinate: number[] }) => {
      const [lon = 0, lat = 0] = toLonLat(e.coordinate)
      void navigate(`/orbit?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}`)
    }
    map.on('singleclick', onClick as never)
    return () => map.un('singleclick', onClick as never)
  }, [map, active, navigate])
}
