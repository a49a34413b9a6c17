import { z } from 'zod'

export const DEFAULT_PROJECT_NAME = 'GIS'

/** Optional modules the server configuration can switch on. */
export const KNOWN_MODULES = [
  'documents',
  'orbit',
  'oaeInspections',
  'smmcad',
  'artespSync',
  'artespKmz',
  'webgisctl',
] as const

export const appConfigSchema = z.object({
  projectName: z.string(),
  modules: z.array(z.string()),
  workspace: z.unknown().nullable(),
  eventsServerUrl: z.string(),
  tilesServerUrl: z.string(),
  imageServerUrl: z.string(),
  ogcServerUrl: z.string(),
  initialEvent: z.string().nullable(),
})
export type AppConfig = z.infer<typeof appConfigSchema>

/** Saved workspace: which window is active, the id counter and the windows. */
export const workspaceWindowSchema = z.object({
  id: z.string().max(100),
  type: z.string().max(100),
  title: z.string().max(500),
  props: z.record(z.string(), z.unknown()).default({}),
  state: z.unknown().optional(),
})
export const workspaceStateSchema = z.object({
  active: z.string().max(100).nullable(),
  windowCounter: z.number().int().min(0),
  windows: z.array(workspaceWindowSchema).max(200),
})
export type WorkspaceWindow = z.infer<typeof workspaceWindowSchema>
export type WorkspaceState = z.infer<typeof workspaceStateSchema>
