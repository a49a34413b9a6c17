export { DashboardPage, dashboardSection } from './DashboardPage'
