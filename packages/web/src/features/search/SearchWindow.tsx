import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import MapOutlined from '@mui/icons-material/MapOutlined'
import Search from '@mui/icons-material/Search'
import SyncIcon from '@mui/icons-material/Sync'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { MAX_GEOMETRY_SEARCH, SYSTEM_FIELD_NAMES } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { toFailure } from '../../api/base-api'
import { useGetConfigQuery } from '../../api/session.api'
import { useAppDispatch } from '../../app/store'
import {
  builderFields,
  FilterBuilder,
  FilterResultTabs,
  orphanRules,
  toFilterTree,
  filterProblems,
  type SamplesSource,
} from '../../components/filter-builder'
import { showOnMap } from '../../state/map-slice'
import { useGetLayerDescriptionsQuery } from '../layers'
import { openFeatureWindow } from '../feature-info'
import { SyncPackagesDialog } from '../sync'
import type { WindowProps } from '../workspace'
import { ExportDialog, type ExportChoice, type ExportScope } from './ExportDialog'
import { ExportProgress } from './ExportProgress'
import { KmzDialog } from './KmzDialog'
import { problemText } from './problem-text'
import { ResultsTable } from './ResultsTable'
import { INITIAL_SEARCH, type SearchState } from './search-state'
import {
  useFieldSamplesQuery,
  useMatchingGeometriesMutation,
  useSearchFeaturesQuery,
  useStartExportMutation,
} from './search.api'
import { ValidateButton } from './ValidateButton'

/** The feature information window (the features issue's), on these features of a layer. */
const openFeatures = (layer: { name: string; title: string }, ids: readonly number[]) =>
  openFeatureWindow(
    ids.map((id) => ({ layer: layer.name, id })),
    layer.title,
  )

/**
 * SearchFeatures (spec 2 §2.3, §4.3; the BUSCAR tool): a readable layer, the filter builder
 * (FILTROS), the results (RESULTADOS) with selection, INFORMAÇÕES, VER NO MAPA and EXPORTAR.
 * Everything but the export in progress is kept in the workspace.
 */
export function SearchWindow({ state, setState }: WindowProps<SearchState>) {
  const s = state ?? INITIAL_SEARCH
  const update = (patch: Partial<SearchState>) => setState({ ...s, ...patch })
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const { data: layers, isLoading: layersLoading } = useGetLayerDescriptionsQuery()
  const readable = useMemo(
    () => [...(layers ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layers],
  )
  const layer = readable.find((l) => l.name === s.layer)
  const fields = useMemo(() => builderFields(layer), [layer])
  const ownFields = fields.filter((f) => !SYSTEM_FIELD_NAMES.includes(f.name))
  const selected = useMemo(() => new Set(s.selected), [s.selected])

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

  const [exporting, setExporting] = useState(false)
  const [kmzFields, setKmzFields] = useState<string[] | null>(null)
  const modules = useGetConfigQuery().data?.modules
  const kmz = modules?.includes('artespKmz') ?? false
  const sync = modules?.includes('artespSync') ?? false
  const [syncOpen, setSyncOpen] = useState(false)
  const [job, setJob] = useState<{ id: number; open: boolean } | null>(null)
  const [startExport, exportState] = useStartExportMutation()

  const runSearch = () => {
    // A typed value that does not read as its field's (a number, a date) is shown in its
    // rule; the query is not run.
    if (filterProblems(s.filter, fields).size > 0) {
      enqueueSnackbar(t('filterBuilder.invalidValues'), { variant: 'error' })
      update({ tab: 'filters' })
      return
    }
    const orphans = new Set(orphanRules(s.filter).map((r) => r.id))
    const filter = { ...s.filter, rules: s.filter.rules.filter((r) => !orphans.has(r.id)) }
    update({
      filter,
      query: toFilterTree(filter, fields) ?? null,
      tab: 'results',
      selected: [],
      page: 0,
    })
  }

  // What an export takes: the selection, else the search's filter.
  const exportScope: ExportScope = s.selected.length
    ? { ids: s.selected }
    : s.query
      ? { filter: s.query }
      : {}
  const exportNow = async (choice: ExportChoice) => {
    if (!layer) return
    try {
      const { id } = await startExport({
        layer: layer.name,
        format: choice.format,
        fields: choice.fields,
        ...exportScope,
        ...(s.sort ? { sort: s.sort, order: s.order } : {}),
        ...(choice.includeDeleted ? { includeDeleted: true } : {}),
      }).unwrap()
      setExporting(false)
      setJob({ id, open: true })
    } catch (err) {
      const f = toFailure(err)
      enqueueSnackbar(f.status === 400 ? problemText(f) : t('export.startFailed'), {
        variant: 'error',
      })
    }
  }

  const [matchingGeometries, matching] = useMatchingGeometriesMutation()
  // The selection, else every match of the search (not only the page shown).
  const viewOnMap = async () => {
    if (!layer) return
    let ids = s.selected
    if (ids.length === 0) {
      try {
        const rows = await matchingGeometries({
          layer: layer.name,
          filter: s.query ?? undefined,
        }).unwrap()
        ids = rows.map((r) => r.id)
      } catch (err) {
        const f = toFailure(err)
        enqueueSnackbar(f.status === 400 ? problemText(f) : t('search.mapFailed'), {
          variant: 'error',
        })
        return
      }
      if (ids.length >= MAX_GEOMETRY_SEARCH && (search.data?.rowCount ?? 0) > ids.length) {
        enqueueSnackbar(t('search.mapFirst', { max: ids.length.toLocaleString('pt-BR') }), {
          variant: 'info',
        })
      }
    }
    dispatch(showOnMap({ items: ids.map((id) => ({ layer: layer.name, id })) }))
    void navigate('/')
  }

  const results = search.data?.results ?? []
  const count = search.data?.rowCount

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <TextField
            select
            size="small"
            label={t('search.layer')}
            value={s.layer ?? ''}
            disabled={layersLoading}
            onChange={(e) =>
              setState({ ...INITIAL_SEARCH, limit: s.limit, layer: e.target.value || null })
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', md: 320 } }}
          >
            <option value="">
              {readable.length ? t('search.layerPlaceholder') : t('search.noLayers')}
            </option>
            {readable.map((l) => (
              <option key={l.name} value={l.name}>
                {l.title}
              </option>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="text"
            disabled={s.selected.length === 0}
            onClick={() => update({ selected: [] })}
            title={t('search.clearSelection')}
          >
            {t('search.selected', { count: s.selected.length })}
          </Button>
          <Button
            startIcon={<InfoOutlined />}
            disabled={!layer || s.selected.length === 0}
            onClick={() => layer && dispatch(openFeatures(layer, s.selected))}
          >
            {t('search.info')}
          </Button>
          {sync && (
            <Button
              startIcon={<SyncIcon />}
              disabled={!layer || (s.selected.length === 0 && !count)}
              onClick={() => setSyncOpen(true)}
            >
              {t('sync.button')}
            </Button>
          )}
          {layer && layer.geometryType !== 'TABULAR' && (
            <Button
              startIcon={<MapOutlined />}
              disabled={(s.selected.length === 0 && results.length === 0) || matching.isLoading}
              onClick={() => void viewOnMap()}
            >
              {t('search.showOnMap')}
            </Button>
          )}
          <Button
            startIcon={<FileDownloadOutlined />}
            disabled={!layer}
            onClick={() => setExporting(true)}
          >
            {t('search.export')}
          </Button>
          <Button variant="contained" startIcon={<Search />} disabled={!layer} onClick={runSearch}>
            {t('search.search')}
          </Button>
        </Box>
      </Paper>

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
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {failure && (
            <Alert severity="error">
              {failure.status === 400 ? problemText(failure) : t('search.loadFailed')}
            </Alert>
          )}
          {layer && s.query !== undefined ? (
            <ResultsTable
              columns={fields
                .filter((f) => f.name !== 'uuid')
                .map((f) => ({
                  name: f.name,
                  title: f.title,
                  type: f.type === 'audit-action' || f.type === 'layer' ? 'string' : f.type,
                  maxLength: null,
                  tooltip: '',
                }))}
              rows={results}
              total={count ?? 0}
              loading={search.isFetching}
              empty={t('search.empty')}
              page={s.page}
              limit={s.limit}
              sort={s.sort}
              order={s.order}
              selected={selected}
              onSelect={(ids, on) => {
                const next = new Set(s.selected)
                for (const id of ids) {
                  if (on) next.add(id)
                  else next.delete(id)
                }
                update({ selected: [...next] })
              }}
              onSort={(field) =>
                update(
                  s.sort === field
                    ? { order: s.order === 'asc' ? 'desc' : 'asc', page: 0 }
                    : { sort: field, order: 'asc', page: 0 },
                )
              }
              onPage={(page, limit) => update({ page, limit })}
              onOpen={(id) => dispatch(openFeatures(layer, [id]))}
            />
          ) : (
            <Alert severity="info">
              {layer ? t('search.notSearched') : t('filterBuilder.selectLayer')}
            </Alert>
          )}
        </Box>
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
      {exporting && layer && (
        <ExportDialog
          layer={layer}
          scope={exportScope}
          selectedCount={s.selected.length}
          foundCount={count}
          busy={exportState.isLoading}
          kmz={kmz}
          onKmz={(chosen) => {
            setExporting(false)
            setKmzFields(chosen)
          }}
          onCancel={() => setExporting(false)}
          onExport={(choice) => void exportNow(choice)}
        />
      )}
      {job && layer && (
        <ExportProgress
          key={job.id}
          jobId={job.id}
          layerTitle={layer.title}
          open={job.open}
          onMinimize={() => setJob({ ...job, open: false })}
          onClose={() => setJob(null)}
        />
      )}
    </Box>
  )
}
