import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { SYSTEM_FIELD_NAMES, type LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useIsAdmin } from '../../app/session'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { autoMap } from './auto-map'
import type { ColumnMapping, ImportConfig, ImportJob } from './dataloader-types'
import { VectorDialog } from './VectorDialog'

/** Empty mappings, one per column of the job. */
export function emptyMappings(job: ImportJob): ColumnMapping[] {
  return job.metadata.columnNames.map((source, index) => ({
    index,
    source,
    destiny: null,
    destinyTitle: null,
    type: 'direct',
    primaryKey: false,
    oldPrimaryKeySource: null,
  }))
}

/** A field name for a new layer from a column name: lower case, no accents, `_` between words. */
export function fieldNameOf(column: string): string {
  const name = column
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63)
  return /^[a-z]/.test(name) ? name : `c_${name}`
}

/**
 * The destinations: a layer's attributes with id first (the key of updates by id), or for a
 * new layer one field per column of the file.
 */
export function destinationsOf(
  layer: LayerDescription | undefined,
  config?: ImportConfig,
  job?: ImportJob,
) {
  if (config?.destinyType === 1 && job) {
    return job.metadata.columnNames.map((c) => ({ name: fieldNameOf(c), title: c }))
  }
  if (!layer) return []
  const fields = layer.attributes
    .filter((a) => !SYSTEM_FIELD_NAMES.includes(a.name) && a.type !== 'geometry')
    .map((a) => ({ name: a.name, title: a.title }))
  return [{ name: 'id', title: 'id' }, ...fields]
}

/** CONFIGURAÇÃO: the destination, the mapping table and its toolbar. */
export function ConfigTab({
  job,
  config,
  layers,
  onChange,
}: {
  job: ImportJob
  config: ImportConfig | undefined
  /** The layers the user may write. */
  layers: LayerDescription[]
  onChange: (config: ImportConfig | undefined) => void
}) {
  const [destiny, setDestiny] = useState<0 | 1>(0)
  const isAdmin = useIsAdmin()
  const [newName, setNewName] = useState('')
  const [newTitle, setNewTitle] = useState('')
  const [newError, setNewError] = useState(false)
  const [redefine, setRedefine] = useState(false)
  const [vector, setVector] = useState(false)
  const [oldKey, setOldKey] = useState<{ index: number; source: string } | null>(null)
  const layer = layers.find((l) => l.name === config?.layerName)
  const destinations = destinationsOf(layer, config, job)

  function createNew() {
    const name = fieldNameOf(newName.trim())
    if (!newName.trim()) {
      setNewError(true)
      return
    }
    const draft: ImportConfig = {
      destinyType: 1,
      layerName: name,
      layerTitle: newTitle.trim() || newName.trim(),
      mappings: emptyMappings(job),
      spatializeType: 'none',
      spatializeMode: 'none',
      spatializeSourceAttribute: null,
      spatializeVertices: [],
      spatializeGeometry: null,
    }
    // A new layer maps automatically once (spec 2 §4.1).
    onChange({ ...draft, mappings: autoMap(draft.mappings, destinationsOf(undefined, draft, job)) })
  }

  function choose(name: string) {
    const chosen = layers.find((l) => l.name === name)
    if (!chosen) return
    onChange({
      destinyType: destiny,
      layerName: chosen.name,
      layerTitle: chosen.title,
      mappings: emptyMappings(job),
      spatializeType: 'none',
      spatializeMode: 'none',
      spatializeSourceAttribute: null,
      spatializeVertices: [],
    })
  }

  if (!config) {
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 520 }}>
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={destiny}
          onChange={(_e, v: 0 | 1 | null) => v !== null && setDestiny(v)}
        >
          <ToggleButton value={0}>{t('dataloader.existingLayer')}</ToggleButton>
          <ToggleButton value={1}>{t('dataloader.newLayer')}</ToggleButton>
        </ToggleButtonGroup>
        {destiny === 0 ? (
          <TextField
            select
            label={t('dataloader.chooseLayer')}
            value=""
            onChange={(e) => choose(e.target.value)}
          >
            {layers.map((l) => (
              <MenuItem key={l.name} value={l.name}>
                {l.title}
              </MenuItem>
            ))}
          </TextField>
        ) : isAdmin ? (
          <>
            <TextField
              label={t('dataloader.layerName')}
              value={newName}
              required
              error={newError && !newName.trim()}
              helperText={newError && !newName.trim() ? t('field.required') : ' '}
              onChange={(e) => setNewName(e.target.value)}
            />
            <TextField
              label={t('dataloader.layerTitle')}
              value={newTitle}
              onChange={(e) => setNewTitle(e.target.value)}
            />
            <Button variant="contained" onClick={createNew} sx={{ justifySelf: 'start' }}>
              {t('dataloader.confirm')}
            </Button>
          </>
        ) : (
          <Typography color="text.secondary">{t('dataloader.newLayerAdminOnly')}</Typography>
        )}
      </Box>
    )
  }

  const setMappings = (mappings: ColumnMapping[]) => onChange({ ...config, mappings })
  const setMapping = (i: number, next: Partial<ColumnMapping>) =>
    setMappings(config.mappings.map((m, j) => (j === i ? { ...m, ...next } : m)))
  const used = new Set(config.mappings.map((m) => m.destiny).filter(Boolean))

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="subtitle1">{config.layerTitle}</Typography>
          <Typography variant="body2" color="text.secondary">
            {config.layerName}
          </Typography>
        </Box>
        <Chip
          color="primary"
          label={t(config.destinyType === 0 ? 'dataloader.chipUpdate' : 'dataloader.chipCreate')}
        />
        <Button color="warning" onClick={() => setRedefine(true)}>
          {t('dataloader.redefine')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => setMappings(autoMap(config.mappings, destinations))}
        >
          {t('dataloader.autoMap')}
        </Button>
        <Button variant="outlined" onClick={() => setMappings(emptyMappings(job))}>
          {t('dataloader.clear')}
        </Button>
        <Button variant="outlined" onClick={() => setVector(true)}>
          {t('dataloader.vectorSettings')}
        </Button>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('dataloader.colIndex')}</TableCell>
              <TableCell>{t('dataloader.colSource')}</TableCell>
              <TableCell>{t('dataloader.colDestiny')}</TableCell>
              <TableCell>{t('dataloader.colKey')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {config.mappings.map((m, i) => (
              <TableRow key={m.source}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{m.source}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('dataloader.colDestiny')}
                    value={m.destiny ?? ''}
                    slotProps={{
                      htmlInput: { 'aria-label': `${t('dataloader.colDestiny')} ${m.source}` },
                    }}
                    onChange={(e) => {
                      const name = e.target.value || null
                      const d = destinations.find((x) => x.name === name)
                      setMapping(i, {
                        destiny: name,
                        destinyTitle: d?.title ?? null,
                        ...(name ? {} : { primaryKey: false, oldPrimaryKeySource: null }),
                      })
                    }}
                  >
                    <MenuItem value="">{t('dataloader.noDestiny')}</MenuItem>
                    {destinations.map((d) => (
                      <MenuItem
                        key={d.name}
                        value={d.name}
                        disabled={used.has(d.name) && d.name !== m.destiny}
                      >
                        {d.title}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={m.primaryKey}
                    disabled={!m.destiny}
                    slotProps={{ input: { 'aria-label': `${t('dataloader.colKey')} ${m.source}` } }}
                    onChange={(e) =>
                      setMappings(
                        config.mappings.map((x, j) =>
                          j === i
                            ? { ...x, primaryKey: e.target.checked, oldPrimaryKeySource: null }
                            : { ...x, primaryKey: false, oldPrimaryKeySource: null },
                        ),
                      )
                    }
                  />
                  {m.primaryKey && m.destiny !== 'id' && (
                    <Button
                      size="small"
                      onClick={() => setOldKey({ index: i, source: m.oldPrimaryKeySource ?? '' })}
                    >
                      {m.oldPrimaryKeySource
                        ? t('dataloader.oldKeyOf', { column: m.oldPrimaryKeySource })
                        : t('dataloader.oldKey')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={redefine}
        title={t('dataloader.redefine')}
        text={t('dataloader.redefineConfirm')}
        confirmLabel={t('dataloader.redefine')}
        onConfirm={() => {
          setRedefine(false)
          onChange(undefined)
        }}
        onClose={() => setRedefine(false)}
      />
      <Dialog open={oldKey !== null} onClose={() => setOldKey(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('dataloader.oldKeyTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography variant="body2">{t('dataloader.oldKeyHelp')}</Typography>
          <TextField
            select
            label={t('dataloader.oldKeyColumn')}
            value={oldKey?.source ?? ''}
            onChange={(e) => oldKey && setOldKey({ ...oldKey, source: e.target.value })}
          >
            {job.metadata.columnNames.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              if (oldKey) setMapping(oldKey.index, { oldPrimaryKeySource: null })
              setOldKey(null)
            }}
          >
            {t('dataloader.oldKeyRemove')}
          </Button>
          <Button
            variant="contained"
            disabled={!oldKey?.source}
            onClick={() => {
              if (oldKey) setMapping(oldKey.index, { oldPrimaryKeySource: oldKey.source })
              setOldKey(null)
            }}
          >
            {t('dataloader.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {vector && (
        <VectorDialog
          open
          job={job}
          config={config}
          geometryType={
            config.destinyType === 1
              ? (config.spatializeGeometry ?? 'TABULAR')
              : (layer?.geometryType ?? 'TABULAR')
          }
          onClose={(next) => {
            setVector(false)
            if (next) onChange({ ...config, ...next })
          }}
        />
      )}
    </Box>
  )
}
