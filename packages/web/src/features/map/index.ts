export { MapPage } from './MapPage'
