import { lazy, Suspense } from 'react'

const MapGeometryEditor = lazy(async () => ({
  default: (await import('./MapGeometryEditor')).MapGeometryEditor,
}))

/**
 * The geometry editor as the map page mounts it (tool 'editor'): loaded on first use, so the
 * map route does not carry the drawing interactions and the attribute form until then.
 */
export function GeometryEditorTool({ right }: { right: number }) {
  return (
    <Suspense fallback={null}>
      <MapGeometryEditor right={right} />
    </Suspense>
  )
}
