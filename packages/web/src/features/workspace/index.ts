// The workspace's face for the composition: the store's autosave of the open windows. The page
// itself (WorkspacePage.tsx) is loaded by the router on demand; opening windows and the types'
// registry are in windows/, the saved workspace's endpoints in api/workspace.api.ts.
export { startWorkspaceAutosave } from './workspace-autosave'
