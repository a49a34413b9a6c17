import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useMemo, useState } from 'react'
import {
  surveyColour,
  surveyTracksTitle,
  useGetSurveyTracksQuery,
  useSurveyTracks,
} from './survey-tracks'

const STORAGE_KEY = 'gis.map.surveyTracks'

/**
 * The map page's street-imagery overlay (issue 29 point 7): the surveys' tracks on the map,
 * and at the bottom centre a switch 'Imagens 360°' with the legend of the surveys' colours, so
 * that users see where imagery exists before they click. The choice is kept in local storage.
 * Shown by the map page when the module orbit or smmcad is on.
 */
export function SurveyTracksOverlay({ left = 12, right = 12 }: { left?: number; right?: number }) {
  const [visible, setVisible] = useState(() => localStorage.getItem(STORAGE_KEY) !== 'off')
  useSurveyTracks(visible)
  const { data } = useGetSurveyTracksQuery()
  const surveys = useMemo(
    () => [...new Set((data?.features ?? []).map((f) => f.properties.survey))].sort(),
    [data],
  )
  if (!data?.features.length) return null
  return (
    <Box
      data-testid="survey-tracks-overlay"
      sx={{
        position: 'absolute',
        bottom: 12,
        left,
        right,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
        zIndex: 2,
      }}
    >
      <Paper
        elevation={3}
        role="region"
        aria-label={surveyTracksTitle()}
        sx={{
          pointerEvents: 'auto',
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          pl: 1,
          pr: 1.5,
          py: 0.25,
        }}
      >
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              size="small"
              checked={visible}
              onChange={(e) => {
                setVisible(e.target.checked)
                localStorage.setItem(STORAGE_KEY, e.target.checked ? 'on' : 'off')
              }}
            />
          }
          label={<Typography variant="body2">{surveyTracksTitle()}</Typography>}
        />
        {visible &&
          surveys.map((survey) => (
            <Box
              key={survey}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              title={t('smmcad.tracks.survey', { survey })}
            >
              <Box
                aria-hidden
                sx={{
                  width: 18,
                  height: 5,
                  borderRadius: 1,
                  bgcolor: surveyColour(surveys, survey),
                }}
              />
              <Typography variant="caption">{survey}</Typography>
            </Box>
          ))}
      </Paper>
    </Box>
  )
}
