import ContentCopy from '@mui/icons-material/ContentCopy'
import ContentPaste from '@mui/icons-material/ContentPaste'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { fromLonLat } from 'ol/proj'
import { useState, type ClipboardEvent } from 'react'
import { FEATURE_ZOOM } from '../../map/constants'
import {
  parsePastedPosition,
  positionText,
  useCoordinateSystem,
  type CoordinateSystem,
} from '../../map/coordinate-system'
import { shownDegrees, type LatLon } from '../../map/coordinates'
import { useMap } from '../../map/map-context'
import { useMarkers, usePointerCoordinate } from '../../map/tools/coordinates'
import { formatUtm } from '../../map/utm-text'
import { copyText, readClipboard } from './clipboard'
import { CoordinateFields } from './CoordinateFields'
import { CoordinatesReadout } from './CoordinatesReadout'
import { ToolPanel } from './ToolPanel'
import { useCoordinateFields } from './use-coordinate-fields'

/**
 * The coordinates panel (spec 2 section 2.4): the cursor's or the centre's position with copy
 * and paste, fields to type one, swap, Ir (centre the map there), Marcar (a marker there) and
 * LIMPAR. In degrees (latitude and longitude, 6 decimals: fields Y and X) or in SIRGAS 2000 /
 * UTM with its zone (fields Zona, E and N), the system chosen here and remembered
 * (`useCoordinateSystem`). Each system keeps its own typed fields; a paste fills the fields of
 * its system, switching to it, with the numbers as written: a typed value is never changed.
 */
export function CoordinatesPanel({ onClose, right }: { onClose: () => void; right: number }) {
  const map = useMap()
  const { enqueueSnackbar } = useSnackbar()
  const [system, setSystem] = useCoordinateSystem()
  const [readout, setReadout] = useState<{ at: LatLon; source: 'cursor' | 'center' } | null>(null)
  const fields = useCoordinateFields(system)
  const [markers, setMarkers] = useState<(LatLon & { label: string })[]>([])
  usePointerCoordinate(true, (at, source) => setReadout({ at, source }))
  useMarkers(markers)
  const { target } = fields

  const fill = (text: string) => {
    const pasted = parsePastedPosition(text)
    if (!pasted) {
      enqueueSnackbar(t('map.coords.pasteInvalid'), { variant: 'error' })
      return
    }
    fields.fill(pasted)
    setSystem(pasted.system)
  }
  const paste = async () => {
    const text = await readClipboard()
    if (text === null) enqueueSnackbar(t('map.coords.clipboardFailed'), { variant: 'error' })
    else fill(text)
  }
  // A whole position pasted into one field ("lat, lon", a UTM text) fills them all, by the
  // same rule; a single number (`-23,55`, `333.624,18`) is pasted as usual.
  const onFieldPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text')
    if (/[\s;]/.test(text.trim()) || parsePastedPosition(text)) {
      e.preventDefault()
      fill(text)
    }
  }
  const copy = async () => {
    if (!readout) return
    const ok = await copyText(positionText(readout.at, system))
    enqueueSnackbar(t(ok ? 'map.copy.coordinatesDone' : 'map.copy.coordinatesFailed'), {
      variant: ok ? 'success' : 'error',
    })
  }
  const go = (at: LatLon) => {
    const view = map.getView()
    view.animate({
      center: fromLonLat([at.lon, at.lat]),
      zoom: Math.max(view.getZoom() ?? 0, FEATURE_ZOOM),
      duration: 300,
    })
  }
  const mark = (at: LatLon) => {
    // Labelled as the read-out shows them: decimal commas, so a semicolon between degrees.
    const { zone, easting, northing } = fields.utmPosition
    const label =
      system === 'utm'
        ? formatUtm(zone, easting, northing)
        : `${shownDegrees(at.lat)}; ${shownDegrees(at.lon)}`
    setMarkers((m) => [...m, { ...at, label }])
    go(at)
  }

  return (
    <ToolPanel
      title={t('map.coords.title')}
      closeLabel={t('map.coords.close')}
      onClose={onClose}
      right={right}
      testId="coordinates-panel"
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        fullWidth
        color="primary"
        value={system}
        onChange={(_e, next: CoordinateSystem | null) => next && setSystem(next)}
        aria-label={t('map.coords.system')}
        sx={{ mb: 1.5 }}
      >
        <ToggleButton value="degrees">{t('map.coords.degrees')}</ToggleButton>
        <ToggleButton value="utm">{t('map.coords.utm')}</ToggleButton>
      </ToggleButtonGroup>
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
        <CoordinatesReadout readout={readout} system={system} />
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
      <CoordinateFields system={system} fields={fields} onPaste={onFieldPaste} />
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={() => target && go(target)} disabled={!target}>
          {t('map.coords.go')}
        </Button>
        <Button variant="outlined" onClick={() => target && mark(target)} disabled={!target}>
          {t('map.coords.mark')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          onClick={() => {
            fields.clear()
            setMarkers([])
          }}
        >
          {t('map.coords.clear')}
        </Button>
      </Box>
    </ToolPanel>
  )
}
