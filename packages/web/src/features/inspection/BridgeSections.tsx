import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import {
  inspectionStatusName,
  type BridgeDetail,
  type BridgeDue,
  type InspectionListItem,
} from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { DataTable, type Column } from '../../components/DataTable'
import { dateText, noteColour, noteLabel } from './notes'
import { StatusChip } from './StatusChip'

/** The latest accepted inspection's three notes, each in its colour. */
export function LastNotes({ bridge: b }: { bridge: BridgeDetail }) {
  const notes = [
    ['inspection.note.structural', b.last?.structural],
    ['inspection.note.functional', b.last?.functional],
    ['inspection.note.durability', b.last?.durability],
  ] as const
  return (
    <Box>
      <Typography variant="subtitle2" component="h2">
        {t('inspection.bridge.lastNotes')}
        {b.last ? ` · ${dateText(b.last.date)} (${b.last.type})` : ''}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(3, 1fr)', mt: 1.5 }}>
        {notes.map(([label, n]) => (
          <Box key={label} sx={{ borderLeft: 5, borderColor: noteColour(n), pl: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {t(label)}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 22, lineHeight: 1.2 }}>
              {n ?? '-'}
            </Typography>
            <Typography variant="caption">{n ? noteLabel(n).replace(/^\d - /, '') : ''}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  )
}

const DUE_COLUMNS: Column<BridgeDue>[] = [
  { key: 'type', label: t('inspection.col.tipo'), render: (d) => d.type },
  {
    key: 'last',
    label: t('inspection.bridge.lastDate'),
    render: (d) => (d.lastDate ? dateText(d.lastDate) : t('inspection.bridge.never')),
  },
  {
    key: 'due',
    label: t('inspection.bridge.due'),
    render: (d) => dateText(d.due),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    key: 'status',
    label: t('inspection.col.status'),
    render: (d) => <StatusChip status={d.status} />,
  },
]

/** The due date of each periodic type. */
export function BridgeDues({ dues }: { dues: readonly BridgeDue[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('inspection.bridge.dues')}
      </Typography>
      <DataTable
        bare
        noLoadingBar
        label={t('inspection.bridge.dues')}
        columns={DUE_COLUMNS}
        rows={dues}
        rowKey={(d) => d.typeId}
        empty={t('inspection.bridge.duesEmpty')}
      />
    </Box>
  )
}

function NoteDot({ note }: { note: number }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box
        aria-hidden
        sx={{ width: 9, height: 9, borderRadius: '50%', bgcolor: noteColour(note) }}
      />
      {note}
    </Box>
  )
}

/** Every inspection of the bridge, newest first; a date opens the inspection. */
export function BridgeHistory({
  inspections,
  onOpen,
}: {
  inspections: readonly InspectionListItem[]
  onOpen: (id: number) => void
}) {
  const columns: Column<InspectionListItem>[] = [
    {
      key: 'date',
      label: t('inspection.bridge.date'),
      render: (i) => (
        <>
          <Link
            component="button"
            type="button"
            onClick={() => onOpen(i.id)}
            aria-label={t('inspection.detail.open', { date: dateText(i.date) })}
            sx={{ fontWeight: 600 }}
          >
            {dateText(i.date)}
          </Link>
          {/* On a phone the type goes under the date. */}
          <Typography variant="caption" sx={{ display: { xs: 'block', md: 'none' } }}>
            {i.type}
          </Typography>
        </>
      ),
    },
    { key: 'type', label: t('inspection.col.tipo'), wide: true, render: (i) => i.type },
    {
      key: 'inspector',
      label: t('inspection.detail.inspector'),
      wide: true,
      render: (i) => i.inspector,
    },
    {
      key: 's',
      label: t('inspection.note.structural'),
      wide: true,
      render: (i) => <NoteDot note={i.structural} />,
    },
    {
      key: 'f',
      label: t('inspection.note.functional'),
      wide: true,
      render: (i) => <NoteDot note={i.functional} />,
    },
    {
      key: 'd',
      label: t('inspection.note.durability'),
      wide: true,
      render: (i) => <NoteDot note={i.durability} />,
    },
    {
      key: 'worst',
      label: t('inspection.col.worst'),
      render: (i) => <NoteDot note={i.worstNote} />,
    },
    {
      key: 'status',
      label: t('inspection.col.status'),
      render: (i) => (
        <Typography
          variant="body2"
          sx={{
            color:
              i.status === 'PENDING'
                ? 'warning.dark'
                : i.status === 'REJECTED'
                  ? 'text.disabled'
                  : 'text.primary',
          }}
        >
          {inspectionStatusName(i.status)}
        </Typography>
      ),
    },
  ]
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {t('inspection.bridge.history')}
      </Typography>
      <DataTable
        label={t('inspection.bridge.history')}
        columns={columns}
        rows={inspections}
        rowKey={(i) => i.id}
        rowProps={(i) => ({ 'data-status': i.status })}
        empty={t('inspection.bridge.historyEmpty')}
      />
    </Box>
  )
}
