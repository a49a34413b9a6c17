import { DashboardPage, dashboardSection } from '../../features/admin'

/** The sections other features add to the control panel, after the administration's. */
const MORE = [
  dashboardSection('sincronizacao', 'sync.adminSection', 'sync.adminSectionHint', async () => ({
    default: (await import('../../features/sync')).SyncSection,
  })),
]

/** PAINEL DE CONTROLE at `/dashboard`: the administration's sections and Sincronização. */
export function DashboardScreen() {
  return <DashboardPage more={MORE} />
}
