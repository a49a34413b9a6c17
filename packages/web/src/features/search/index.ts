// The search window's public face: its workspace type. The window itself (SearchWindow.tsx)
// is loaded by the workspace on demand.
export const SEARCH_WINDOW = 'SearchFeatures'
export { problemText } from './problem-text'
export { searchApi, useFieldSamplesQuery } from './search.api'
