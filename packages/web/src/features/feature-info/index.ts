// The feature information window's saved state, for its row in app/window-types.ts. The window
// itself (FeatureInfoWindow.tsx) is loaded by the workspace on demand; other screens open it with
// windows/feature-window.ts.
export { itemsKey, parseFeatureInfoState, type FeatureInfoState } from './window-state'
