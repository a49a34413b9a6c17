import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type Geometry from 'ol/geom/Geometry'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { FEATURE_ZOOM } from '../../map/constants'
import { useSearchGeometriesMutation } from '../../api/features.api'
import { fromWkt, type GeometryEditor } from './use-geometry-editor'

const EDITOR_PANEL_WIDTH = 340
const FORM_PANEL_WIDTH = 640
/** From this map width the form sits at the map's left, below it at the bottom. */
const FORM_BESIDE_MIN_WIDTH = 900

type EditorRef = RefObject<GeometryEditor | null>

/** The layer's features in view, which the editor shows and snaps to; refreshed on demand. */
export function useLayerFeatures(editorRef: EditorRef, layer: string | undefined) {
  const [searchGeometries] = useSearchGeometriesMutation()
  const refresh = useCallback(async () => {
    const e = editorRef.current
    if (!e || !layer) {
      e?.showFeatures([])
      return
    }
    const rows = await searchGeometries({ layer, body: { bbox: e.viewBox() } })
    if ('data' in rows && rows.data) e.showFeatures(rows.data)
  }, [editorRef, layer, searchGeometries])

  useEffect(() => {
    void refresh()
  }, [refresh])
  return refresh
}

/** The form beside the map covers its left (its bottom on phones): keep the sketch in sight. */
export function useFormInSight(editorRef: EditorRef, formOpen: boolean, right: number) {
  useEffect(() => {
    const e = editorRef.current
    const size = e?.size()
    if (!formOpen || !e || !size) return
    const [w, h] = size
    e.reveal(
      w >= FORM_BESIDE_MIN_WIDTH
        ? [12, right + EDITOR_PANEL_WIDTH + 24, 12, Math.min(FORM_PANEL_WIDTH, w - 460) + 24]
        : [12, 12, h * 0.6 + 24, 12],
    )
  }, [editorRef, formOpen, right])
}

/**
 * What the editor's map part calls once it is ready: keeps the editor, and the first time
 * places the geometry a form sent (the external flow) and loads the layer's features.
 */
export function useEditorReady(
  editorRef: EditorRef,
  geom: string | null | undefined,
  place: (geometry: Geometry | null, maxZoom?: number) => void,
  refresh: () => Promise<void>,
) {
  const { enqueueSnackbar } = useSnackbar()
  const started = useRef(false)
  return useCallback(
    (e: GeometryEditor) => {
      editorRef.current = e
      if (started.current) return
      started.current = true
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
      void refresh()
    },
    [editorRef, geom, place, refresh, enqueueSnackbar],
  )
}
