import Close from '@mui/icons-material/Close'
import LayersIcon from '@mui/icons-material/Layers'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { LAYER_MANAGER_WIDTH, LAYER_SEARCH_THROTTLE_MS } from '../../map/constants'
import { filterTree, findNode, type ViewNode } from '../../map/layer-tree'
import { LayerTree, type LayerTreeActions } from './LayerTree'
import { OpacityDialog } from './OpacityDialog'
import { SearchField } from '../../components/SearchField'
import { SidePanel } from './SidePanel'

/**
 * The layer manager (560 px): the search box 'Layers disponíveis' (applied at most every
 * 200 ms while typing), then the tree with visibility, radio groups, opacity, fit to extent,
 * legends and drag and drop. Over the map, at the left; the whole width on a phone.
 */
export function LayerManager({
  tree,
  loading,
  actions,
  onOpacity,
  onClose,
}: {
  tree: ViewNode[]
  loading: boolean
  actions: Omit<LayerTreeActions, 'opacity'>
  onOpacity: (name: string, value: number) => void
  onClose: () => void
}) {
  const [query, setQuery] = useState('')
  const applied = useThrottled(query, LAYER_SEARCH_THROTTLE_MS)
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const [legends, setLegends] = useState<ReadonlySet<string>>(new Set())
  const [opacityOf, setOpacityOf] = useState<string | null>(null)

  const shown = useMemo(() => filterTree(tree, applied), [tree, applied])
  const filtering = applied.trim() !== ''
  const toggleIn = (set: ReadonlySet<string>, name: string) => {
    const next = new Set(set)
    if (next.has(name)) next.delete(name)
    else next.add(name)
    return next
  }
  const state = {
    // A search shows every match, inside folders the user had closed too.
    collapsed: filtering ? new Set<string>() : collapsed,
    toggleCollapsed: (name: string) => setCollapsed((c) => toggleIn(c, name)),
    legends,
    toggleLegend: (name: string) => setLegends((l) => toggleIn(l, name)),
    sortable: !filtering,
  }
  const opacityNode = opacityOf ? findNode(tree, opacityOf) : undefined

  return (
    <SidePanel
      side="left"
      width={LAYER_MANAGER_WIDTH}
      label={t('map.layers.title')}
      testId="layer-manager"
      elevation={6}
      zIndex={20}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <LayersIcon color="primary" />
        <Typography component="h2" variant="h6" sx={{ flex: 1, fontSize: 18 }}>
          {t('map.layers.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('map.layers.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <SearchField
          label={t('map.layers.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </Box>
      {loading && <LinearProgress />}
      <Box sx={{ flex: 1, overflow: 'auto', px: 1, pb: 2 }}>
        {shown.length > 0 ? (
          <LayerTree
            nodes={shown}
            state={state}
            actions={{ ...actions, opacity: (node) => setOpacityOf(node.name) }}
          />
        ) : (
          !loading && (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {filtering
                ? t('map.layers.noMatch', { query: applied.trim() })
                : t('map.layers.empty')}
            </Typography>
          )
        )}
      </Box>
      {opacityNode && (
        <OpacityDialog
          title={opacityNode.node.title}
          value={opacityNode.opacity}
          onChange={(value) => onOpacity(opacityNode.name, value)}
          onClose={() => setOpacityOf(null)}
        />
      )}
    </SidePanel>
  )
}

/** The value, changing at most once per `ms` while it keeps changing, and last at its end. */
function useThrottled<T>(value: T, ms: number): T {
  const [throttled, setThrottled] = useState(value)
  const last = useRef(0)
  const emit = useCallback((v: T) => {
    last.current = performance.now()
    setThrottled(v)
  }, [])
  useEffect(() => {
    const wait = ms - (performance.now() - last.current)
    if (wait <= 0) {
      emit(value)
      return
    }
    const timer = window.setTimeout(() => emit(value), wait)
    return () => window.clearTimeout(timer)
  }, [value, ms, emit])
  return throttled
}
