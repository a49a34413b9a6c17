import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown'
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import IconButton from '@mui/material/IconButton'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { FeatureRef, HistoryEntry, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useState } from 'react'
import { attributeText } from '../../components/attribute-text'
import { formFields, type FormField } from '../../components/feature-form'
import { useGetHistoryQuery } from '../../api/features.api'
import { DataTable, type Column } from '../../components/DataTable'

const ACTION_COLOR = { I: 'success', U: 'info', D: 'error' } as const
const PAGE_SIZES = [10, 20, 50]

/** The columns of one change's table: a row per attribute name. */
function changeColumns(entry: HistoryEntry, byName: Map<string, FormField>): Column<string>[] {
  const changed = entry.changedFields
  const isChanged = (name: string) => Object.hasOwn(changed, name)
  const text = (values: Record<string, unknown> | null | undefined, name: string) =>
    values ? attributeText(values[name], byName.get(name)?.type) : '-'
  return [
    {
      key: 'attribute',
      label: t('history.attribute'),
      render: (name) => byName.get(name)?.title ?? name,
      cellProps: (name) => ({ sx: { fontWeight: isChanged(name) ? 600 : 400 } }),
    },
    {
      key: 'previous',
      label: t('history.previous'),
      render: (name) => text(entry.previousFields, name),
    },
    {
      key: 'changed',
      label: t('history.changed'),
      render: (name) =>
        isChanged(name) ? attributeText(changed[name], byName.get(name)?.type) : '',
      cellProps: () => ({ sx: { color: 'error.main', fontWeight: 600 } }),
    },
    {
      key: 'current',
      label: t('history.current'),
      render: (name) => text(entry.currentFields, name),
    },
  ]
}

/** The table of one change: every attribute before, what changed (in red, first), and after. */
function ChangeTable({ entry, layer }: { entry: HistoryEntry; layer: LayerDescription }) {
  const fields = useMemo(() => formFields(layer, undefined), [layer])
  const byName = new Map(fields.map((f) => [f.name, f]))
  const changed = entry.changedFields
  const all = [
    ...fields.map((f) => f.name),
    ...Object.keys(entry.currentFields ?? entry.previousFields ?? {}).filter(
      (n) => !byName.has(n) && n !== 'geom',
    ),
  ]
  // The changed attributes first, so a change is seen without scrolling through the rest.
  const names = [
    ...all.filter((n) => Object.hasOwn(changed, n)),
    ...all.filter((n) => !Object.hasOwn(changed, n)),
  ]
  if (Object.keys(changed).length === 0) {
    return (
      <Alert severity="info" sx={{ my: 1 }}>
        {t('history.noAttributeChanges')}
        {entry.geometryChanged && ` ${t('history.geometryChanged')}`}
      </Alert>
    )
  }
  return (
    <Box sx={{ overflowX: 'auto', my: 1 }}>
      {entry.geometryChanged && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('history.geometryChanged')}
        </Typography>
      )}
      <DataTable
        bare
        noLoadingBar
        label={t('history.expand')}
        columns={changeColumns(entry, byName)}
        rows={names}
        rowKey={(name) => name}
        empty=""
        rowProps={(name) =>
          Object.hasOwn(changed, name) ? { sx: { bgcolor: 'rgba(211, 47, 47, 0.04)' } } : {}
        }
      />
      {(entry.application || entry.clientAddress) && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('history.origin', {
            application: entry.application ?? '-',
            address: [entry.clientAddress, entry.clientPort].filter((v) => v !== null).join(':'),
          })}
        </Typography>
      )}
    </Box>
  )
}

function historyColumns(
  open: ReadonlySet<number>,
  toggle: (id: number) => void,
): Column<HistoryEntry>[] {
  return [
    {
      key: 'expand',
      label: '',
      padding: 'checkbox',
      render: (entry) => (
        <IconButton
          size="small"
          aria-label={t('history.expand')}
          aria-expanded={open.has(entry.id)}
          onClick={() => toggle(entry.id)}
        >
          {open.has(entry.id) ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
        </IconButton>
      ),
    },
    {
      key: 'when',
      label: '',
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      render: (entry) => new Date(entry.timestamp).toLocaleString('pt-BR'),
    },
    {
      key: 'author',
      label: '',
      render: (entry) => (
        <>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ mr: 0.5 }}>
            {t('history.author')}
          </Typography>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {entry.user ?? t('history.unknownUser')}
          </Typography>
          {entry.approvedBy && (
            <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.5 }}>
              {t('approvals.history.approvedBy', { reviewer: entry.approvedBy })}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'action',
      label: '',
      cellProps: () => ({ align: 'right' }),
      render: (entry) => (
        <Chip
          size="small"
          color={ACTION_COLOR[entry.action]}
          variant="outlined"
          label={t(`history.action.${entry.action}`)}
        />
      ),
    },
  ]
}

/** HISTÓRIA: the feature's changes, newest first: time, 'Autor', the action chip, and on expanding, the attributes. */
export function HistoryTab({ item, layer }: { item: FeatureRef; layer: LayerDescription }) {
  const [page, setPage] = useState(0)
  const [limit, setLimit] = useState(10)
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const { data, isFetching, isError } = useGetHistoryQuery({
    ...item,
    page,
    limit,
    sort: '-timestamp',
  })
  const { enqueueSnackbar } = useSnackbar()
  useEffect(() => {
    if (isError) enqueueSnackbar(t('features.historyLoadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])
  useEffect(() => setPage(0), [item.layer, item.id])
  // A row opens on its page only, as long as it is shown.
  useEffect(() => setOpen(new Set()), [item.layer, item.id, page, limit])
  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const columns = historyColumns(open, toggle)
  return (
    <DataTable
      noHead
      columns={columns}
      rows={data?.rows ?? []}
      rowKey={(entry) => entry.id}
      empty={data ? t('history.empty') : ''}
      loading={isFetching}
      label={t('features.tab.history')}
      pager={{
        total: data?.total ?? 0,
        page,
        limit,
        sizes: PAGE_SIZES,
        onPage: (next, size) => {
          setLimit(size)
          setPage(next)
        },
      }}
      pagerSx={{}}
      rowProps={(entry) => ({
        sx: { '& > td': { borderBottom: open.has(entry.id) ? 'none' : undefined } },
      })}
      after={(entry) => (
        <TableRow>
          <TableCell colSpan={columns.length} sx={{ py: 0 }}>
            <Collapse in={open.has(entry.id)} timeout="auto" unmountOnExit>
              <ChangeTable entry={entry} layer={layer} />
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    />
  )
}
