import FilterList from '@mui/icons-material/FilterList'
import Search from '@mui/icons-material/Search'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import {
  BRIDGE_PAGE_SIZES,
  BRIDGE_STATUSES,
  type BridgeRow,
  type BridgeStatus,
} from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { skipToken } from '@reduxjs/toolkit/query'
import { useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { toFailure } from '../../api/base-api'
import { DataTable, type Column } from '../../components/DataTable'
import {
  builderFields,
  EMPTY_FILTER,
  FilterBuilder,
  filterProblems,
  orphanRules,
  toFilterTree,
  type SamplesSource,
} from '../../components/filter-builder'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import { problemText } from '../../api/problem-text'
import { useFieldSamplesQuery } from '../../api/search.api'
import { bridgePath } from './paths'
import { useInspectionSummaryQuery, useSearchBridgesQuery } from './inspection.api'
import { searchBody, type ListState } from './list-state'
import { dateText, kmText, noteColour, noteLabel } from './notes'
import { StatusChip } from './StatusChip'

function NoteCell({ note }: { note: number | null }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: noteColour(note),
          flexShrink: 0,
        }}
      />
      {noteLabel(note)}
    </Box>
  )
}

const COLUMNS: Column<BridgeRow>[] = [
  {
    key: 'codigo',
    label: t('inspection.col.codigo'),
    sortKey: 'codigo',
    render: (r) => (
      <Link
        component={RouterLink}
        to={bridgePath(r.featureId)}
        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {r.codigo ?? r.featureId}
      </Link>
    ),
  },
  {
    key: 'tipo',
    label: t('inspection.col.tipo'),
    sortKey: 'tipo',
    wide: true,
    render: (r) => r.tipo ?? '-',
  },
  {
    key: 'rodovia',
    label: t('inspection.col.rodovia'),
    sortKey: 'rodovia',
    wide: true,
    render: (r) => r.rodovia ?? '-',
  },
  {
    key: 'km',
    label: t('inspection.col.km'),
    sortKey: 'km',
    wide: true,
    render: (r) => kmText(r.km),
  },
  {
    key: 'sentido',
    label: t('inspection.col.sentido'),
    sortKey: 'sentido',
    wide: true,
    render: (r) => r.sentido ?? '-',
  },
  {
    key: 'last',
    label: t('inspection.col.last'),
    sortKey: 'lastDate',
    wide: true,
    render: (r) => (r.last ? `${dateText(r.last.date)} · ${r.last.type}` : '-'),
  },
  {
    key: 'worst',
    label: t('inspection.col.worst'),
    sortKey: 'worstNote',
    wide: true,
    render: (r) => <NoteCell note={r.worstNote} />,
  },
  {
    key: 'nextDue',
    label: t('inspection.col.nextDue'),
    sortKey: 'nextDue',
    render: (r) => dateText(r.nextDue),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    key: 'status',
    label: t('inspection.col.status'),
    sortKey: 'status',
    render: (r) => <StatusChip status={r.status} />,
  },
]

/**
 * LISTA: the bridges filtered by status (and those awaiting approval) and by the filter
 * builder over the layer's fields, paged and sorted by the server.
 */
export function BridgeList({
  state: s,
  onChange,
}: {
  state: ListState
  onChange: (patch: Partial<ListState>) => void
}) {
  const layers = useGetLayerDescriptionsQuery().data
  const layerName = useInspectionSummaryQuery().data?.layer
  const layer = layers?.find((l) => l.name === layerName)
  const fields = useMemo(() => builderFields(layer), [layer])
  const [filterOpen, setFilterOpen] = useState(Boolean(s.query))
  const [problem, setProblem] = useState(false)
  const result = useSearchBridgesQuery(searchBody(s))
  const failure = result.isError ? toFailure(result.error) : undefined

  const useSamples: SamplesSource = (field, contains) => {
    const samples = useFieldSamplesQuery(
      layer && field ? { layer: layer.name, field, filter: contains } : skipToken,
    )
    return { values: samples.data ?? [], loading: samples.isFetching }
  }

  const run = () => {
    if (filterProblems(s.filter, fields).size > 0) {
      setProblem(true)
      return
    }
    setProblem(false)
    const orphans = new Set(orphanRules(s.filter).map((r) => r.id))
    const filter = { ...s.filter, rules: s.filter.rules.filter((r) => !orphans.has(r.id)) }
    onChange({ filter, query: toFilterTree(filter, fields) ?? null, page: 0 })
  }

  return (
    <Box
      role="region"
      aria-label={t('inspection.list.region')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={t('inspection.list.status')}
          value={s.status}
          onChange={(e) => onChange({ status: e.target.value as BridgeStatus | '', page: 0 })}
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('inspection.list.allStatuses')}</MenuItem>
          {BRIDGE_STATUSES.map((st) => (
            <MenuItem key={st} value={st}>
              <StatusChip status={st} />
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={s.pending}
              onChange={(e) => onChange({ pending: e.target.checked, page: 0 })}
            />
          }
          label={t('inspection.count.pending')}
        />
        <Button
          startIcon={<FilterList />}
          aria-expanded={filterOpen}
          onClick={() => setFilterOpen((o) => !o)}
          sx={{ ml: { sm: 'auto' } }}
        >
          {t('inspection.list.filters')}
          {s.query ? ' •' : ''}
        </Button>
      </Paper>
      <Collapse in={filterOpen} unmountOnExit>
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <FilterBuilder
            layer={layer?.name}
            fields={fields}
            value={s.filter}
            onChange={(filter) => onChange({ filter })}
            useSamples={useSamples}
          />
          {problem && <Alert severity="error">{t('filterBuilder.invalidValues')}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                setProblem(false)
                onChange({ filter: EMPTY_FILTER, query: null, page: 0 })
              }}
            >
              {t('inspection.list.clear')}
            </Button>
            <Button variant="contained" startIcon={<Search />} onClick={run}>
              {t('inspection.list.search')}
            </Button>
          </Box>
        </Paper>
      </Collapse>
      {failure && failure.status === 400 && <Alert severity="error">{problemText(failure)}</Alert>}
      <Box sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
        <DataTable
          label={t('inspection.list.region')}
          columns={COLUMNS}
          rows={result.data?.rows ?? []}
          rowKey={(r) => r.featureId}
          empty={result.isUninitialized ? '' : t('inspection.list.empty')}
          loading={result.isFetching}
          sort={s.sort}
          onSort={(sort) => onChange({ sort, page: 0 })}
          rowProps={(r) => ({ 'data-feature': r.featureId })}
          pager={{
            total: result.data?.total ?? 0,
            page: s.page,
            limit: s.size,
            sizes: BRIDGE_PAGE_SIZES,
            onPage: (page, size) => onChange({ page, size }),
          }}
        />
      </Box>
    </Box>
  )
}
