// The search window's saved state, for its row in app/window-types.ts. The window itself
// (SearchWindow.tsx) is loaded by the workspace on demand; other screens open it by its name
// (windows/window-names.ts).
export { parseSearchState, type SearchState } from './search-state'
