export * from './template'
export type * from './rendered'
export * from './schemas'
