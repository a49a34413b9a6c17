// The geometry editor ('Editor de geometria'): its workspace window type. The window itself
// (GeometryEditorWindow.tsx) is loaded by the workspace on demand.
export const GEOMETRY_EDITOR_WINDOW = 'FeatureCreator'
