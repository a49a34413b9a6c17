import { MAX_GEOMETRY_SEARCH, type LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toFailure } from '../../api/base-api'
import { useAppDispatch } from '../../state/root-state'
import { useRunFilter, type BuilderField } from '../../components/filter-builder'
import { showOnMap } from '../../state/map-slice'
import type { ExportChoice, ExportScope } from './ExportDialog'
import { problemText } from '../../api/problem-text'
import type { SearchState } from './search-state'
import { useMatchingGeometriesMutation, useStartExportMutation } from '../../api/search.api'

/**
 * The acts of the search window: BUSCAR (orphan rules dropped, the selection cleared, page 0),
 * EXPORTAR (the selection, else the search's filter; then the job followed) and VER NO MAPA
 * (the selection, else every match of the search).
 */
export function useSearchActions({
  s,
  update,
  layer,
  fields,
  count,
}: {
  s: SearchState
  update: (patch: Partial<SearchState>) => void
  layer: LayerDescription | undefined
  fields: BuilderField[]
  count: number | undefined
}) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const [exporting, setExporting] = useState(false)
  const [job, setJob] = useState<{ id: number; open: boolean } | null>(null)
  const [startExport, exportState] = useStartExportMutation()
  const [matchingGeometries, matching] = useMatchingGeometriesMutation()
  const runFilter = useRunFilter(fields, update)

  const runSearch = () => runFilter(s, { selected: [] })

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
        ...(choice.srid !== undefined ? { srid: choice.srid } : {}),
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
      if (ids.length >= MAX_GEOMETRY_SEARCH && (count ?? 0) > ids.length) {
        enqueueSnackbar(t('search.mapFirst', { max: ids.length.toLocaleString('pt-BR') }), {
          variant: 'info',
        })
      }
    }
    dispatch(showOnMap({ items: ids.map((id) => ({ layer: layer.name, id })) }))
    void navigate('/')
  }

  return {
    runSearch,
    exportScope,
    exporting,
    setExporting,
    exportBusy: exportState.isLoading,
    exportNow,
    job,
    setJob,
    viewOnMap,
    mapping: matching.isLoading,
  }
}
