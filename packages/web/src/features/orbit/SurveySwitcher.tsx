import LinearScale from '@mui/icons-material/LinearScale'
import List from '@mui/icons-material/List'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Slider from '@mui/material/Slider'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import { useMemo, useState } from 'react'
import { entryAt, surveyEntries } from './survey-labels'

/**
 * The survey switcher at the bottom centre of the panorama (spec 2 §2.6): a slider over the
 * surveys (their labels by `surveyEntries`' rules) or a select; picking one asks the caller to
 * show that survey's event closest to the current place.
 */
export function SurveySwitcher({
  surveys,
  current,
  busy,
  onPick,
}: {
  surveys: readonly string[]
  current: string
  busy: boolean
  onPick: (survey: string) => void
}) {
  const entries = useMemo(() => surveyEntries(surveys), [surveys])
  const [mode, setMode] = useState<'slider' | 'select'>('slider')
  if (entries.length === 0) return null
  const selected = entries.find((e) => e.survey === current.trim())
  const min = entries[0]!.value
  const max = entries[entries.length - 1]!.value
  const slider = mode === 'slider' && entries.length > 1
  const pick = (survey: string | undefined) => {
    if (survey && survey !== current.trim()) onPick(survey)
  }
  return (
    <Box
      role="group"
      aria-label={t('orbit.survey.switcher')}
      data-testid="survey-switcher"
      sx={{
        position: 'absolute',
        bottom: 56,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 10,
        width: slider ? { xs: 'calc(100% - 32px)', sm: 380 } : 'auto',
        maxWidth: 'calc(100% - 32px)',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: slider ? 0.5 : 1,
        borderRadius: 2,
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        boxShadow: 3,
      }}
    >
      {slider ? (
        <Slider
          aria-label={t('orbit.survey.slider')}
          value={selected?.value ?? min}
          min={min}
          max={max}
          step={null}
          marks={entries.map((e) => ({ value: e.value, label: e.label }))}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => entryAt(entries, v)?.survey ?? ''}
          getAriaValueText={(v) => entryAt(entries, v)?.survey ?? ''}
          disabled={busy}
          onChangeCommitted={(_, v) => pick(entryAt(entries, v as number)?.survey)}
          sx={{ mx: 2, mb: entries.some((e) => e.label) ? 2 : 0, flex: 1 }}
        />
      ) : (
        <TextField
          select
          size="small"
          label={t('orbit.survey.select')}
          value={selected?.survey ?? ''}
          disabled={busy}
          onChange={(e) => pick(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          {entries.map((e) => (
            <MenuItem key={e.survey} value={e.survey}>
              {e.survey}
            </MenuItem>
          ))}
        </TextField>
      )}
      {entries.length > 1 && (
        <Tooltip title={t(slider ? 'orbit.survey.selectMode' : 'orbit.survey.sliderMode')}>
          <IconButton
            size="small"
            aria-label={t(slider ? 'orbit.survey.selectMode' : 'orbit.survey.sliderMode')}
            onClick={() => setMode(slider ? 'select' : 'slider')}
          >
            {slider ? <List fontSize="small" /> : <LinearScale fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
    </Box>
  )
}
