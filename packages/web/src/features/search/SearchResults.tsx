import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import type { LayerDescription, SearchRow } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ApiFailure } from '../../api/base-api'
import type { BuilderField } from '../../components/filter-builder'
import { problemText } from '../../api/problem-text'
import { ResultsTable } from './ResultsTable'
import type { SearchState } from './search-state'

/**
 * RESULTADOS: a refused filter's reasons, then the results of the last BUSCAR (selection,
 * sort, paging kept in the window's state), or why there are none yet.
 */
export function SearchResults({
  s,
  update,
  layer,
  fields,
  rows,
  count,
  loading,
  failure,
  onOpen,
}: {
  s: SearchState
  update: (patch: Partial<SearchState>) => void
  layer: LayerDescription | undefined
  fields: BuilderField[]
  rows: readonly SearchRow[]
  count: number | undefined
  loading: boolean
  failure: ApiFailure | undefined
  onOpen: (id: number) => void
}) {
  const selected = new Set(s.selected)
  return (
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
          rows={rows}
          total={count ?? 0}
          loading={loading}
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
          onOpen={onOpen}
        />
      ) : (
        <Alert severity="info">
          {layer ? t('search.notSearched') : t('filterBuilder.selectLayer')}
        </Alert>
      )}
    </Box>
  )
}
