import { skipToken } from '@reduxjs/toolkit/query'
import type { FeatureRef, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type Geometry from 'ol/geom/Geometry'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { api, toFailure } from '../../api/base-api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useAppDispatch, useAppSelector } from '../../app/store'
import { useBusy } from '../../app/use-busy'
import { FEATURE_ZOOM, INFO_TOLERANCE_PX } from '../../map/constants'
import { closeDrawer, setLayerManagerOpen, setTool } from '../../state/map-slice'
import { useSubmittedNotice } from '../approvals'
import { FeatureForm } from '../feature-form'
import {
  featureInfoApi,
  useGetFeatureQuery,
  useSearchCoordMutation,
  useSearchGeometriesMutation,
  useUpdateFeatureMutation,
} from '../feature-info/feature-info.api'
import { useGetLayerDescriptionsQuery } from '../layers/layers.api'
import { cancelGeometry, returnGeometry } from './editor-slice'
import { EditorFormPanel } from './EditorFormPanel'
import { EditorPanel, type Flow } from './EditorPanel'
import { useSketchHistory } from './use-sketch-history'
import {
  drawType,
  fromWkt,
  toWkt,
  useGeometryEditor,
  type EditorMode,
  type GeometryEditor,
} from './use-geometry-editor'

const EDITOR_PANEL_WIDTH = 340
const FORM_PANEL_WIDTH = 640
/** From this map width the form sits at the map's left, below it at the bottom. */
const FORM_BESIDE_MIN_WIDTH = 900

/**
 * The geometry editor on the map page (spec 3 sections 2 and 4; FERRAMENTAS 'CRIAR FEIÇÃO'
 * and the tool column): INSERIR draws, SALVAR opens the attribute form beside the map and its
 * Salvar inserts; EDITAR picks one feature by a click, its vertices move, go or the whole
 * geometry moves, SALVAR sends the geometry with the version loaded; the form of the picked
 * feature offers its attributes, EXCLUIR and REATIVAR. A form's 'Editar no mapa' opens it in
 * the external flow: USAR GEOMETRIA gives the text back to the form instead of saving it.
 */
export function MapGeometryEditor({ right }: { right: number }) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const descriptions = useGetLayerDescriptionsQuery().data
  const permissions = useGetPermissionsQuery().data
  const external = useAppSelector((s) => s.editor.external)
  const layers = useMemo(
    () =>
      (descriptions ?? []).filter((d) => {
        const p = permissions?.layers[d.name]
        return d.geometryType !== 'TABULAR' && p && (p.createFeature || p.updateFeature)
      }),
    [descriptions, permissions],
  )
  const [layerName, setLayerName] = useState(external?.layer ?? '')
  const layer: LayerDescription | undefined = external
    ? descriptions?.find((d) => d.name === external.layer)
    : layers.find((l) => l.name === layerName)
  const perms = layer ? permissions?.layers[layer.name] : undefined
  const [flow, setFlow] = useState<Flow>(external ? 'external' : 'none')
  const [mode, setMode] = useState<EditorMode>(
    external ? (external.geom ? 'modify' : 'draw') : 'idle',
  )
  const [editingRef, setEditingRef] = useState<FeatureRef | null>(null)
  const editing = useGetFeatureQuery(editingRef ?? skipToken).currentData
  const [formOpen, setFormOpen] = useState(false)
  const editor = useRef<GeometryEditor | null>(null)
  const sketch = useSketchHistory(() => editor.current)
  const place = sketch.place
  const [searchGeometries] = useSearchGeometriesMutation()
  const [searchCoord] = useSearchCoordMutation()
  const [updateFeature] = useUpdateFeatureMutation()
  const submittedNotice = useSubmittedNotice()

  useEffect(() => {
    dispatch(closeDrawer())
  }, [dispatch])

  // The form beside the map covers its left (its bottom on phones): keep the sketch in sight.
  useEffect(() => {
    const e = editor.current
    const size = e?.size()
    if (!formOpen || !e || !size) return
    const [w, h] = size
    e.reveal(
      w >= FORM_BESIDE_MIN_WIDTH
        ? [12, right + EDITOR_PANEL_WIDTH + 24, 12, Math.min(FORM_PANEL_WIDTH, w - 460) + 24]
        : [12, 12, h * 0.6 + 24, 12],
    )
  }, [formOpen, right])

  // The request was answered or given up elsewhere (the form came back first).
  useEffect(() => {
    if (flow === 'external' && !external) reset('none')
  }, [flow, external])

  const refreshFeatures = useCallback(async () => {
    const e = editor.current
    const name = layer?.name
    if (!e || !name) {
      e?.showFeatures([])
      return
    }
    const rows = await searchGeometries({ layer: name, body: { bbox: e.viewBox() } })
    if ('data' in rows && rows.data) e.showFeatures(rows.data)
  }, [layer?.name, searchGeometries])

  useEffect(() => {
    void refreshFeatures()
  }, [refreshFeatures])

  const started = useRef(false)
  const onReady = useCallback(
    (e: GeometryEditor) => {
      editor.current = e
      if (started.current) return
      started.current = true
      const geom = external?.geom
      // After the map page has placed its view (its effects run after this one).
      if (geom) {
        setTimeout(() => {
          try {
            place(fromWkt(geom), FEATURE_ZOOM)
          } catch {
            enqueueSnackbar(t('features.wktReadFailed'), { variant: 'error' })
          }
        }, 0)
      }
      void refreshFeatures()
    },
    [external, place, refreshFeatures, enqueueSnackbar],
  )

  /** After a write: the map's tiles (the layer's data version) and the editor's features. */
  function written() {
    dispatch(api.util.invalidateTags(['Layers']))
    void refreshFeatures()
  }

  function reset(nextFlow: Flow, nextMode: EditorMode = 'idle') {
    sketch.place(null)
    setEditingRef(null)
    setFormOpen(false)
    setFlow(nextFlow)
    setMode(nextMode)
  }

  function startFlow(next: 'insert' | 'edit') {
    if (!layer) return
    if (!layer.queryable) {
      enqueueSnackbar(t('layers.notQueryable'), { variant: 'warning' })
      return
    }
    if (next === 'insert' && !perms?.createFeature) {
      enqueueSnackbar(t('features.noCreatePermission'), { variant: 'warning' })
      return
    }
    if (next === 'edit' && !perms?.updateFeature) {
      enqueueSnackbar(t('features.noEditPermission'), { variant: 'warning' })
      return
    }
    reset(next, next === 'insert' ? 'draw' : 'pick')
  }

  function finishExternal(geom: string | null | undefined) {
    const back = external?.returnTo ?? '/workspace'
    dispatch(geom === undefined ? cancelGeometry() : returnGeometry(geom))
    dispatch(setTool('info'))
    void navigate(back)
  }

  function close() {
    if (flow === 'external') finishExternal(undefined)
    else dispatch(setTool('info'))
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
      const ref = { layer: layer.name, id: hit.id }
      const feature = await dispatch(
        featureInfoApi.endpoints.getFeature.initiate(ref, { forceRefetch: true, subscribe: false }),
      ).unwrap()
      if (!feature.geom) {
        enqueueSnackbar(t('features.noGeometry'), { variant: 'warning' })
        return
      }
      setEditingRef(ref)
      setMode('modify')
      sketch.place(fromWkt(feature.geom))
      dispatch(setLayerManagerOpen(false))
      setFormOpen(true)
    } catch {
      enqueueSnackbar(t('features.searchFailed'), { variant: 'error' })
    }
  }

  function applyWkt() {
    let geometry: Geometry
    try {
      geometry = fromWkt(sketch.wkt)
    } catch {
      enqueueSnackbar(t('features.wktReadFailed'), { variant: 'error' })
      return
    }
    sketch.place(geometry, FEATURE_ZOOM, true)
  }

  async function save() {
    if (!layer) return
    const drawn = sketch.geometry
    if (!drawn) {
      enqueueSnackbar(t('features.nothingDrawn'), { variant: 'warning' })
      return
    }
    if (flow === 'external') {
      finishExternal(toWkt(drawn))
      return
    }
    if (flow === 'insert') {
      dispatch(setLayerManagerOpen(false))
      setFormOpen(true)
      return
    }
    if (!editing) return
    const result = await busy(() =>
      updateFeature({
        layer: layer.name,
        id: editing.id,
        geom: true,
        body: { version: editing.version, attributes: {}, geom: toWkt(drawn) },
      })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      // A moderated user's geometry went to review: said instead of the save message.
      if (!submittedNotice(editing, result.saved)) {
        enqueueSnackbar(t('features.saved'), { variant: 'success' })
      }
      reset('edit', 'pick')
      written()
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
        : mode === 'erase'
          ? t('editor.hintErase')
          : mode === 'modify'
            ? editing && flow === 'edit'
              ? `${t('editor.editing', { id: editing.id })}. ${t('editor.hintModify')}`
              : t('editor.hintModify')
            : null

  return (
    <>
      <EditorSurface
        mode={mode}
        type={layer ? drawType(layer.geometryType) : null}
        onSketch={sketch.onSketch}
        onPick={(p) => void pick(p)}
        onViewChange={() => void refreshFeatures()}
        onReady={onReady}
      />
      <EditorPanel
        layers={layers}
        layer={layer}
        onLayer={(name) => {
          setLayerName(name)
          reset('none')
        }}
        flow={flow}
        onFlow={startFlow}
        mode={mode}
        onMode={setMode}
        hint={hint}
        wkt={sketch.wkt}
        onWkt={sketch.setWkt}
        onApplyWkt={applyWkt}
        canUndo={sketch.canUndo || mode === 'draw'}
        onUndo={sketch.undo}
        onCancel={() =>
          flow === 'external'
            ? finishExternal(undefined)
            : reset(flow, flow === 'insert' ? 'draw' : 'pick')
        }
        onSave={() => void save()}
        onClose={close}
        external={
          external
            ? t('editor.external', {
                feature: external.origin.endsWith(':new')
                  ? (layer?.title ?? external.layer)
                  : `${layer?.title ?? external.layer} · ${external.origin.split(':')[1]}`,
              })
            : null
        }
        empty={Boolean(descriptions && permissions && layers.length === 0)}
        right={right}
      />
      {formOpen && layer && flow === 'insert' && sketch.geometry && (
        <EditorFormPanel title={t('editor.newFeature')} onClose={() => setFormOpen(false)}>
          <FeatureForm
            layer={layer}
            geometry={toWkt(sketch.geometry)}
            onInserted={(feature) => {
              enqueueSnackbar(t('editor.inserted', { id: feature.id, layer: layer.title }), {
                variant: 'success',
              })
              reset('insert', 'draw')
              written()
            }}
            onSubmitted={() => reset('insert', 'draw')}
          />
        </EditorFormPanel>
      )}
      {formOpen && layer && flow === 'edit' && editing && (
        <EditorFormPanel
          title={t('editor.feature', { id: editing.id })}
          onClose={() => setFormOpen(false)}
        >
          <FeatureForm
            key={editing.id}
            layer={layer}
            feature={editing}
            geometryOnMap
            onDeleted={() => {
              reset('edit', 'pick')
              written()
            }}
            onReactivated={written}
          />
        </EditorFormPanel>
      )}
    </>
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
