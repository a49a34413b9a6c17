export { DocumentsPage, InspectionPage, OrbitPage } from './ModulePages'
