export { DocumentsPage, InspectionBridgePage, InspectionPage, OrbitPage } from './ModulePages'
