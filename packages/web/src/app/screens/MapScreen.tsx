import { GeometryEditorTool } from '../../features/feature-editor'
import { MapPage } from '../../features/map'

/**
 * The map page at `/` with the geometry editor as its tool 'editor' (FERRAMENTAS 'CRIAR
 * FEIÇÃO'); the editor's own code still loads on its first use.
 */
export function MapScreen() {
  return <MapPage EditorTool={GeometryEditorTool} />
}
