export * from './similarity'
export * from './matching'
export * from './schemas'
