// Inspection monitoring (MONITORAMENTO, module oaeInspections): loaded on demand by
// features/modules, so OpenLayers stays out of the other module pages.
export { BridgePage } from './BridgePage'
export { InspectionPage } from './InspectionPage'
