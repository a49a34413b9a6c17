export { parseDataLoaderState, type DataLoaderState } from './dataloader-state'
