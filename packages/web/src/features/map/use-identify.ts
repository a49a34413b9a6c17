import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback, useRef, useState } from 'react'
import { useAppDispatch } from '../../state/root-state'
import type { MapQuery } from '../../map/tools/query-tool'
import { MAX_QUERY_FEATURES } from '../../map/constants'
import { useFeatureQuery } from '../../map/use-map-query'
import { countByLayer } from '../../map/wfs'
import { select } from '../../state/map-slice'
import type { InfoState } from './InfoPanel'

/**
 * Identify and box selection: the WFS query over the shown queryable layers, the selection it
 * gives (replaced, or added to with Shift or Ctrl), and the info panel's counts per layer.
 * A failure says 'Erro ao obter informações para o infoclick!'. A newer query wins over an
 * older one still running. `reveal` gets the queried box once the drawer opens over the map.
 */
export function useIdentify(
  layers: () => string[],
  openDrawer: boolean,
  reveal?: (box4326: MapQuery['box4326']) => void,
) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const query = useFeatureQuery()
  const [info, setInfo] = useState<InfoState | null>(null)
  const seq = useRef(0)

  const run = useCallback(
    async ({ box4326, add }: MapQuery) => {
      const mine = ++seq.current
      setInfo({ status: 'loading' })
      try {
        const items = await query(layers(), box4326)
        if (mine !== seq.current) return
        const counts = countByLayer(items)
        dispatch(
          select({
            items: items.map(({ layer, id }) => ({ layer, id })),
            add,
            open: openDrawer,
            // The query stops at MAX_QUERY_FEATURES: the drawer says so, offering the search.
            capped: items.length >= MAX_QUERY_FEATURES ? counts.map((c) => c.layer) : [],
          }),
        )
        setInfo({ status: 'done', counts, total: items.length })
        if (openDrawer && items.length > 0) reveal?.(box4326)
      } catch {
        if (mine !== seq.current) return
        setInfo(null)
        enqueueSnackbar(t('map.info.failed'), { variant: 'error' })
      }
    },
    [query, layers, dispatch, enqueueSnackbar, openDrawer, reveal],
  )
  return { info, run, close: () => setInfo(null) }
}
