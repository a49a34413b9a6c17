// The importer's pure rules without zod: what the web imports (`@gis/shared/syncfiles`).
export * from './similarity'
export * from './matching'
