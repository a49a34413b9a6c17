import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query/react'
import type { LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import {
  autoMapImageField,
  ID_FIELD,
  type AttachmentFieldType,
  type FileEntry,
} from '@gis/shared/syncfiles'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DataTable } from '../../components/DataTable'
import {
  EMPTY_FILTER,
  builderFields,
  DELETED_FIELD,
  FilterBuilder,
  type SamplesSource,
} from '../../components/filter-builder'
import { useFieldSamplesQuery } from '../../api/search.api'
import type { FileAssociationState } from './file-association-state'
import { FilesTable } from './tables'

/** Text columns the system fills, which never name a file. */
const SYSTEM_TEXT = new Set([DELETED_FIELD, ID_FIELD, 'uuid'])

interface MappingRow {
  name: string
  title: string
  /** A photo or file field (its value is an attachment id): it can be the image field. */
  kind: AttachmentFieldType | null
}

/**
 * The mapping table's rows: id first (never an image field), then the layer's text fields,
 * whose values may name the files, and its photo and file fields, which may get the file.
 */
function mappingRows(layer: LayerDescription): MappingRow[] {
  const rest = layer.attributes
    .filter((a) => a.type === 'string' && !SYSTEM_TEXT.has(a.name))
    .map((a) => {
      const domain = layer.domains[a.name]?.type
      const kind = domain === 'photo' || domain === 'file' ? domain : null
      return { name: a.name, title: a.title || a.name, kind }
    })
  return [{ name: ID_FIELD, title: ID_FIELD, kind: null }, ...rest]
}

/** The photo field chosen (files going to it must be images), or null. */
export function photoFieldOf(layer: LayerDescription | undefined, field: string | null) {
  return layer && field && layer.domains[field]?.type === 'photo' ? field : null
}

interface Props {
  state: FileAssociationState
  update: (patch: Partial<FileAssociationState>) => void
  /** Layers the user may read and attach files to. */
  layers: readonly LayerDescription[]
  files: readonly FileEntry[]
  /** The files the last scan will send. */
  toSend: ReadonlySet<string>
}

/** Step 1 (spec 2 §2.2): CONFIGURAÇÃO, DADOS and FILTROS. */
export function ConfigureStep({ state, update, layers, files, toSend }: Props) {
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
      {state.tab === 'data' && <FilesTable files={files} toSend={toSend} />}
      {state.tab === 'filters' && <FiltersTab state={state} update={update} layer={layer} />}
    </Box>
  )
}

function ConfigTab({
  state,
  update,
  layers,
  layer,
}: Omit<Props, 'files' | 'toSend'> & { layer: LayerDescription | undefined }) {
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
                  update({
                    layer: e.target.value,
                    fields: [],
                    imageField: null,
                    filter: EMPTY_FILTER,
                  })
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
            onClick={() => update({ imageField: autoMapImageField(rows) ?? null })}
          >
            {t('syncfiles.autoMap')}
          </Button>
          <Button onClick={() => update({ fields: [], imageField: null })}>
            {t('syncfiles.clear')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1.5 }}>
          {t('syncfiles.matchRule')}
        </Typography>
        {!rows.some((r) => r.kind) && (
          <Alert severity="info" sx={{ mx: 1.5, mb: 1.5 }}>
            {t('syncfiles.noAttachmentField')}
          </Alert>
        )}
        <DataTable
          bare
          noLoadingBar
          label={t('syncfiles.colDestination')}
          columns={[
            {
              key: 'index',
              label: t('syncfiles.colIndex'),
              render: (_r, i) => i + 1,
              sx: { display: { xs: 'none', sm: 'table-cell' } },
            },
            {
              key: 'destination',
              label: t('syncfiles.colDestination'),
              render: (r) => (
                <>
                  {r.title}
                  {r.title !== r.name && (
                    <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                      ({r.name})
                    </Typography>
                  )}
                </>
              ),
              cellProps: () => ({ sx: { overflowWrap: 'anywhere' } }),
            },
            {
              key: 'match',
              label: t('syncfiles.colMatchField'),
              sx: { width: 110, textAlign: 'center' },
              cellProps: () => ({ padding: 'checkbox' }),
              render: (r) => (
                <Checkbox
                  checked={selected.has(r.name)}
                  disabled={r.name === ID_FIELD || r.kind !== null}
                  onChange={() => toggle(r.name)}
                  slotProps={{
                    input: { 'aria-label': t('syncfiles.matchFieldOf', { field: r.name }) },
                  }}
                />
              ),
            },
            {
              key: 'image',
              label: t('syncfiles.colImageField'),
              sx: { width: 110, textAlign: 'center' },
              cellProps: () => ({ padding: 'checkbox' }),
              render: (r) => (
                <Checkbox
                  checked={state.imageField === r.name}
                  disabled={r.name === ID_FIELD || r.kind === null}
                  onChange={() =>
                    update({ imageField: state.imageField === r.name ? null : r.name })
                  }
                  slotProps={{
                    input: { 'aria-label': t('syncfiles.imageFieldOf', { field: r.name }) },
                  }}
                />
              ),
            },
          ]}
          rows={rows}
          rowKey={(r) => r.name}
          empty=""
        />
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title={t('syncfiles.resetTitle')}
        text={t('syncfiles.resetConfirm')}
        confirmLabel={t('syncfiles.reset')}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false)
          update({ layer: null, fields: [], imageField: null, filter: EMPTY_FILTER })
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
