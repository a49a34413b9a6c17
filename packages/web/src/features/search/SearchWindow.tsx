import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { SYSTEM_FIELD_NAMES } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useMemo, useState, type ComponentType } from 'react'
import { toFailure } from '../../api/base-api'
import { useGetConfigQuery } from '../../api/session.api'
import { useAppDispatch } from '../../state/root-state'
import {
  builderFields,
  FilterBuilder,
  FilterResultTabs,
  toFilterTree,
  type SamplesSource,
} from '../../components/filter-builder'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import { openFeatureWindow } from '../../windows/feature-window'
import type { WindowProps } from '../../windows/window-type'
import { ExportDialog } from './ExportDialog'
import { ExportProgress } from './ExportProgress'
import { KmzDialog } from './KmzDialog'
import { SearchResults } from './SearchResults'
import { SearchToolbar } from './SearchToolbar'
import { INITIAL_SEARCH, type SearchState } from './search-state'
import { useFieldSamplesQuery, useSearchFeaturesQuery } from '../../api/search.api'
import { useSearchActions } from './use-search-actions'
import { ValidateButton } from './ValidateButton'

/** The feature information window (the features issue's), on these features of a layer. */
const openFeatures = (layer: { name: string; title: string }, ids: readonly number[]) =>
  openFeatureWindow(
    ids.map((id) => ({ layer: layer.name, id })),
    layer.title,
  )

/**
 * 'Pacotes de sincronização disponíveis' (features/sync, module artespSync) on the search's
 * layer, its selected rows or else its filter: the composition hands it in
 * (app/screens/SearchScreen.tsx).
 */
export type SyncPackagesDialogType = ComponentType<{
  layer: string
  selected: readonly number[]
  query: unknown
  found: number | undefined
  onClose: () => void
}>

/**
 * SearchFeatures (spec 2 §2.3, §4.3; the BUSCAR tool): a readable layer, the filter builder
 * (FILTROS), the results (RESULTADOS) with selection, INFORMAÇÕES, VER NO MAPA and EXPORTAR.
 * Everything but the export in progress is kept in the workspace.
 */
export function SearchWindow({
  props,
  state,
  setState,
  SyncPackagesDialog,
}: WindowProps<SearchState> & { SyncPackagesDialog: SyncPackagesDialogType }) {
  // Opened on a layer (a capped map selection offers it): that layer, nothing searched yet.
  const s = state ?? {
    ...INITIAL_SEARCH,
    layer: typeof props.layer === 'string' ? props.layer : null,
  }
  const update = (patch: Partial<SearchState>) => setState({ ...s, ...patch })
  const dispatch = useAppDispatch()
  const { data: layers, isLoading: layersLoading } = useGetLayerDescriptionsQuery()
  const readable = useMemo(
    () => [...(layers ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layers],
  )
  const layer = readable.find((l) => l.name === s.layer)
  const fields = useMemo(() => builderFields(layer), [layer])
  const ownFields = fields.filter((f) => !SYSTEM_FIELD_NAMES.includes(f.name))

  const searchArgs =
    layer && s.query !== undefined
      ? {
          layer: layer.name,
          ...(s.query ? { filter: s.query } : {}),
          page: s.page,
          limit: s.limit,
          ...(s.sort ? { sort: s.sort, order: s.order } : {}),
        }
      : skipToken
  const search = useSearchFeaturesQuery(searchArgs)
  const failure = search.isError ? toFailure(search.error) : undefined

  const useSamples: SamplesSource = (field, contains) => {
    const samples = useFieldSamplesQuery(
      layer && field ? { layer: layer.name, field, filter: contains } : skipToken,
    )
    return { values: samples.data ?? [], loading: samples.isFetching }
  }

  const [kmzFields, setKmzFields] = useState<string[] | null>(null)
  const modules = useGetConfigQuery().data?.modules
  const kmz = modules?.includes('artespKmz') ?? false
  const sync = modules?.includes('artespSync') ?? false
  const [syncOpen, setSyncOpen] = useState(false)
  const results = search.data?.results ?? []
  const count = search.data?.rowCount
  const act = useSearchActions({ s, update, layer, fields, count })
  const { exportScope, job } = act

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <SearchToolbar
        layers={readable}
        layersLoading={layersLoading}
        value={s.layer}
        layer={layer}
        selectedCount={s.selected.length}
        count={count}
        shown={results.length}
        sync={sync}
        mapping={act.mapping}
        onLayer={(name) => setState({ ...INITIAL_SEARCH, limit: s.limit, layer: name })}
        onClear={() => update({ selected: [] })}
        onInfo={() => layer && dispatch(openFeatures(layer, s.selected))}
        onSync={() => setSyncOpen(true)}
        onMap={() => void act.viewOnMap()}
        onExport={() => act.setExporting(true)}
        onSearch={act.runSearch}
      />

      <FilterResultTabs tab={s.tab} count={count} onChange={(tab) => update({ tab })} />

      {s.tab === 'filters' ? (
        <Box>
          {layer && ownFields.length === 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('search.noAttributes')}
            </Alert>
          )}
          <FilterBuilder
            layer={layer?.name}
            fields={fields}
            value={s.filter}
            onChange={(filter) => update({ filter })}
            useSamples={useSamples}
            validate={
              layer && <ValidateButton layer={layer.name} filter={toFilterTree(s.filter, fields)} />
            }
          />
        </Box>
      ) : (
        <SearchResults
          s={s}
          update={update}
          layer={layer}
          fields={fields}
          rows={results}
          count={count}
          loading={search.isFetching}
          failure={failure}
          onOpen={(id) => layer && dispatch(openFeatures(layer, [id]))}
        />
      )}

      {syncOpen && layer && (
        <SyncPackagesDialog
          layer={layer.name}
          selected={s.selected}
          query={s.query ?? null}
          found={count}
          onClose={() => setSyncOpen(false)}
        />
      )}
      {kmzFields && layer && (
        <KmzDialog
          layer={layer.name}
          scope={{ ...exportScope, fields: kmzFields }}
          onClose={() => setKmzFields(null)}
        />
      )}
      {act.exporting && layer && (
        <ExportDialog
          layer={layer}
          scope={exportScope}
          fields={fields}
          selectedCount={s.selected.length}
          foundCount={count}
          busy={act.exportBusy}
          kmz={kmz}
          onKmz={(chosen) => {
            act.setExporting(false)
            setKmzFields(chosen)
          }}
          onCancel={() => act.setExporting(false)}
          onExport={(choice) => void act.exportNow(choice)}
        />
      )}
      {job && layer && (
        <ExportProgress
          key={job.id}
          jobId={job.id}
          layerTitle={layer.title}
          open={job.open}
          onMinimize={() => act.setJob({ ...job, open: false })}
          onClose={() => act.setJob(null)}
        />
      )}
    </Box>
  )
}
