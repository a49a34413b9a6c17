import ContentCopy from '@mui/icons-material/ContentCopy'
import ContentPaste from '@mui/icons-material/ContentPaste'
import SwapVert from '@mui/icons-material/SwapVert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { fromLonLat } from 'ol/proj'
import { useState, type ClipboardEvent } from 'react'
import { FEATURE_ZOOM } from '../../map/constants'
import {
  formatLatLon,
  parsePastedCoordinate,
  readDegrees,
  shownDegrees,
  validLatitude,
  validLongitude,
  type LatLon,
} from '../../map/coordinates'
import { useMap } from '../../map/map-context'
import { useMarkers, usePointerCoordinate } from '../../map/tools/coordinates'
import { copyText, readClipboard } from './clipboard'
import { ToolPanel } from './ToolPanel'

/**
 * The coordinates panel (spec 2 section 2.4): the cursor's or the centre's latitude and
 * longitude with 6 decimals, copy and paste, fields Y (Latitude) and X (Longitude), swap,
 * Ir (centre the map there), Marcar (a marker there) and LIMPAR.
 */
export function CoordinatesPanel({ onClose, right }: { onClose: () => void; right: number }) {
  const map = useMap()
  const { enqueueSnackbar } = useSnackbar()
  const [readout, setReadout] = useState<{ at: LatLon; source: 'cursor' | 'center' } | null>(null)
  const [y, setY] = useState('')
  const [x, setX] = useState('')
  const [markers, setMarkers] = useState<(LatLon & { label: string })[]>([])
  usePointerCoordinate(true, (at, source) => setReadout({ at, source }))
  useMarkers(markers)

  const lat = readDegrees(y)
  const lon = readDegrees(x)
  const yError = y.trim() !== '' && !validLatitude(lat)
  const xError = x.trim() !== '' && !validLongitude(lon)
  const ready = y.trim() !== '' && x.trim() !== '' && !yError && !xError

  const fill = (text: string) => {
    const parsed = parsePastedCoordinate(text)
    if (!parsed) {
      enqueueSnackbar(t('map.coords.pasteInvalid'), { variant: 'error' })
      return
    }
    setY(String(parsed.lat))
    setX(String(parsed.lon))
  }
  const paste = async () => {
    const text = await readClipboard()
    if (text === null) enqueueSnackbar(t('map.coords.clipboardFailed'), { variant: 'error' })
    else fill(text)
  }
  // Pasting "lat, lon" into a field fills both, by the same rule.
  const onFieldPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text')
    if (/[\s,]/.test(text.trim())) {
      e.preventDefault()
      fill(text)
    }
  }
  const copy = async () => {
    if (!readout) return
    const ok = await copyText(formatLatLon(readout.at))
    enqueueSnackbar(t(ok ? 'map.copy.coordinatesDone' : 'map.copy.coordinatesFailed'), {
      variant: ok ? 'success' : 'error',
    })
  }
  const go = () => {
    const view = map.getView()
    view.animate({
      center: fromLonLat([lon, lat]),
      zoom: Math.max(view.getZoom() ?? 0, FEATURE_ZOOM),
      duration: 300,
    })
  }
  const mark = () => {
    // Labelled as the read-out shows them: decimal commas, so a semicolon between.
    setMarkers((m) => [...m, { lat, lon, label: `${shownDegrees(lat)}; ${shownDegrees(lon)}` }])
    go()
  }

  return (
    <ToolPanel
      title={t('map.coords.title')}
      closeLabel={t('map.coords.close')}
      onClose={onClose}
      right={right}
      testId="coordinates-panel"
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'grey.50',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          mb: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }} data-testid="coordinates-readout">
          <Typography variant="caption" color="text.secondary">
            {t(readout?.source === 'cursor' ? 'map.coords.cursor' : 'map.coords.center')}
          </Typography>
          {/* Label and value side by side, the values aligned; never wrapped on a phone. */}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1,
              fontFamily: 'monospace',
              fontSize: 13,
              whiteSpace: 'nowrap',
            }}
          >
            <span>{t('map.coords.latitude')}:</span>
            <span>{readout ? shownDegrees(readout.at.lat) : '-'}</span>
            <span>{t('map.coords.longitude')}:</span>
            <span>{readout ? shownDegrees(readout.at.lon) : '-'}</span>
          </Box>
        </Box>
        <Tooltip title={t('map.coords.copy')}>
          <IconButton onClick={() => void copy()} aria-label={t('map.coords.copy')}>
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('map.coords.paste')}>
          <IconButton onClick={() => void paste()} aria-label={t('map.coords.paste')}>
            <ContentPaste fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <TextField
            label={t('map.coords.y')}
            value={y}
            onChange={(e) => setY(e.target.value)}
            onPaste={onFieldPaste}
            error={yError}
            helperText={yError ? t('map.coords.latitudeInvalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('map.coords.x')}
            value={x}
            onChange={(e) => setX(e.target.value)}
            onPaste={onFieldPaste}
            error={xError}
            helperText={xError ? t('map.coords.longitudeInvalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
        <Tooltip title={t('map.coords.swap')}>
          <IconButton
            onClick={() => {
              setY(x)
              setX(y)
            }}
            aria-label={t('map.coords.swap')}
          >
            <SwapVert />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={go} disabled={!ready}>
          {t('map.coords.go')}
        </Button>
        <Button variant="outlined" onClick={mark} disabled={!ready}>
          {t('map.coords.mark')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          onClick={() => {
            setY('')
            setX('')
            setMarkers([])
          }}
        >
          {t('map.coords.clear')}
        </Button>
      </Box>
    </ToolPanel>
  )
}
