import type { AppDeps } from '../../app-deps'
import type { RouteScope } from '../../http/scopes'
import { templateRoutes } from './templates.routes'

/** The reports (spec 3 §7): templates, runs, the repository of jobs and the image library. */
export const reportsScopes = (deps: AppDeps): RouteScope[] => {
  return [{ prefix: '/api/reports', access: 'user', routes: templateRoutes(deps) }]
}
