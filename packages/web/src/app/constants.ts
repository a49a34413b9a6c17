/**
 * Constants the web app shares with the server. They mirror packages/shared
 * (DEFAULT_PROJECT_NAME in config/app-config.ts, MIN_PASSWORD_LENGTH in auth/schemas.ts):
 * importing values from the shared index would bundle zod into the sign-in page, so the
 * web app imports only types from '@gis/shared' and the texts from '@gis/shared/i18n'.
 */
export const DEFAULT_PROJECT_NAME = 'GIS'
export const MIN_PASSWORD_LENGTH = 8
