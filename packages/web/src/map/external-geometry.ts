import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import {
  cancelGeometry,
  requestGeometry,
  resultTaken,
  returnGeometry,
  type ExternalEdit,
  type ExternalResult,
} from '../state/editor-slice'
import { setTool } from '../state/map-slice'
import { useAppDispatch, useAppSelector } from '../state/root-state'

export type { ExternalEdit, ExternalResult } from '../state/editor-slice'

/**
 * Where a feature form and the map's geometry editor meet (spec 3 section 4), so that neither
 * imports the other. This is the form's side: `request` takes the user to the map's editor
 * with the form's geometry, texts and version; when the form is shown again, the editor's
 * answer (or the form's own texts, if the user left the editor another way) is handed to
 * `onResult` once.
 */
export function useExternalGeometry(
  origin: string,
  enabled: boolean,
  onResult: (result: ExternalResult) => void,
) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const pending = useAppSelector((s) => s.editor.external)
  const result = useAppSelector((s) => s.editor.result)
  const handler = useRef(onResult)
  handler.current = onResult

  // Shown again while its request is still open: the user left the editor another way.
  const leftOpen = useRef(pending?.origin === origin)
  useEffect(() => {
    if (!enabled || !leftOpen.current) return
    leftOpen.current = false
    dispatch(cancelGeometry())
  }, [enabled, dispatch])

  useEffect(() => {
    if (!enabled || result?.origin !== origin) return
    handler.current(result)
    dispatch(resultTaken(origin))
  }, [enabled, result, origin, dispatch])

  return (request: Omit<ExternalEdit, 'origin' | 'returnTo'>) => {
    dispatch(requestGeometry({ ...request, origin, returnTo: pathname }))
    dispatch(setTool('editor'))
    void navigate('/')
  }
}

/**
 * The editor's side: the open request, if any, and `finish`, which answers it with the drawn
 * geometry (USAR GEOMETRIA) or, given undefined, gives up (CANCELAR), turns the map back to
 * its info tool and returns to where the form was.
 */
export function useExternalEdit(): {
  external: ExternalEdit | null
  finish: (geom: string | null | undefined) => void
} {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const external = useAppSelector((s) => s.editor.external)
  const finish = (geom: string | null | undefined) => {
    const back = external?.returnTo ?? '/workspace'
    dispatch(geom === undefined ? cancelGeometry() : returnGeometry(geom))
    dispatch(setTool('info'))
    void navigate(back)
  }
  return { external, finish }
}
