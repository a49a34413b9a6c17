import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import Map from '@mui/icons-material/Map'
import Refresh from '@mui/icons-material/Refresh'
import type { FeatureRef, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useAppDispatch } from '../../state/root-state'
import { showOnMap } from '../../map'
import { ModeratedNotice } from '../../components/ModeratedNotice'
import { PendingChip } from '../../components/PendingChip'
import { pendingChanged, usePendingValues } from '../../api/pending.api'
import { FeatureForm } from '../../components/feature-form'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import type { WindowProps } from '../../windows/window-type'
import { DocumentsTab, type LibraryParts } from './DocumentsTab'
import { featuresApi, featureTags, useGetFeatureQuery } from '../../api/features.api'
import { HistoryTab } from './HistoryTab'
import { ItemsTab } from './ItemsTab'
import {
  DATA_TAB,
  DOCUMENTS_TAB,
  HISTORY_TAB,
  initialState,
  ITEMS_TAB,
  keyOf,
  parseItems,
  type FeatureInfoState,
} from './window-state'

/**
 * The feature information window (spec 1 section 2): ITENS, DADOS, DOCUMENTOS, HISTÓRIA of
 * the features it was opened with (Expandir on the map, search results). One feature opens on
 * DADOS; the header offers VER NO MAPA (not for tabular layers) and Atualizar. A deleted
 * feature stays shown, marked '(Excluído)', so that REATIVAR can undo it (docs/decisions.md).
 * DOCUMENTOS shows the documents library's parts (`library`), which the composition passes in.
 */
export function FeatureInfoWindow({
  props,
  state,
  setState,
  library,
}: WindowProps<FeatureInfoState> & { library: LibraryParts }) {
  const items = useMemo(() => parseItems(props), [props])
  const s = state ?? initialState(items)
  const selected = Math.min(s.selected, Math.max(0, items.length - 1))
  const item = items[selected]
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const descriptions = useGetLayerDescriptionsQuery().data
  const layers = useMemo(
    () => new globalThis.Map((descriptions ?? []).map((d) => [d.name, d] as const)),
    [descriptions],
  )
  const permissions = useGetPermissionsQuery().data
  const layer = item ? layers.get(item.layer) : undefined
  const perms = item ? permissions?.layers[item.layer] : undefined
  const canRead = Boolean(perms?.readFeature)
  // currentData: never the previous item's feature while the next one loads.
  const {
    currentData: feature,
    isFetching,
    isError,
  } = useGetFeatureQuery(item ?? { layer: '', id: 0 }, { skip: !item || !canRead })

  useEffect(() => {
    if (isError) enqueueSnackbar(t('features.loadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])

  const update = (next: Partial<FeatureInfoState>) => setState({ ...s, ...next })
  const mapped = items.filter((i) => layers.get(i.layer)?.geometryType !== 'TABULAR')
  const deleted = feature?.attributes.d_e_l_e_t_ === true

  function seeOnMap() {
    const shown = s.tab === ITEMS_TAB ? mapped : item ? [item] : []
    if (shown.length === 0) {
      enqueueSnackbar(t('features.noItemSelected'), { variant: 'warning' })
      return
    }
    dispatch(showOnMap({ items: shown }))
    void navigate('/')
  }

  function refresh() {
    const refs: FeatureRef[] = item ? [item] : []
    dispatch(featuresApi.util.invalidateTags(refs.flatMap(featureTags)))
    refs.forEach((ref) => dispatch(pendingChanged(ref)))
  }

  const showMapButton = s.tab === ITEMS_TAB ? mapped.length > 0 : layer?.geometryType !== 'TABULAR'

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: '100%', p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ mr: 'auto' }} data-testid="feature-title">
          {title(items, item, layer)}
          {deleted && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {t('features.deletedMark')}
            </Typography>
          )}
          {item && canRead && <PendingChip item={item} />}
        </Typography>
        {isFetching && <CircularProgress size={20} aria-label={t('common.loading')} />}
        {showMapButton && (
          <Button startIcon={<Map />} onClick={seeOnMap}>
            {s.tab === ITEMS_TAB && items.length > 1
              ? t('features.showItemsOnMap')
              : t('features.showOnMap')}
          </Button>
        )}
        <Button startIcon={<Refresh />} onClick={refresh} disabled={!item}>
          {t('features.refresh')}
        </Button>
      </Box>
      <Tabs
        value={s.tab}
        onChange={(_e, tab: number) => update({ tab })}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={t('features.tab.items')} value={ITEMS_TAB} />
        <Tab label={t('features.tab.data')} value={DATA_TAB} disabled={!item} />
        <Tab label={t('features.tab.documents')} value={DOCUMENTS_TAB} disabled={!item} />
        <Tab label={t('features.tab.history')} value={HISTORY_TAB} disabled={!item} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {s.tab === ITEMS_TAB && (
          <ItemsTab
            items={items}
            layers={layers}
            selected={selected}
            page={s.page}
            limit={s.limit}
            onPaging={(page, limit) => update({ page, limit })}
            onSelect={(index) => update({ selected: index, tab: DATA_TAB })}
          />
        )}
        {s.tab !== ITEMS_TAB && item && (
          <ItemContent
            key={keyOf(item)}
            tab={s.tab}
            item={item}
            layer={layer}
            canRead={canRead}
            known={permissions !== undefined && descriptions !== undefined}
            feature={feature}
            library={library}
          />
        )}
      </Box>
    </Box>
  )
}

function title(items: FeatureRef[], item: FeatureRef | undefined, layer?: LayerDescription) {
  const count =
    items.length === 1 ? t('features.title.one') : `${items.length} ${t('features.title.many')}`
  if (!item) return count
  return `${count} · ${layer?.title ?? item.layer} · ${item.id}`
}

function ItemContent({
  tab,
  item,
  layer,
  canRead,
  known,
  feature,
  library,
}: {
  tab: number
  item: FeatureRef
  layer: LayerDescription | undefined
  canRead: boolean
  known: boolean
  feature: ReturnType<typeof useGetFeatureQuery>['data']
  library: LibraryParts
}) {
  const perms = useGetPermissionsQuery().data?.layers[item.layer]
  const pending = usePendingValues(canRead ? item : undefined)
  if (known && (!canRead || !layer)) {
    return <Alert severity="warning">{t('layers.noReadPermission')}</Alert>
  }
  if (!layer) return null
  if (tab === DATA_TAB) {
    if (!feature || feature.layer !== item.layer || feature.id !== item.id) {
      return <CircularProgress sx={{ alignSelf: 'center', m: 4 }} />
    }
    return (
      <>
        <ModeratedNotice item={item} />
        <FeatureForm layer={layer} feature={feature} pending={pending} />
      </>
    )
  }
  if (tab === DOCUMENTS_TAB) return <DocumentsTab item={item} perms={perms} library={library} />
  return <HistoryTab item={item} layer={layer} />
}
