import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changePasswordSchema,
  forgotPasswordSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  sessionUserSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { requireQuota } from '../../auth/rate-limit'
import { readAppConfig } from '../config/config.service'
import * as service from './me.service'

const ok = z.object({ ok: z.literal(true) })

export const meRoutes =
  ({ db, auth, config, mailer }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/profile',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['me'],
          summary: 'The signed-in user’s profile',
          response: { 200: sessionUserSchema },
        },
      },
      async (request) => service.getProfile(db, auth.contextOf(request).user.id),
    )

    app.put(
      '/api/me/profile',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['me'],
          summary: 'Updates name, e-mail and sector; answers the profile',
          body: profileUpdateSchema,
          response: { 200: sessionUserSchema },
        },
      },
      async (request) => service.updateProfile(db, auth.contextOf(request).user.id, request.body),
    )

    app.put(
      '/api/me/change-password',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['me'],
          summary: 'Changes the password; every other session of the user ends',
          body: changePasswordSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        const { user, sessionId } = auth.contextOf(request)
        await service.changePassword(db, user.id, sessionId, request.body)
        return { ok: true as const }
      },
    )

    app.post(
      '/api/me/forgot-password',
      {
        schema: {
          tags: ['me'],
          summary:
            'E-mails a one-hour, single-use reset link; same answer whether or not the user exists',
          body: forgotPasswordSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        await requireQuota(db, 'resetByAddress', request.ip, 'password.resetTooMany')
        const { projectName } = await readAppConfig(db, config)
        const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`
        // Not awaited: the answer must not reveal, by its timing, whether the user exists.
        service
          .requestPasswordReset(db, mailer, {
            username: request.body.username,
            publicUrl,
            projectName,
          })
          .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'))
        return { ok: true as const }
      },
    )

    app.post(
      '/api/me/reset-password',
      {
        schema: {
          tags: ['me'],
          summary: 'Sets a new password with a reset token; every session of the user ends',
          body: resetPasswordSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        await service.resetPassword(db, request.body.token, request.body.password)
        return { ok: true as const }
      },
    )
  }
