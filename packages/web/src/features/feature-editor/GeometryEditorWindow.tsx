import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { Feature, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type Geometry from 'ol/geom/Geometry'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useAppDispatch } from '../../app/store'
import { useBusy } from '../../app/use-busy'
import { FEATURE_ZOOM, INFO_TOLERANCE_PX } from '../../map/constants'
import { MapCanvas } from '../../map/MapCanvas'
import { FeatureForm } from '../feature-form'
import {
  featureInfoApi,
  useSearchCoordMutation,
  useSearchGeometriesMutation,
  useUpdateFeatureMutation,
} from '../feature-info/feature-info.api'
import { useGetLayerDescriptionsQuery } from '../layers/layers.api'
import { EditorBaseLayer, EditorStartView } from './EditorBase'
import {
  drawType,
  fromWkt,
  toWkt,
  useGeometryEditor,
  type EditorMode,
  type GeometryEditor,
} from './use-geometry-editor'

/**
 * 'Editor de geometria' (spec 3 sections 2 and 4; the FERRAMENTAS entry CRIAR FEIÇÃO): choose
 * a layer, then INSERIR (draw, SALVAR, fill the attribute form, Salvar inserts) or EDITAR
 * (click a feature, drag its vertices or move it, SALVAR sends the geometry with the version
 * loaded). The sketch is also editable as WKT (APLICAR WKT fits the view at most to zoom 15).
 */
export function GeometryEditorWindow() {
  const dispatch = useAppDispatch()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const descriptions = useGetLayerDescriptionsQuery().data
  const permissions = useGetPermissionsQuery().data
  const layers = useMemo(
    () =>
      (descriptions ?? []).filter((d) => {
        const p = permissions?.layers[d.name]
        return d.geometryType !== 'TABULAR' && p && (p.createFeature || p.updateFeature)
      }),
    [descriptions, permissions],
  )
  const [layerName, setLayerName] = useState('')
  const layer: LayerDescription | undefined = layers.find((l) => l.name === layerName)
  const perms = layer ? permissions?.layers[layer.name] : undefined
  const [mode, setMode] = useState<EditorMode>('idle')
  const [sketch, setSketchState] = useState<Geometry | null>(null)
  const [wkt, setWkt] = useState('')
  const [editing, setEditing] = useState<Feature | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const editor = useRef<GeometryEditor | null>(null)
  const [searchGeometries] = useSearchGeometriesMutation()
  const [searchCoord] = useSearchCoordMutation()
  const [updateFeature] = useUpdateFeatureMutation()

  const onSketch = useCallback((g: Geometry | null) => {
    setSketchState(g ? g.clone() : null)
    setWkt(g ? toWkt(g) : '')
  }, [])

  const refreshFeatures = useCallback(async () => {
    const e = editor.current
    if (!e || !layerName) {
      e?.showFeatures([])
      return
    }
    const rows = await searchGeometries({ layer: layerName, body: { bbox: e.viewBox() } })
    if ('data' in rows && rows.data) e.showFeatures(rows.data)
  }, [layerName, searchGeometries])

  useEffect(() => {
    void refreshFeatures()
  }, [refreshFeatures])

  function reset(next: EditorMode = 'idle') {
    editor.current?.setSketch(null)
    setEditing(null)
    setMode(next)
  }

  function start(next: EditorMode) {
    if (!layer) return
    if (!layer.queryable) {
      enqueueSnackbar(t('layers.notQueryable'), { variant: 'warning' })
      return
    }
    if (next === 'draw' && !perms?.createFeature) {
      enqueueSnackbar(t('features.noCreatePermission'), { variant: 'warning' })
      return
    }
    if (next === 'pick' && !perms?.updateFeature) {
      enqueueSnackbar(t('features.noEditPermission'), { variant: 'warning' })
      return
    }
    reset(next)
  }

  async function pick([longitude, latitude]: [number, number]) {
    if (!layer || !editor.current) return
    const tolerance = Math.min(10_000, INFO_TOLERANCE_PX * editor.current.resolution())
    try {
      const found = await busy(() =>
        searchCoord({ longitude, latitude, tolerance, layers: [layer.name], limit: 1 }).unwrap(),
      )
      const hit = found[0]
      if (!hit) {
        enqueueSnackbar(t('features.noneFound'), { variant: 'info' })
        return
      }
      const feature = await dispatch(
        featureInfoApi.endpoints.getFeature.initiate(
          { layer: layer.name, id: hit.id },
          { forceRefetch: true, subscribe: false },
        ),
      ).unwrap()
      if (!feature.geom) {
        enqueueSnackbar(t('features.noGeometry'), { variant: 'warning' })
        return
      }
      setEditing(feature)
      setMode('modify')
      editor.current.setSketch(fromWkt(feature.geom))
    } catch {
      enqueueSnackbar(t('features.searchFailed'), { variant: 'error' })
    }
  }

  function applyWkt() {
    let geometry: Geometry
    try {
      geometry = fromWkt(wkt)
    } catch {
      enqueueSnackbar(t('features.wktReadFailed'), { variant: 'error' })
      return
    }
    editor.current?.setSketch(geometry, FEATURE_ZOOM)
  }

  async function save() {
    if (!layer) return
    if (!sketch) {
      enqueueSnackbar(t('features.nothingDrawn'), { variant: 'warning' })
      return
    }
    if (!editing) {
      setFormOpen(true)
      return
    }
    const result = await busy(() =>
      updateFeature({
        layer: layer.name,
        id: editing.id,
        geom: true,
        body: { version: editing.version, attributes: {}, geom: toWkt(sketch) },
      })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      enqueueSnackbar(t('features.saved'), { variant: 'success' })
      reset('pick')
      void refreshFeatures()
      return
    }
    const failure = result.error
    enqueueSnackbar(
      failure.status === 409 || failure.status === 400 || failure.status === 403
        ? failure.message
        : t('features.geometryUpdateFailed'),
      { variant: 'error' },
    )
  }

  const hint =
    mode === 'draw'
      ? t('editor.hintDraw')
      : mode === 'pick'
        ? t('editor.hintPick')
        : mode === 'modify'
          ? editing
            ? `${t('editor.editing', { id: editing.id })}. ${t('editor.hintModify')}`
            : t('editor.hintModify')
          : null

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 2,
        p: 2,
        minHeight: '100%',
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 2, width: { md: 360 }, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h6" component="h2">
          {t('editor.title')}
        </Typography>
        {descriptions && permissions && layers.length === 0 && (
          <Alert severity="info">{t('editor.noLayer')}</Alert>
        )}
        <TextField
          select
          label={t('editor.layer')}
          value={layerName}
          onChange={(e) => {
            setLayerName(e.target.value)
            reset()
          }}
          helperText={layer ? undefined : t('editor.chooseLayer')}
        >
          {layers.map((l) => (
            <MenuItem key={l.name} value={l.name}>
              {l.title}
            </MenuItem>
          ))}
        </TextField>
        {layer && !layer.queryable && <Alert severity="warning">{t('layers.notQueryable')}</Alert>}
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          value={mode === 'modify' ? 'pick' : mode}
          disabled={!layer}
          onChange={(_e, next: EditorMode | null) => {
            if (next) start(next)
          }}
        >
          <ToggleButton value="draw">{t('editor.insert')}</ToggleButton>
          <ToggleButton value="pick">{t('editor.edit')}</ToggleButton>
        </ToggleButtonGroup>
        {hint && (
          <Typography variant="body2" color="text.secondary" role="status">
            {hint}
          </Typography>
        )}
        <TextField
          label={t('editor.wkt')}
          value={wkt}
          onChange={(e) => setWkt(e.target.value)}
          disabled={mode === 'idle' || mode === 'pick'}
          multiline
          minRows={3}
          maxRows={8}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            onClick={applyWkt}
            disabled={mode === 'idle' || mode === 'pick' || !wkt.trim()}
            sx={{ mr: 'auto' }}
          >
            {t('editor.applyWkt')}
          </Button>
          <Button onClick={() => reset()} disabled={mode === 'idle'}>
            {t('editor.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={mode === 'idle' || mode === 'pick'}
          >
            {t('editor.save')}
          </Button>
        </Box>
      </Paper>
      <Box
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: { xs: 420, md: 560 },
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <MapCanvas>
          <EditorBaseLayer />
          <EditorStartView />
          <EditorSurface
            mode={mode}
            type={layer ? drawType(layer.geometryType) : null}
            onSketch={onSketch}
            onPick={(p) => void pick(p)}
            onViewChange={() => void refreshFeatures()}
            onReady={(e) => {
              editor.current = e
            }}
          />
        </MapCanvas>
      </Box>
      <Dialog open={formOpen} onClose={() => setFormOpen(false)} fullWidth maxWidth="lg">
        <DialogTitle>{t('editor.newFeature')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', minHeight: 420 }}>
          {layer && sketch && (
            <FeatureForm
              layer={layer}
              geometry={toWkt(sketch)}
              onInserted={(feature) => {
                setFormOpen(false)
                enqueueSnackbar(t('editor.inserted', { id: feature.id, layer: layer.title }), {
                  variant: 'success',
                })
                reset('draw')
                void refreshFeatures()
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </Box>
  )
}

/** The editor's map part, inside the map's context. */
function EditorSurface({
  onReady,
  ...options
}: Parameters<typeof useGeometryEditor>[0] & { onReady: (editor: GeometryEditor) => void }) {
  const editor = useGeometryEditor(options)
  useEffect(() => {
    onReady(editor)
  }, [editor, onReady])
  return null
}
