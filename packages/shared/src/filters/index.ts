export * from './operators'
export * from './tree'
