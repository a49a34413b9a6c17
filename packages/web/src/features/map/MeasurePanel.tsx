import MenuItem from '@mui/material/MenuItem'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useMeasure, type Measurement, type MeasureKind } from '../../map/tools/measure'
import { ToolPanel } from './ToolPanel'

/**
 * The measure panel: Distância or Área (changing it clears the measures), the running or
 * last measure on the ellipsoid, and a button that clears them.
 */
export function MeasurePanel({ onClose, right }: { onClose: () => void; right: number }) {
  const [kind, setKind] = useState<MeasureKind>('length')
  const [clear, setClear] = useState(0)
  const [measure, setMeasure] = useState<Measurement | null>(null)
  useMeasure(true, kind, clear, setMeasure)
  return (
    <ToolPanel
      title={t('map.measure.title')}
      closeLabel={t('map.measure.close')}
      onClose={onClose}
      right={right}
      testId="measure-panel"
    >
      <TextField
        select
        label={t('map.measure.type')}
        value={kind}
        onChange={(e) => setKind(e.target.value as MeasureKind)}
        sx={{ mt: 1 }}
      >
        <MenuItem value="length">{t('map.measure.distance')}</MenuItem>
        <MenuItem value="area">{t('map.measure.area')}</MenuItem>
      </TextField>
      <Box
        sx={{ mt: 2, minHeight: 48, display: 'flex', alignItems: 'center' }}
        aria-live="polite"
        data-testid="measure-result"
      >
        {measure ? (
          <Typography sx={{ fontSize: 22, fontWeight: 700, color: 'secondary.main' }}>
            {measure.text}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('map.measure.hintStart')}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {measure?.drawing ? t('map.measure.hintContinue') : t('map.measure.ellipsoid')}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => {
          setClear((c) => c + 1)
          setMeasure(null)
        }}
        sx={{ mt: 1.5 }}
      >
        {t('map.measure.clear')}
      </Button>
    </ToolPanel>
  )
}
