import ArrowBack from '@mui/icons-material/ArrowBack'
import Add from '@mui/icons-material/Add'
import Map from '@mui/icons-material/Map'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { InspectionDetail } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { toFailure } from '../../api/base-api'
import { BridgeDues, BridgeHistory, LastNotes } from './BridgeSections'
import { NotesChart } from './charts'
import { useBridgeQuery } from './inspection.api'
import { InspectionDialog } from './InspectionDialog'
import { InspectionForm } from './InspectionForm'
import { ModuleBox } from './ModuleBox'
import { dateText, kmText, noteColour } from './notes'
import { INSPECTION_PATH, mapPath } from './paths'
import { StatusChip } from './StatusChip'

/**
 * A bridge's page (/inspection/ponte/{featureId}): its status and latest notes, the dues per
 * periodic type, the notes' trend, the history of inspections (each opens its detail), and
 * NOVA INSPEÇÃO for who may record.
 */
export function BridgePage() {
  const featureId = Number(useParams().featureId)
  const bridge = useBridgeQuery(featureId, { skip: !Number.isInteger(featureId) })
  const [form, setForm] = useState<{ editing?: InspectionDetail } | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const b = bridge.data
  const failure = bridge.isError ? toFailure(bridge.error) : undefined

  return (
    <ModuleBox>
      <Button
        component={RouterLink}
        to={`${INSPECTION_PATH}?aba=lista`}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {t('inspection.bridge.back')}
      </Button>
      {bridge.isLoading && <LinearProgress />}
      {failure && (
        <Alert severity="error">
          {failure.status === 404 ? t('inspection.bridge.notFound') : failure.message}
        </Alert>
      )}
      {b && (
        <Box
          data-testid="bridge-page"
          data-status={b.status}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
            '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
          }}
        >
          <Box
            component="header"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
          >
            <Box
              aria-hidden
              sx={{
                width: 18,
                height: 18,
                mt: 0.75,
                borderRadius: '50%',
                bgcolor: noteColour(b.worstNote),
                flexShrink: 0,
              }}
            />
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="h5" component="h1">
                {t('inspection.bridge.title', {
                  codigo: b.codigo ?? String(b.featureId),
                  tipo: b.tipo ?? '',
                })}
              </Typography>
              <Typography color="text.secondary">
                {t('inspection.bridge.place', {
                  rodovia: b.rodovia ?? '-',
                  km: kmText(b.km),
                  sentido: b.sentido ?? '-',
                })}
                {b.codigoArtesp ? ` · ${b.codigoArtesp}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
                <StatusChip status={b.status} />
                <Typography variant="body2" data-testid="bridge-next-due">
                  {t('inspection.col.nextDue')}: <strong>{dateText(b.nextDue)}</strong>
                  {b.nextDueType ? ` (${b.nextDueType})` : ''}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<Map />}
                component={RouterLink}
                to={mapPath(b.featureId)}
              >
                {t('inspection.bridge.onMap')}
              </Button>
              {b.canRecord && (
                <Button variant="contained" startIcon={<Add />} onClick={() => setForm({})}>
                  {t('inspection.newInspection')}
                </Button>
              )}
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <LastNotes bridge={b} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <BridgeDues dues={b.dues} />
            </Paper>
          </Box>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <NotesChart
              title={t('inspection.bridge.trend')}
              dates={b.trend.map((p) => dateText(p.date))}
              series={[
                {
                  label: t('inspection.note.structural'),
                  colour: '#0b4f6c',
                  values: b.trend.map((p) => p.structural),
                },
                {
                  label: t('inspection.note.functional'),
                  colour: '#b4531f',
                  values: b.trend.map((p) => p.functional),
                },
                {
                  label: t('inspection.note.durability'),
                  colour: '#6a1b9a',
                  values: b.trend.map((p) => p.durability),
                },
              ]}
            />
          </Paper>
          <BridgeHistory inspections={b.inspections} onOpen={setOpen} />
        </Box>
      )}
      {b && form && (
        <InspectionForm bridge={b} editing={form.editing} onClose={() => setForm(null)} />
      )}
      {open !== null && (
        <InspectionDialog
          id={open}
          onClose={() => setOpen(null)}
          onEdit={(editing) => {
            setOpen(null)
            setForm({ editing })
          }}
        />
      )}
    </ModuleBox>
  )
}
