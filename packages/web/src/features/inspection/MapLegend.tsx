import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { inspectionNoteName, INSPECTION_NOTES } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { LATE_RING } from './map-style'
import { NO_NOTE_COLOUR, noteColour } from './notes'

function Dot({ colour, late }: { colour: string; late?: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: late ? 16 : 12,
        height: late ? 16 : 12,
        borderRadius: '50%',
        bgcolor: colour,
        border: late ? 3 : 2,
        borderColor: late ? LATE_RING : '#ffffff',
        boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
        flexShrink: 0,
      }}
    />
  )
}

/** The map's legend (bottom left): the worst notes' colours and the overdue ring; folds up. */
export function MapLegend() {
  // On a phone the legend starts folded: the map is small enough.
  const [open, setOpen] = useState(() => !window.matchMedia('(max-width: 599.95px)').matches)
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'absolute',
        left: 12,
        bottom: 12,
        zIndex: 4,
        px: 1.25,
        py: 0.75,
        maxWidth: 240,
      }}
    >
      <ButtonBase
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        sx={{ width: '100%', justifyContent: 'space-between', gap: 1, borderRadius: 1 }}
      >
        <Typography variant="subtitle2">{t('inspection.map.legend')}</Typography>
        {open ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
      </ButtonBase>
      {open && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5 }}>
          {INSPECTION_NOTES.map((n) => (
            <Box component="li" key={n} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Dot colour={noteColour(n)} />
              <Typography variant="caption">
                {t('inspection.note.label', { note: n, name: inspectionNoteName(n) })}
              </Typography>
            </Box>
          ))}
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Dot colour={NO_NOTE_COLOUR} />
            <Typography variant="caption">{t('inspection.map.noNote')}</Typography>
          </Box>
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
            <Dot colour="#ffffff" late />
            <Typography variant="caption">{t('inspection.map.overdue')}</Typography>
          </Box>
        </Box>
      )}
    </Paper>
  )
}
