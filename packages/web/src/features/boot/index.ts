export { BootPage } from './BootPage'
