// The light public face of the workspace: opening windows by their type's name, the types'
// registry (the table itself is the composition's: app/window-types.ts), the saved
// workspace's endpoints and its autosave. The page itself (WorkspacePage.tsx) is loaded by
// the router on demand.
export { openWindow, type OpenWindow } from './open-window'
export {
  defineWindowType,
  hasWindowType,
  registerWindowTypes,
  type WindowProps,
  type WindowType,
} from './window-registry'
export { workspaceApi } from './workspace.api'
export { startWorkspaceAutosave } from './workspace-autosave'
