import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query/react'
import type { LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { autoMapFields, ID_FIELD, type FileEntry } from '@gis/shared/syncfiles'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import {
  EMPTY_FILTER,
  builderFields,
  DELETED_FIELD,
  FilterBuilder,
  type SamplesSource,
} from '../../components/filter-builder'
import { useFieldSamplesQuery } from '../search/search.api'
import type { FileAssociationState } from './file-association-state'
import { FilesTable } from './tables'

/** Text columns the system fills, which never name a file. */
const SYSTEM_TEXT = new Set([DELETED_FIELD, ID_FIELD, 'uuid'])

/** The mapping table's rows: id first (never an image field), then the layer's text fields. */
function mappingRows(layer: LayerDescription): { name: string; title: string }[] {
  const rest = layer.attributes
    .filter((a) => a.type === 'string' && !SYSTEM_TEXT.has(a.name))
    .map((a) => ({ name: a.name, title: a.title || a.name }))
  return [{ name: ID_FIELD, title: ID_FIELD }, ...rest]
}

interface Props {
  state: FileAssociationState
  update: (patch: Partial<FileAssociationState>) => void
  /** Layers the user may read and attach files to. */
  layers: readonly LayerDescription[]
  files: readonly FileEntry[]
}

/** Step 1 (spec 2 §2.2): CONFIGURAÇÃO, DADOS and FILTROS. */
export function ConfigureStep({ state, update, layers, files }: Props) {
  const layer = layers.find((l) => l.name === state.layer)
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Tabs value={state.tab} onChange={(_e, tab: FileAssociationState['tab']) => update({ tab })}>
        <Tab value="config" label={t('syncfiles.tabConfig')} />
        <Tab value="data" label={t('syncfiles.tabData')} />
        <Tab value="filters" label={t('syncfiles.tabFilters')} />
      </Tabs>
      {state.tab === 'config' && (
        <ConfigTab state={state} update={update} layers={layers} layer={layer} />
      )}
      {state.tab === 'data' && <FilesTable files={files} />}
      {state.tab === 'filters' && <FiltersTab state={state} update={update} layer={layer} />}
    </Box>
  )
}

function ConfigTab({
  state,
  update,
  layers,
  layer,
}: Omit<Props, 'files'> & { layer: LayerDescription | undefined }) {
  const [choosing, setChoosing] = useState(false)
  const [confirmReset, setConfirmReset] = useState(false)

  if (!layer) {
    return (
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Button variant={choosing ? 'contained' : 'outlined'} onClick={() => setChoosing(true)}>
            {t('syncfiles.existingLayer')}
          </Button>
        </Box>
        {choosing && (
          <>
            <Typography variant="h6" component="h3">
              {t('syncfiles.chooseDestination')}
            </Typography>
            {layers.length === 0 ? (
              <Alert severity="info">{t('syncfiles.noLayers')}</Alert>
            ) : (
              <TextField
                select
                label={t('syncfiles.destinationLayer')}
                value=""
                sx={{ maxWidth: 480 }}
                onChange={(e) =>
                  update({ layer: e.target.value, fields: [], filter: EMPTY_FILTER })
                }
              >
                {layers.map((l) => (
                  <MenuItem key={l.name} value={l.name}>
                    {l.title}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </>
        )}
      </Paper>
    )
  }

  const rows = mappingRows(layer)
  const selected = new Set(state.fields)
  const toggle = (name: string) => {
    const next = new Set(selected)
    if (!next.delete(name)) next.add(name)
    update({ fields: rows.map((r) => r.name).filter((n) => next.has(n)) })
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3 }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('syncfiles.sourceFolder')}
          </Typography>
          <Typography data-testid="syncfiles-folder">{state.folderName}</Typography>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t('syncfiles.layerName')}
          </Typography>
          <Typography>
            {layer.title} ({layer.name})
          </Typography>
        </Box>
        <Button color="warning" variant="outlined" onClick={() => setConfirmReset(true)}>
          {t('syncfiles.reset')}
        </Button>
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', gap: 1, p: 1.5 }}>
          <Button
            variant="outlined"
            onClick={() => {
              const picked = autoMapFields(rows, state.folderName)
              update({ fields: rows.map((r) => r.name).filter((n) => picked.has(n)) })
            }}
          >
            {t('syncfiles.autoMap')}
          </Button>
          <Button onClick={() => update({ fields: [] })}>{t('syncfiles.clear')}</Button>
        </Box>
        <Table size="small" aria-label={t('syncfiles.colDestination')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('syncfiles.colIndex')}</TableCell>
              <TableCell>{t('syncfiles.colDestination')}</TableCell>
              <TableCell padding="checkbox">{t('syncfiles.colImageField')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={r.name} hover>
                <TableCell>{i + 1}</TableCell>
                <TableCell>
                  {r.title}
                  {r.title !== r.name && (
                    <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                      ({r.name})
                    </Typography>
                  )}
                </TableCell>
                <TableCell padding="checkbox" align="center">
                  <Checkbox
                    checked={selected.has(r.name)}
                    disabled={r.name === ID_FIELD}
                    onChange={() => toggle(r.name)}
                    slotProps={{
                      input: { 'aria-label': t('syncfiles.imageFieldOf', { field: r.name }) },
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title={t('syncfiles.resetTitle')}
        text={t('syncfiles.resetConfirm')}
        confirmLabel={t('syncfiles.reset')}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false)
          update({ layer: null, fields: [], filter: EMPTY_FILTER })
        }}
      />
    </Box>
  )
}

function FiltersTab({
  state,
  update,
  layer,
}: Pick<Props, 'state' | 'update'> & { layer: LayerDescription | undefined }) {
  const useSamples: SamplesSource = (field, contains) => {
    const samples = useFieldSamplesQuery(
      layer && field ? { layer: layer.name, field, filter: contains } : skipToken,
    )
    return { values: samples.data ?? [], loading: samples.isFetching }
  }
  return (
    <FilterBuilder
      layer={layer?.name}
      fields={builderFields(layer)}
      value={state.filter}
      onChange={(filter) => update({ filter })}
      useSamples={useSamples}
    />
  )
}
