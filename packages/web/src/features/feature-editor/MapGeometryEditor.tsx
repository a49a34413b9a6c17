import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type Geometry from 'ol/geom/Geometry'
import { useEffect, useRef } from 'react'
import { api } from '../../api/base-api'
import { FEATURE_ZOOM } from '../../map/constants'
import { useExternalEdit } from '../../map/external-geometry'
import { closeDrawer, setLayerManagerOpen, setTool } from '../../state/map-slice'
import { useAppDispatch } from '../../state/root-state'
import { editorHint, externalTitle, flowRefusal } from './editor-texts'
import { EditorForm } from './EditorForm'
import { EditorPanel } from './EditorPanel'
import { useEditableLayers } from './use-editable-layers'
import { useEditorFlow } from './use-editor-flow'
import { useEditorReady, useFormInSight, useLayerFeatures } from './use-editor-map'
import { usePickFeature, useSaveGeometry } from './use-editor-writes'
import {
  drawType,
  fromWkt,
  toWkt,
  useGeometryEditor,
  type GeometryEditor,
} from './use-geometry-editor'
import { useSketchHistory } from './use-sketch-history'

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
  const { enqueueSnackbar } = useSnackbar()
  const { external, finish: finishExternal } = useExternalEdit()
  const { layers, layer, perms, choose, empty } = useEditableLayers(external?.layer)
  const editor = useRef<GeometryEditor | null>(null)
  const sketch = useSketchHistory(() => editor.current)
  const { flow, mode, setMode, editing, setEditingRef, formOpen, setFormOpen, reset } =
    useEditorFlow(external, () => sketch.place(null))
  const refreshFeatures = useLayerFeatures(editor, layer?.name)
  const onReady = useEditorReady(editor, external?.geom, sketch.place, refreshFeatures)
  const pickFeature = usePickFeature()
  const saveGeometry = useSaveGeometry()

  useEffect(() => {
    dispatch(closeDrawer())
  }, [dispatch])
  useFormInSight(editor, formOpen, right)

  /** After a write: the map's tiles (the layer's data version) and the editor's features. */
  function written() {
    dispatch(api.util.invalidateTags(['Layers']))
    void refreshFeatures()
  }

  function openForm() {
    dispatch(setLayerManagerOpen(false))
    setFormOpen(true)
  }

  function startFlow(next: 'insert' | 'edit') {
    if (!layer) return
    const refusal = flowRefusal(layer, perms, next)
    if (refusal) enqueueSnackbar(refusal, { variant: 'warning' })
    else reset(next, next === 'insert' ? 'draw' : 'pick')
  }

  async function pick(at: [number, number]) {
    if (!layer || !editor.current) return
    const picked = await pickFeature(layer.name, at, editor.current.resolution())
    if (!picked) return
    setEditingRef(picked.ref)
    setMode('modify')
    sketch.place(fromWkt(picked.geom))
    openForm()
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
    if (!drawn) enqueueSnackbar(t('features.nothingDrawn'), { variant: 'warning' })
    else if (flow === 'external') finishExternal(toWkt(drawn))
    else if (flow === 'insert') openForm()
    else if (editing && (await saveGeometry(layer, editing, toWkt(drawn)))) {
      reset('edit', 'pick')
      written()
    }
  }

  const formLayer = formOpen ? layer : undefined
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
          choose(name)
          reset('none')
        }}
        flow={flow}
        onFlow={startFlow}
        mode={mode}
        onMode={setMode}
        hint={editorHint(mode, flow, editing?.id)}
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
        onClose={() =>
          flow === 'external' ? finishExternal(undefined) : dispatch(setTool('info'))
        }
        external={externalTitle(external, layer)}
        empty={empty}
        right={right}
      />
      {formLayer && flow === 'insert' && sketch.geometry && (
        <EditorForm
          layer={formLayer}
          geometry={toWkt(sketch.geometry)}
          onClose={() => setFormOpen(false)}
          onWritten={written}
          onDone={() => reset('insert', 'draw')}
        />
      )}
      {formLayer && flow === 'edit' && editing && (
        <EditorForm
          layer={formLayer}
          editing={editing}
          onClose={() => setFormOpen(false)}
          onWritten={written}
          onDone={() => reset('edit', 'pick')}
        />
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
