import { z } from 'zod'
import {
  changePasswordSchema,
  forgotPasswordSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  sessionUserSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import type { RouteScope } from '../../http/scopes'
import { readAppConfig } from '../config/config.service'
import * as service from './me.service'

const ok = z.object({ ok: z.literal(true) })

/** The signed-in user's own account, and the password reset by e-mail. */
export const meRoutes = ({ db, auth, config, mailer }: AppDeps): RouteScope[] => [
  {
    prefix: '/api/me',
    access: 'user',
    routes: async (app) => {
      app.get(
        '/profile',
        {
          schema: {
            tags: ['me'],
            summary: 'The signed-in user’s profile',
            response: { 200: sessionUserSchema },
          },
        },
        async (request) => service.getProfile(db, callerOf(auth, request).user.id),
      )

      app.put(
        '/profile',
        {
          schema: {
            tags: ['me'],
            summary:
              'Updates name, e-mail and sector; a new e-mail needs `currentPassword`, and the old address is told; answers the profile',
            body: profileUpdateSchema,
            response: { 200: sessionUserSchema },
          },
        },
        async (request) => {
          const { projectName } = await readAppConfig(db, config)
          return service.updateProfile(
            db,
            { userId: callerOf(auth, request).user.id, address: request.ip },
            request.body,
            {
              mailer,
              projectName,
              onError: (err) => request.log.error({ err }, 'e-mail change notice failed'),
            },
          )
        },
      )

      app.put(
        '/change-password',
        {
          schema: {
            tags: ['me'],
            summary:
              'Changes the password; every other session and every reset link of the user ends',
            body: changePasswordSchema,
            response: { 200: ok },
          },
        },
        async (request) => {
          const { user, sessionId } = callerOf(auth, request)
          await service.changePassword(
            db,
            { userId: user.id, sessionId, address: request.ip },
            request.body,
          )
          return { ok: true as const }
        },
      )
    },
  },
  {
    prefix: '/api/me',
    access: 'public',
    routes: async (app) => {
      app.post(
        '/forgot-password',
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
          const { projectName } = await readAppConfig(db, config)
          await service.askPasswordReset(db, {
            username: request.body.username,
            address: request.ip,
            publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
            notices: {
              mailer,
              projectName,
              onError: (err) => request.log.error({ err }, 'password reset mail failed'),
            },
          })
          return { ok: true as const }
        },
      )

      app.post(
        '/reset-password',
        {
          schema: {
            tags: ['me'],
            summary:
              'Sets a new password with a reset token (limited per address); every session and reset link of the user ends',
            body: resetPasswordSchema,
            response: { 200: ok },
          },
        },
        async (request) => {
          await service.resetPassword(db, request.body, request.ip)
          return { ok: true as const }
        },
      )
    },
  },
]
