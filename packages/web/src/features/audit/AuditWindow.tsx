import Search from '@mui/icons-material/Search'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { AUDIT_ACTION_CODES, AUDIT_FIELDS } from '@gis/shared/audit'
import type { FilterGroup, FilterNode } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo } from 'react'
import { toFailure } from '../../api/base-api'
import { AdminOnly } from '../../components/AdminOnly'
import {
  FilterBuilder,
  FilterResultTabs,
  useRunFilter,
  type BuilderField,
  type SamplesSource,
} from '../../components/filter-builder'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import { problemText } from '../../api/problem-text'
import type { WindowProps } from '../../windows/window-type'
import { INITIAL_AUDIT, type AuditState } from './audit-state'
import { useAuditSamplesQuery, useSearchAuditQuery } from './audit.api'
import { AuditTable } from './AuditTable'

/** A date-time typed in the browser (no zone) is the user's local time: sent as UTC. */
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/

function withZones(node: FilterNode, datetimes: ReadonlySet<string>): FilterNode {
  if (node.type === 'group') {
    return { ...node, rules: node.rules.map((child) => withZones(child, datetimes)) }
  }
  if (datetimes.has(node.field) && typeof node.value === 'string') {
    const text = node.value.trim()
    if (LOCAL_DATETIME.test(text)) {
      const when = new Date(text)
      if (!Number.isNaN(when.getTime())) return { ...node, value: when.toISOString() }
    }
  }
  return node
}

/**
 * AUDITOR (spec 3 §2, administrators only): the filter builder over the audit record's fields
 * (FILTROS), BUSCAR, and the records found (RESULTADOS, with the count) in a table whose rows
 * expand into the attributes changed. Filter, query, paging, sort and tab are the window's
 * saved state. Anyone else who opens it (a saved workspace) is told it is for administrators.
 */
export function AuditWindow(props: WindowProps<AuditState>) {
  return (
    <AdminOnly>
      <AuditSearch {...props} />
    </AdminOnly>
  )
}

function AuditSearch({ state, setState }: WindowProps<AuditState>) {
  const s = state ?? INITIAL_AUDIT
  const update = (patch: Partial<AuditState>) => setState({ ...s, ...patch })
  const { enqueueSnackbar } = useSnackbar()
  const { data: layerList } = useGetLayerDescriptionsQuery()
  const layers = useMemo(
    () => [...(layerList ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layerList],
  )

  const fields = useMemo<BuilderField[]>(
    () =>
      AUDIT_FIELDS.map((f) => ({
        name: f.name,
        title: t(f.title),
        type: f.type,
        ...(f.type === 'audit-action'
          ? {
              choices: AUDIT_ACTION_CODES.map((code) => ({
                value: code,
                label: t(`audit.action.${code}`),
              })),
            }
          : f.type === 'layer'
            ? { choices: layers.map((l) => ({ value: l.name, label: l.title })) }
            : {}),
      })),
    [layers],
  )
  const runFilter = useRunFilter(fields, update)
  const datetimes = useMemo(
    () => new Set(fields.filter((f) => f.type === 'datetime').map((f) => f.name)),
    [fields],
  )

  const useSamples: SamplesSource = (field, contains) => {
    const samples = useAuditSamplesQuery(field ? { field, filter: contains } : skipToken)
    return { values: samples.data ?? [], loading: samples.isFetching }
  }

  const search = useSearchAuditQuery(
    s.query === undefined
      ? skipToken
      : {
          ...(s.query ? { filter: withZones(s.query, datetimes) as FilterGroup } : {}),
          page: s.page,
          limit: s.limit,
          sort: s.sort,
        },
  )
  const failure = search.isError ? toFailure(search.error) : undefined
  useEffect(() => {
    if (search.isError) enqueueSnackbar(t('audit.loadFailed'), { variant: 'error' })
  }, [search.isError, search.error, enqueueSnackbar])

  const runSearch = () => runFilter(s)

  const count = search.data?.rowCount
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 200 }}>
          {t('audit.title')}
        </Typography>
        <Button variant="contained" startIcon={<Search />} onClick={runSearch}>
          {t('audit.search')}
        </Button>
      </Paper>

      <FilterResultTabs tab={s.tab} count={count} onChange={(tab) => update({ tab })} />

      {s.tab === 'filters' ? (
        <FilterBuilder
          layer="audit"
          fields={fields}
          value={s.filter}
          onChange={(filter) => update({ filter })}
          useSamples={useSamples}
        />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {failure?.status === 400 && <Alert severity="error">{problemText(failure)}</Alert>}
          {s.query === undefined ? (
            <Alert severity="info">{t('audit.notSearched')}</Alert>
          ) : (
            <AuditTable
              rows={search.data?.results ?? []}
              total={count ?? 0}
              loading={search.isFetching}
              page={s.page}
              limit={s.limit}
              sort={s.sort}
              onSort={(sort) => update({ sort, page: 0 })}
              onPage={(page, limit) => update({ page, limit })}
              layers={layers}
            />
          )}
        </Box>
      )}
    </Box>
  )
}
