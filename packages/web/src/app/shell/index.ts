import { registerAppWindows } from '../window-types'

// The window table (and the state parsers of every window's feature) loads with the shell,
// never with the sign-in page: every screen that opens or restores a window is inside it.
registerAppWindows()

export { Shell } from './Shell'
