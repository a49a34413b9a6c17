// The light public face of the workspace: opening windows and knowing their types. The page
// itself (WorkspacePage.tsx) is loaded by the router on demand.
export { openWindow, type OpenWindow } from './open-window'
export {
  defineWindowType,
  hasWindowType,
  type WindowProps,
  type WindowType,
} from './window-registry'
