import Delete from '@mui/icons-material/Delete'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { geometryTypeLabel } from '@gis/shared/admin'
import { t, type MessageKey } from '@gis/shared/i18n'
import { LAYER_GEOMETRY_TYPES } from '@gis/shared'
import { useState } from 'react'
import type { ImportConfig, ImportJob, SpatializeMode, SpatializeType } from './dataloader-types'

/** The coordinates a geometry type needs (spec 2 §5), with the message when short. */
function needed(geometry: string): [number, MessageKey] {
  if (/point/i.test(geometry)) return [1, 'dataloader.needPoint']
  if (/line/i.test(geometry)) return [2, 'dataloader.needLine']
  return [3, 'dataloader.needPolygon']
}

/** Clipboard text 'lat, lon' (spec 2 §5): commas to spaces, exactly two parts. */
export function parsePastedCoordinate(text: string): { lat: string; lon: string } | undefined {
  const parts = text.replace(/,/g, ' ').split(' ').filter(Boolean)
  return parts.length === 2 ? { lat: parts[0]!, lon: parts[1]! } : undefined
}

/** CONFIGURAÇÕES DO VETOR GRÁFICO: how the rows get their geometry. */
export function VectorDialog({
  open,
  job,
  config,
  geometryType,
  onClose,
}: {
  open: boolean
  job: ImportJob
  config: ImportConfig
  geometryType: string
  onClose: (next?: Partial<ImportConfig>) => void
}) {
  const [geometry, setGeometry] = useState(geometryType)
  const [type, setType] = useState<SpatializeType>(config.spatializeType)
  const [mode, setMode] = useState<SpatializeMode>(config.spatializeMode)
  const [source, setSource] = useState(config.spatializeSourceAttribute ?? '')
  const [vertices, setVertices] = useState(config.spatializeVertices)
  const [lon, setLon] = useState('')
  const [lat, setLat] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [addError, setAddError] = useState(false)
  const columns = job.metadata.columnNames
  const wktColumns = columns.filter((c) => job.metadata.columnTypes[c] === 'GEOMETRY_WKT')

  function add() {
    if (!lon || !lat) {
      setAddError(true)
      return
    }
    setAddError(false)
    setError(null)
    setVertices([...vertices, { x: lon, y: lat }])
    setLon('')
    setLat('')
  }

  async function paste() {
    const text = await navigator.clipboard.readText().catch(() => '')
    const c = parsePastedCoordinate(text)
    if (!c || !columns.includes(c.lat) || !columns.includes(c.lon)) {
      setError(t('dataloader.pasteInvalid'))
      return
    }
    setError(null)
    setVertices([...vertices, { x: c.lon, y: c.lat }])
  }

  function close() {
    if (type === 'generate' && mode !== 'none') {
      const [n, key] = needed(geometry)
      if (vertices.length < n) {
        setError(t(key))
        return
      }
    }
    if (type === 'source-attribute' && !source) {
      setError(t('dataloader.needSourceAttribute'))
      return
    }
    onClose({
      spatializeType: type,
      spatializeMode: type === 'none' ? 'none' : mode,
      spatializeSourceAttribute: type === 'source-attribute' ? source : null,
      spatializeVertices: type === 'generate' ? vertices : [],
      ...(config.destinyType === 1
        ? { spatializeGeometry: geometry === 'TABULAR' ? null : geometry }
        : {}),
    })
  }

  return (
    <Dialog open={open} onClose={() => onClose()} fullWidth maxWidth="sm">
      <DialogTitle>{t('dataloader.vectorSettings')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          select
          label={t('dataloader.vectorGeometry')}
          value={geometry}
          disabled={config.destinyType === 0}
          onChange={(e) => setGeometry(e.target.value)}
        >
          {LAYER_GEOMETRY_TYPES.map((g) => (
            <MenuItem key={g} value={g}>
              {g === 'TABULAR' ? t('dataloader.geometry.TABULAR') : geometryTypeLabel(g)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('dataloader.vectorType')}
          value={type}
          onChange={(e) => setType(e.target.value as SpatializeType)}
        >
          <MenuItem value="none">{t('dataloader.vectorTypeNone')}</MenuItem>
          <MenuItem value="source-attribute">{t('dataloader.vectorTypeSource')}</MenuItem>
          <MenuItem value="generate">{t('dataloader.vectorTypeGenerate')}</MenuItem>
        </TextField>
        {type !== 'none' && (
          <TextField
            select
            label={t('dataloader.vectorMode')}
            value={mode}
            onChange={(e) => setMode(e.target.value as SpatializeMode)}
          >
            <MenuItem value="none">{t('dataloader.vectorModeNone')}</MenuItem>
            <MenuItem value="new">{t('dataloader.vectorModeNew')}</MenuItem>
            <MenuItem value="all">{t('dataloader.vectorModeAll')}</MenuItem>
          </TextField>
        )}
        {type === 'source-attribute' && (
          <TextField
            select
            label={t('dataloader.vectorSourceAttribute')}
            value={source}
            onChange={(e) => setSource(e.target.value)}
          >
            {wktColumns.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        )}
        {type === 'generate' && (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              {(
                [
                  ['dataloader.vectorLongitude', lon, setLon],
                  ['dataloader.vectorLatitude', lat, setLat],
                ] as const
              ).map(([label, value, set]) => (
                <TextField
                  key={label}
                  select
                  size="small"
                  sx={{ flex: 1 }}
                  label={t(label)}
                  value={value}
                  error={addError && !value}
                  helperText={addError && !value ? t('dataloader.notEmpty') : ' '}
                  onChange={(e) => set(e.target.value)}
                >
                  {columns.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
              <Button onClick={add}>{t('dataloader.vectorAdd')}</Button>
              <Button onClick={() => void paste()}>{t('dataloader.vectorPaste')}</Button>
            </Box>
            <List dense>
              {vertices.map((v, i) => (
                <ListItem
                  key={`${v.x}-${v.y}-${i}`}
                  secondaryAction={
                    <IconButton
                      aria-label={t('dataloader.delete')}
                      onClick={() => setVertices(vertices.filter((_, j) => j !== i))}
                    >
                      <Delete />
                    </IconButton>
                  }
                >
                  <ListItemText primary={`${i + 1}. ${v.x}, ${v.y}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={close}>
          {t('dataloader.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
