export { LogoutPage } from './LogoutPage'
