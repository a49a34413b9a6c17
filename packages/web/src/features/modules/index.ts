export { DocumentsPage, InspectionPage, OrbitPage, SyncPage, SyncQueuePage } from './ModulePages'
