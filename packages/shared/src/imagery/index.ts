export * from './schemas'
export * from './gps-time'
export * from './survey-import'
