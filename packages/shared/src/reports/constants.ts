// The report model's pure parts without zod: what the web imports (`@gis/shared/reports`).
export * from './template'
export type * from './rendered'
