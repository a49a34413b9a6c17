export {
  DashboardPage,
  DocumentsPage,
  InspectionPage,
  OrbitPage,
  SyncPage,
  SyncQueuePage,
} from './ModulePages'
