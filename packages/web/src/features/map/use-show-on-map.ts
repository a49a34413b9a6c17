import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { createEmpty, extend, isEmpty } from 'ol/extent'
import type OlMap from 'ol/Map'
import { useEffect, useRef } from 'react'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { MAX_FIT_ZOOM } from '../../map/constants'
import { useFeatureGeometries } from '../../map/use-map-query'
import { select, setNodeVisibility, shownServed } from '../../state/map-slice'
import { leaves, type ViewNode } from '../../map/layer-tree'

/**
 * Serves `showOnMap` (any feature dispatches it, then navigates to `/`): the features'
 * geometries are fetched, the features selected and highlighted, their layers shown, and the
 * view fitted to them (at most zoom 21).
 */
export function useShowOnMap(
  map: OlMap,
  tree: readonly ViewNode[],
  padding: () => number[],
  onGeometries: () => void,
) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const shown = useAppSelector((s) => s.map.shown)
  const geometries = useFeatureGeometries()
  const serving = useRef<number | null>(null)
  const latest = useRef({ tree, padding, onGeometries })
  latest.current = { tree, padding, onGeometries }

  useEffect(() => {
    if (!shown || serving.current === shown.seq) return
    serving.current = shown.seq
    const { items, seq } = shown
    void (async () => {
      try {
        if (items.length === 0) {
          enqueueSnackbar(t('map.selection.nothingSelected'), { variant: 'warning' })
          return
        }
        const features = await geometries(items)
        dispatch(select({ items }))
        const layers = new Set(items.map((i) => i.layer))
        const nodes = leaves(latest.current.tree).filter(
          (n) => n.node.managedName && layers.has(n.node.managedName) && !n.visible,
        )
        if (nodes.length) {
          dispatch(setNodeVisibility({ names: nodes.map((n) => n.name), visible: true }))
        }
        latest.current.onGeometries()
        const extent = createEmpty()
        for (const f of features) {
          const g = f?.getGeometry()
          if (g) extend(extent, g.getExtent())
        }
        if (isEmpty(extent)) {
          enqueueSnackbar(t('map.selection.noGeometry'), { variant: 'warning' })
          return
        }
        map.getView().fit(extent, {
          maxZoom: MAX_FIT_ZOOM,
          padding: latest.current.padding(),
          duration: 400,
        })
      } catch {
        enqueueSnackbar(t('map.selection.geometriesFailed'), { variant: 'error' })
      } finally {
        dispatch(shownServed(seq))
      }
    })()
  }, [shown, map, dispatch, geometries, enqueueSnackbar])
}
