import Delete from '@mui/icons-material/Delete'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { geometryTypeLabel } from '@gis/shared/admin'
import { IMPORT_CRS, importCrsName, importExecuteSchema } from '@gis/shared/dataloader'
import { t, type MessageKey } from '@gis/shared/i18n'
import { LAYER_GEOMETRY_TYPES } from '@gis/shared'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import {
  FormDialog,
  FormSelect,
  schemaResolver,
  useSchemaForm,
  type CrossCheck,
} from '../../components/form'
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

/** The dialog's form: the spatialize settings of the import body, by shorter names. */
const vectorFormSchema = z.object({
  geometry: z.string(),
  type: importExecuteSchema.shape.spatializeType,
  mode: importExecuteSchema.shape.spatializeMode,
  source: z.string(),
  vertices: importExecuteSchema.shape.spatializeVertices,
  lon: z.string(),
  lat: z.string(),
  crs: z.string(),
})
interface VectorForm {
  geometry: string
  type: SpatializeType
  mode: SpatializeMode
  source: string
  vertices: { x: string; y: string }[]
  /** The next coordinate's columns, picked: CONFIRMAR takes them as ADICIONAR would. */
  lon: string
  lat: string
  /** The coordinates' system, an EPSG code ('' while none is chosen). */
  crs: string
}

/** The coordinates with the pair picked but not yet added (issue 42: CONFIRMAR takes it). */
const withPicked = (v: VectorForm) =>
  v.lon && v.lat ? [...v.vertices, { x: v.lon, y: v.lat }] : v.vertices

const vectorChecks: CrossCheck<VectorForm>[] = [
  {
    field: 'vertices',
    fails: (v) =>
      v.type === 'generate' && v.mode !== 'none' && withPicked(v).length < needed(v.geometry)[0],
    message: (v) => t(needed(v.geometry)[1]),
  },
  {
    field: 'source',
    fails: (v) => v.type === 'source-attribute' && !v.source,
    message: t('dataloader.needSourceAttribute'),
  },
]
/** The checks of a file whose coordinate system GDAL did not know: one must be chosen. */
const crsCheck: CrossCheck<VectorForm> = {
  field: 'crs',
  fails: (v) => v.type !== 'none' && v.mode !== 'none' && !v.crs,
  message: t('dataloader.needCrs'),
}

/** The systems offered: Brazil's by name, and the file's own when it is another. */
export function crsOptions(fileSrid: number | null | undefined) {
  const own =
    typeof fileSrid === 'number' && !IMPORT_CRS.some((c) => c.srid === fileSrid)
      ? [{ value: String(fileSrid), label: importCrsName(fileSrid) }]
      : []
  return [
    ...own,
    ...IMPORT_CRS.map((c) => ({
      value: String(c.srid),
      label: c.srid === fileSrid ? `${c.name} ${t('dataloader.crsOfFile')}` : c.name,
    })),
  ]
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
  const fileSrid = job.metadata.srid
  const form = useSchemaForm<VectorForm>({
    resolver: schemaResolver<VectorForm>(
      vectorFormSchema,
      fileSrid === null ? [...vectorChecks, crsCheck] : vectorChecks,
    ),
    defaultValues: {
      geometry: geometryType,
      type: config.spatializeType,
      mode: config.spatializeMode,
      source: config.spatializeSourceAttribute ?? '',
      vertices: config.spatializeVertices,
      lon: '',
      lat: '',
      crs: String(config.sourceSrid ?? (fileSrid === null ? '' : (fileSrid ?? 4326))),
    },
  })
  const [type, vertices, lon, lat] = form.watch(['type', 'vertices', 'lon', 'lat'])
  const setLon = (value: string) => {
    form.setValue('lon', value)
    form.clearErrors('vertices')
  }
  const setLat = (value: string) => {
    form.setValue('lat', value)
    form.clearErrors('vertices')
  }
  // A way of building geometry chosen: applied to the new rows (all of a new layer's), not none.
  const newRowsOnly = config.destinyType === 0
  useEffect(() => {
    if (type !== 'none' && form.getValues('mode') === 'none') {
      form.setValue('mode', newRowsOnly ? 'new' : 'all')
    }
  }, [type, form, newRowsOnly])
  const [pasteError, setPasteError] = useState(false)
  const [addError, setAddError] = useState(false)
  const errors = form.formState.errors
  const error = pasteError
    ? t('dataloader.pasteInvalid')
    : (errors.vertices?.message ?? errors.source?.message ?? errors.crs?.message)
  const columns = job.metadata.columnNames
  const wktColumns = columns.filter((c) => job.metadata.columnTypes[c] === 'GEOMETRY_WKT')
  const pick = (names: string[]) => names.map((c) => ({ value: c, label: c }))

  function addVertex(vertex: { x: string; y: string }) {
    setPasteError(false)
    form.clearErrors('vertices')
    form.setValue('vertices', [...vertices, vertex])
  }

  function add() {
    if (!lon || !lat) {
      setAddError(true)
      return
    }
    setAddError(false)
    addVertex({ x: lon, y: lat })
    setLon('')
    setLat('')
  }

  async function paste() {
    const text = await navigator.clipboard.readText().catch(() => '')
    const c = parsePastedCoordinate(text)
    if (!c || !columns.includes(c.lat) || !columns.includes(c.lon)) setPasteError(true)
    else addVertex({ x: c.lon, y: c.lat })
  }

  function submit(v: VectorForm) {
    onClose({
      spatializeType: v.type,
      spatializeMode: v.type === 'none' ? 'none' : v.mode,
      spatializeSourceAttribute: v.type === 'source-attribute' ? v.source : null,
      spatializeVertices: v.type === 'generate' ? withPicked(v) : [],
      sourceSrid: v.type !== 'none' && v.crs ? Number(v.crs) : null,
      ...(config.destinyType === 1
        ? { spatializeGeometry: v.geometry === 'TABULAR' ? null : v.geometry }
        : {}),
    })
  }

  return (
    <FormDialog
      open={open}
      title={t('dataloader.vectorSettings')}
      form={form}
      formId="vector-form"
      onSubmit={submit}
      onInvalid={() => setPasteError(false)}
      onClose={() => onClose()}
      submitLabel={t('dataloader.confirm')}
      formSx={{ display: 'grid', gap: 2, pt: 1 }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      <FormSelect
        name="geometry"
        label={t('dataloader.vectorGeometry')}
        disabled={config.destinyType === 0}
        options={LAYER_GEOMETRY_TYPES.map((g) => ({
          value: g,
          label: g === 'TABULAR' ? t('dataloader.geometry.TABULAR') : geometryTypeLabel(g),
        }))}
      />
      <FormSelect
        name="type"
        label={t('dataloader.vectorType')}
        options={[
          { value: 'none', label: t('dataloader.vectorTypeNone') },
          { value: 'source-attribute', label: t('dataloader.vectorTypeSource') },
          { value: 'generate', label: t('dataloader.vectorTypeGenerate') },
        ]}
      />
      {type !== 'none' && (
        <FormSelect
          name="mode"
          label={t('dataloader.vectorMode')}
          options={[
            { value: 'none', label: t('dataloader.vectorModeNone') },
            { value: 'new', label: t('dataloader.vectorModeNew') },
            { value: 'all', label: t('dataloader.vectorModeAll') },
          ]}
        />
      )}
      {type !== 'none' && (
        <FormSelect
          name="crs"
          label={t('dataloader.vectorCrs')}
          options={crsOptions(fileSrid)}
          helperText={
            fileSrid === null && job.metadata.crsName
              ? t('dataloader.crsNamedByFile', { name: job.metadata.crsName })
              : undefined
          }
        />
      )}
      {type === 'source-attribute' && (
        <FormSelect
          name="source"
          label={t('dataloader.vectorSourceAttribute')}
          options={pick(wktColumns)}
        />
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
          <Typography variant="body2" color="text.secondary">
            {t('dataloader.vectorHint')}
          </Typography>
          <List dense>
            {vertices.map((v, i) => (
              <ListItem
                key={`${v.x}-${v.y}-${i}`}
                secondaryAction={
                  <IconButton
                    aria-label={t('dataloader.delete')}
                    onClick={() =>
                      form.setValue(
                        'vertices',
                        vertices.filter((_, j) => j !== i),
                      )
                    }
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
    </FormDialog>
  )
}
