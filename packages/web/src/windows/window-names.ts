/**
 * The window types that other screens open by name (the map's Expandir and 'Buscar em
 * {layer}', the search results, a report's 'Buscar feições'). Their rows are the
 * composition's (`app/window-types.ts`).
 */
export const FEATURE_INFO_WINDOW = 'FeatureInfo'
export const SEARCH_WINDOW = 'SearchFeatures'
