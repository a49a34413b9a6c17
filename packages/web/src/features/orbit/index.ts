export { OrbitPage } from './OrbitPage'
