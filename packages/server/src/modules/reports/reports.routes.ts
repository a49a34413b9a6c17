import { REPORT_JOB_TYPE } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { RouteScope } from '../../http/scopes'
import type { DemoPhotoRenderer } from '../attachments/attachments.service'
import { downloadRoutes, jobRoutes } from './jobs.routes'
import { runRoutes } from './run.routes'
import { reportJobHandler } from './run.service'
import { templateRoutes } from './templates.routes'

/** The reports (spec 3 §7): templates, runs and the repository of jobs (the image library is
 * content of the tag 'reports/imagens': modules/content). */
export const reportsScopes = (
  deps: AppDeps,
  options: { renderDemoPhoto?: DemoPhotoRenderer } = {},
): RouteScope[] => {
  deps.jobs.register(REPORT_JOB_TYPE, reportJobHandler(deps, options.renderDemoPhoto))
  return [
    { prefix: '/api/reports', access: 'user', routes: templateRoutes(deps) },
    { prefix: '/api/reports', access: 'user', routes: jobRoutes(deps) },
    { prefix: '/api/reports', access: 'user', routes: runRoutes(deps) },
    { prefix: '/api/report', access: 'download', routes: downloadRoutes(deps) },
  ]
}
