/** The module's addresses: the tabs of /inspection and a bridge's page. */
export const INSPECTION_PATH = '/inspection'

export type InspectionTab = 'painel' | 'mapa' | 'lista'

export const bridgePath = (featureId: number) => `${INSPECTION_PATH}/ponte/${featureId}`

/** MAPA with a bridge chosen. */
export const mapPath = (featureId: number) => `${INSPECTION_PATH}?aba=mapa&obra=${featureId}`
