import { skipToken } from '@reduxjs/toolkit/query'
import type { FeatureRef } from '@gis/shared'
import { useEffect, useEffectEvent, useState } from 'react'
import type { ExternalEdit } from '../../map/external-geometry'
import { useGetFeatureQuery } from '../../api/features.api'
import type { Flow } from './EditorPanel'
import type { EditorMode } from './use-geometry-editor'

/**
 * Where the editor is: the flow (INSERIR, EDITAR, a form's request), the drawing tool, the
 * picked feature and whether its form is open. `reset` starts a flow afresh, its sketch
 * cleared (`clearSketch`).
 */
export function useEditorFlow(external: ExternalEdit | null, clearSketch: () => void) {
  const [flow, setFlow] = useState<Flow>(external ? 'external' : 'none')
  const [mode, setMode] = useState<EditorMode>(
    external ? (external.geom ? 'modify' : 'draw') : 'idle',
  )
  const [editingRef, setEditingRef] = useState<FeatureRef | null>(null)
  const editing = useGetFeatureQuery(editingRef ?? skipToken).currentData
  const [formOpen, setFormOpen] = useState(false)

  function reset(nextFlow: Flow, nextMode: EditorMode = 'idle') {
    clearSketch()
    setEditingRef(null)
    setFormOpen(false)
    setFlow(nextFlow)
    setMode(nextMode)
  }

  // The request was answered or given up elsewhere (the form came back first).
  const answered = useEffectEvent(() => reset('none'))
  useEffect(() => {
    if (flow === 'external' && !external) answered()
  }, [flow, external])

  return { flow, mode, setMode, editing, setEditingRef, formOpen, setFormOpen, reset }
}
