import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import type { InspectionTypeInput } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { NumberField } from '../../components/br-input'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { problemText } from '../../api/problem-text'
import { useInspectionTypesQuery, useSaveInspectionTypesMutation } from './inspection.api'

interface Row extends InspectionTypeInput {
  key: number
  inUse: boolean
}

let nextKey = 1

/**
 * TIPOS DE INSPEÇÃO (administrators): each type's name and periodicity in months (empty: not
 * periodic), new types, removal of those without inspections; saved whole (PUT /types).
 */
export function TypesDialog({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const { enqueueSnackbar } = useSnackbar()
  const types = useInspectionTypesQuery()
  const [save, saving] = useSaveInspectionTypesMutation()
  const [rows, setRows] = useState<Row[] | null>(null)
  const [bad, setBad] = useState<Set<number>>(new Set())
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (types.data && rows === null)
      setRows(
        types.data.map((x) => ({
          key: nextKey++,
          id: x.id,
          name: x.name,
          periodicityMonths: x.periodicityMonths,
          inUse: x.inUse,
        })),
      )
  }, [types.data, rows])

  const update = (key: number, patch: Partial<Row>) =>
    setRows((list) => (list ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)))

  async function submit() {
    if (!rows || bad.size > 0) return
    setError(null)
    try {
      await save(
        rows.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          name: r.name.trim(),
          periodicityMonths: r.periodicityMonths,
        })),
      ).unwrap()
      enqueueSnackbar(t('inspection.typesDialog.saved'), { variant: 'success' })
      onClose()
    } catch (err) {
      setError(problemText(toFailure(err)))
    }
  }

  return (
    <DialogFrame
      titleId="inspection-types-title"
      title={t('inspection.typesDialog.title')}
      onClose={onClose}
      fullScreen={phone}
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '12px !important' }}
      actions={
        <DialogButtons
          before={
            <Button
              startIcon={<Add />}
              sx={{ mr: 'auto' }}
              onClick={() =>
                setRows((list) => [
                  ...(list ?? []),
                  { key: nextKey++, name: '', periodicityMonths: null, inUse: false },
                ])
              }
            >
              {t('inspection.typesDialog.add')}
            </Button>
          }
          back={t('inspection.form.cancel')}
          onBack={onClose}
          act={t('inspection.form.save')}
          onAct={() => void submit()}
          actDisabled={!rows || saving.isLoading || bad.size > 0}
        />
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('inspection.typesDialog.periodicityHint')}
      </Typography>
      {(rows ?? []).map((r) => (
        <Box key={r.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('inspection.typesDialog.name')}
            value={r.name}
            onChange={(e) => update(r.key, { name: e.target.value })}
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <NumberField
            size="small"
            label={t('inspection.typesDialog.periodicity')}
            placeholder={t('inspection.typesDialog.notPeriodic')}
            value={r.periodicityMonths}
            integer
            min={1}
            max={240}
            onChange={(v) => update(r.key, { periodicityMonths: v })}
            onProblem={(p) =>
              setBad((s) => {
                const next = new Set(s)
                if (p) next.add(r.key)
                else next.delete(r.key)
                return next
              })
            }
            sx={{ flex: 1, minWidth: 110 }}
          />
          <IconButton
            aria-label={t('inspection.typesDialog.remove', { name: r.name })}
            disabled={r.inUse}
            onClick={() => setRows((list) => (list ?? []).filter((x) => x.key !== r.key))}
            sx={{ mt: 0.5 }}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
    </DialogFrame>
  )
}
