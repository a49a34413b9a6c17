// The geometry editor ('Editor de geometria'): the map page's tool 'editor' (FERRAMENTAS
// 'CRIAR FEIÇÃO'). A feature form asks it for a geometry through `map/external-geometry.ts`.
export { GeometryEditorTool } from './GeometryEditorTool'
