export { WorkspacePage } from './WorkspacePage'
export { registerWindowType, type WindowProps, type WindowType } from './window-registry'
