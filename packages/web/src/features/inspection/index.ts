// Inspection monitoring (MONITORAMENTO, module oaeInspections): loaded on demand by the
// composition (app/screens/ModulePages.tsx), so OpenLayers stays out of the other module pages.
export { BridgePage } from './BridgePage'
export { InspectionPage } from './InspectionPage'
