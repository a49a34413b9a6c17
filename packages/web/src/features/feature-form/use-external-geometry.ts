import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/store'
import { setTool } from '../../state/map-slice'
import {
  cancelGeometry,
  requestGeometry,
  resultTaken,
  type ExternalEdit,
  type ExternalResult,
} from '../feature-editor'

/**
 * The form's side of the geometry editor's external flow (spec 3 section 4): `request` takes
 * the user to the map's editor with the form's geometry, texts and version; when the form is
 * shown again, the editor's answer (or the form's own texts, if the user left the editor
 * another way) is handed to `onResult` once.
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
