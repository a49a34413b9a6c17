import type { BaseLayer, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { isOffline } from '../../map/base-layers'
import { leaves, radioPeers, type ViewNode } from '../../map/layer-tree'
import { useBaseLayers } from '../../map/use-base-layers'
import { useDataLayers } from '../../map/use-data-layers'
import { useHighlight } from '../../map/use-highlight'
import { useOverviewMap } from '../../map/use-overview-map'
import { baseFallbackUsed, setNodeVisibility } from '../../state/map-slice'
import { baseLayerEntries, dataLayerEntries } from './map-model'

/**
 * Draws the layers: base layers, the catalogue's vector tiles, the overview map and the
 * selection's highlight. A shown base layer that cannot load at all (OpenStreetMap without
 * internet) gives way, once per session, to a base layer of its radio group served by this
 * server, with a message; the map never stays blank for want of internet.
 */
export function MapLayers({
  tree,
  descriptions,
  baseLayers,
  token,
  highlightRevision,
}: {
  tree: ViewNode[]
  descriptions: ReadonlyMap<string, LayerDescription>
  baseLayers: ReadonlyMap<number, BaseLayer>
  token: string | null
  highlightRevision: number
}) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar, closeSnackbar } = useSnackbar()
  const selection = useAppSelector((s) => s.map.selection)
  const focused = useAppSelector((s) => s.map.focused)
  const fallbackFrom = useAppSelector((s) => s.map.baseFallbackFrom)
  const reported = useRef(new Set<string>())

  // The base-layer toasts speak of this map: they leave with it (not onto the workspace).
  const toasts = useRef<(string | number)[]>([])
  const warn = useCallback(
    (message: ReactNode) => {
      toasts.current.push(enqueueSnackbar(message, { variant: 'warning' }))
    },
    [enqueueSnackbar],
  )
  useEffect(() => {
    const shown = toasts.current
    return () => shown.forEach((key) => closeSnackbar(key))
  }, [closeSnackbar])

  const data = useMemo(() => dataLayerEntries(tree, descriptions), [tree, descriptions])
  const bases = useMemo(() => baseLayerEntries(tree, baseLayers), [tree, baseLayers])
  const latest = useRef({ tree, bases, fallbackFrom })
  latest.current = { tree, bases, fallbackFrom }

  const onBaseFailed = useCallback(
    (name: string) => {
      const { tree, bases, fallbackFrom } = latest.current
      const failed = bases.find((b) => b.name === name)
      if (!failed || !failed.visible) return
      const peers = radioPeers(tree, name)
      const offline = bases.find((b) => peers.includes(b.name) && isOffline(b.record))
      if (offline && !fallbackFrom) {
        dispatch(
          setNodeVisibility({
            names: [offline.name],
            visible: true,
            radioPeers: radioPeers(tree, offline.name),
          }),
        )
        dispatch(baseFallbackUsed(name))
        warn(
          t('map.baseLayerFallback', { failed: failed.record.name, fallback: offline.record.name }),
        )
        return
      }
      if (reported.current.has(name)) return
      reported.current.add(name)
      warn(t('map.baseLayerFailed', { name: failed.record.name }))
    },
    [dispatch, warn],
  )

  useBaseLayers(bases, onBaseFailed)
  useDataLayers(data, token)
  const shownBase = bases.find((b) => b.visible)?.record
  useOverviewMap(shownBase, !window.matchMedia?.('(min-width: 900px)').matches)
  useHighlight(selection, focused, highlightRevision)
  return null
}

/** The catalogue layer names shown on the map (for the WFS queries). */
export function shownLayerNames(tree: readonly ViewNode[]): string[] {
  return leaves(tree)
    .filter((n) => n.visible && n.node.managedName)
    .map((n) => n.node.managedName!)
}
