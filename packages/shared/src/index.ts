export * from './i18n/messages'
export * from './paging/paging'
export * from './auth/schemas'
export * from './config/app-config'
