export * from './constants'
export * from './schemas'
export * from './form-rules'
export * from './br-values'
