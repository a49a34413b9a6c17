import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { BridgeStatus, InspectionSummary } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { BarChart, type Bar } from './charts'
import { NO_NOTE_COLOUR, noteColour, STATUS_COLOURS } from './notes'

/** What a count card opens in the list: a status, or the inspections awaiting approval. */
export type ListScope = BridgeStatus | 'PENDING'

const COUNTS: { key: keyof InspectionSummary; label: string; scope: ListScope; colour: string }[] =
  [
    {
      key: 'overdue',
      label: 'inspection.count.overdue',
      scope: 'OVERDUE',
      colour: STATUS_COLOURS.OVERDUE,
    },
    {
      key: 'due30',
      label: 'inspection.count.due30',
      scope: 'DUE_30',
      colour: STATUS_COLOURS.DUE_30,
    },
    {
      key: 'due90',
      label: 'inspection.count.due90',
      scope: 'DUE_90',
      colour: STATUS_COLOURS.DUE_90,
    },
    { key: 'ok', label: 'inspection.count.ok', scope: 'OK', colour: STATUS_COLOURS.OK },
    { key: 'never', label: 'inspection.count.never', scope: 'NEVER', colour: STATUS_COLOURS.NEVER },
    { key: 'pending', label: 'inspection.count.pending', scope: 'PENDING', colour: '#0b4f6c' },
  ]

const number = new Intl.NumberFormat('pt-BR')

/**
 * PAINEL: the counts of the readable bridges by status (each opens the list on them) and three
 * charts: bridges by worst note, overdue bridges by type, inspections per year.
 */
export function PanelView({
  summary,
  onOpen,
}: {
  summary: InspectionSummary
  onOpen: (scope: ListScope) => void
}) {
  const byNote: Bar[] = [
    ...([5, 4, 3, 2, 1] as const).map((n) => ({
      label: String(n),
      value: summary.byWorstNote[String(n) as '1'],
      colour: noteColour(n),
    })),
    {
      label: t('inspection.chart.noNote'),
      value: summary.byWorstNote.none,
      colour: NO_NOTE_COLOUR,
    },
  ]
  const byType: Bar[] = summary.overdueByType.map((r) => ({
    label: r.type,
    value: r.count,
    colour: STATUS_COLOURS.OVERDUE,
  }))
  const byYear: Bar[] = summary.inspectionsByYear.slice(-8).map((r) => ({
    label: String(r.year),
    value: r.count,
    colour: '#0b4f6c',
  }))
  return (
    <Box
      role="region"
      aria-label={t('inspection.panel.region')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography color="text.secondary">
        {t('inspection.count.total', { count: number.format(summary.total) })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1, sm: 1.5 },
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        }}
      >
        {COUNTS.map((c) => {
          const value = summary[c.key] as number
          return (
            <Paper key={c.key} variant="outlined" sx={{ borderLeft: 5, borderLeftColor: c.colour }}>
              <ButtonBase
                data-testid={`count-${c.key}`}
                onClick={() => onOpen(c.scope)}
                sx={{
                  width: '100%',
                  p: { xs: 1.25, sm: 1.5 },
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  textAlign: 'left',
                  borderRadius: 1,
                }}
              >
                <Typography
                  component="span"
                  data-testid="count-value"
                  sx={{
                    fontSize: { xs: 26, sm: 30 },
                    fontWeight: 700,
                    lineHeight: 1.1,
                    color: c.colour,
                  }}
                >
                  {number.format(value)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {t(c.label as 'inspection.count.overdue')}
                </Typography>
              </ButtonBase>
            </Paper>
          )
        })}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <BarChart title={t('inspection.chart.byWorstNote')} bars={byNote} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <BarChart title={t('inspection.chart.overdueByType')} bars={byType} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <BarChart title={t('inspection.chart.byYear')} bars={byYear} />
        </Paper>
      </Box>
    </Box>
  )
}
