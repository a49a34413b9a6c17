// The geometry editor ('Editor de geometria'): the map page's tool 'editor' (FERRAMENTAS
// 'CRIAR FEIÇÃO'), and the external flow through which a feature form asks it for a geometry.
export { GeometryEditorTool } from './GeometryEditorTool'
export {
  cancelGeometry,
  requestGeometry,
  resultTaken,
  type ExternalEdit,
  type ExternalResult,
} from './editor-slice'
