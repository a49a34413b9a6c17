import { z } from 'zod'
import { requiredText } from '../auth/schemas'
import { KNOWN_MODULES } from '../config/app-config'
import { t } from '../i18n/messages'
import { extentSchema } from '../layers/schemas'

/** PUT /api/config/settings: the project name and the optional modules switched on. */
export const appSettingsSchema = z
  .object({
    projectName: requiredText(t('admin.settings.projectNameRequired'), 100),
    modules: z
      .array(
        z.string().refine((m) => (KNOWN_MODULES as readonly string[]).includes(m), {
          error: (issue) => t('admin.settings.unknownModule', { module: String(issue.input) }),
        }),
      )
      .max(KNOWN_MODULES.length * 2)
      .transform((m) => [...new Set(m)]),
  })
  .strict()
export type AppSettings = z.infer<typeof appSettingsSchema>

/** GET /api/config/settings: what is stored, and what the environment overrides. */
export const appSettingsViewSchema = z.object({
  projectName: z.string(),
  modules: z.array(z.string()),
  knownModules: z.array(z.string()),
  /** PROJECT_NAME and MODULES when set: they win over the stored values. */
  env: z.object({ projectName: z.string().nullable(), modules: z.array(z.string()).nullable() }),
})
export type AppSettingsView = z.infer<typeof appSettingsViewSchema>

/** Map bounds a start position may take: longitude ±180, latitude ±85 (Web Mercator). */
export const MAX_LATITUDE = 85.0511

export function validLonLatBox([minx, miny, maxx, maxy]: readonly number[]): boolean {
  return (
    [minx, miny, maxx, maxy].every((n) => Number.isFinite(n)) &&
    minx! >= -180 &&
    maxx! <= 180 &&
    miny! >= -MAX_LATITUDE &&
    maxy! <= MAX_LATITUDE &&
    minx! < maxx! &&
    miny! < maxy!
  )
}

/**
 * POST /api/mapconfig: the start position as a box, in EPSG:4326 (`mapStartPosLonLat`) or in
 * the map's EPSG:3857 (`mapStartPos`, as GET answers it); one of them.
 */
export const mapConfigUpdateSchema = z
  .object({
    mapStartPos: extentSchema.optional(),
    mapStartPosLonLat: extentSchema
      .refine(validLonLatBox, { error: t('admin.mapconfig.extentInvalid') })
      .optional(),
  })
  .strict()
  .refine((v) => (v.mapStartPos === undefined) !== (v.mapStartPosLonLat === undefined), {
    error: t('admin.mapconfig.extentRequired'),
    path: ['mapStartPosLonLat'],
  })
export type MapConfigUpdate = z.infer<typeof mapConfigUpdateSchema>
