import type Geometry from 'ol/geom/Geometry'
import { useCallback, useMemo, useRef, useState } from 'react'
import { fromWkt, toWkt, type GeometryEditor } from './use-geometry-editor'

export interface SketchHistory {
  /** The sketch as the map holds it (a copy), and as WKT in EPSG:4326. */
  geometry: Geometry | null
  wkt: string
  /** The WKT field's text while the user types it (APLICAR WKT puts it on the map). */
  setWkt: (text: string) => void
  canUndo: boolean
  /** What the editor reports after each drawing, drag or removal. */
  onSketch: (geometry: Geometry | null) => void
  /**
   * Puts a geometry in the sketch, fitting the view at most to `maxZoom`. A picked feature or
   * a reset starts a new history; a WKT applied by the user (`undoable`) can be undone.
   */
  place: (geometry: Geometry | null, maxZoom?: number, undoable?: boolean) => void
  /** Takes back the last vertex of a drawing in progress, else the last change. */
  undo: () => void
}

/** The sketch of the geometry editor with its undo history (WKT snapshots). */
export function useSketchHistory(editor: () => GeometryEditor | null): SketchHistory {
  const [geometry, setGeometry] = useState<Geometry | null>(null)
  const [wkt, setWkt] = useState('')
  const [depth, setDepth] = useState(0)
  const current = useRef('')
  const stack = useRef<string[]>([])
  const recording = useRef(true)
  const editorOf = useRef(editor)
  editorOf.current = editor

  const onSketch = useCallback((g: Geometry | null) => {
    const next = g ? toWkt(g) : ''
    if (recording.current && next !== current.current) stack.current.push(current.current)
    current.current = next
    setDepth(stack.current.length)
    setGeometry(g ? g.clone() : null)
    setWkt(next)
  }, [])

  const place = useCallback(
    (g: Geometry | null, maxZoom?: number, undoable = false) => {
      if (!undoable) stack.current = []
      const e = editorOf.current()
      recording.current = undoable
      try {
        if (e) e.setSketch(g, maxZoom)
        else onSketch(g)
      } finally {
        recording.current = true
      }
      setDepth(stack.current.length)
    },
    [onSketch],
  )

  const undo = useCallback(() => {
    const e = editorOf.current()
    if (!e || e.removeLastPoint()) return
    const previous = stack.current.pop()
    if (previous === undefined) return
    recording.current = false
    try {
      e.setSketch(previous ? fromWkt(previous) : null)
    } finally {
      recording.current = true
    }
    setDepth(stack.current.length)
  }, [])

  return useMemo(
    () => ({ geometry, wkt, setWkt, canUndo: depth > 0, onSketch, place, undo }),
    [geometry, wkt, depth, onSketch, place, undo],
  )
}
