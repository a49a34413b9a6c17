// The event viewer's public face: its workspace type and saved state. The window itself
// (SmmcadWindow.tsx) is loaded by the workspace on demand.
export const SMMCAD_WINDOW = 'Smmcad'
export { parseSmmcadState, type SmmcadState } from './smmcad-state'
