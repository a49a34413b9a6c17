// The synchronisation packages (module artespSync): the search's dialog, the package and queue
// pages (routed on demand), and the control panel's section.
export { SyncPackagesDialog } from './SyncPackagesDialog'
export { SyncPage } from './SyncPage'
export { SyncQueuePage } from './SyncQueuePage'
export { SyncSection } from './SyncSection'
