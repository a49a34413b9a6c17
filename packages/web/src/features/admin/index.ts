export { DashboardPage } from './DashboardPage'
