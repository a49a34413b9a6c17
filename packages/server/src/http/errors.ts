import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { t, type MessageKey } from '@gis/shared'

export interface FieldError {
  field: string
  message: string
}

/** An expected failure with a status and a Portuguese message the client may show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (errors: FieldError[]) =>
  new HttpError(400, t('profile.validationErrors'), errors)
export const fieldError = (field: string, key: MessageKey) =>
  badRequest([{ field, message: t(key) }])
export const unauthorized = () => new HttpError(401, t('http.unauthorized'))
export const forbidden = () => new HttpError(403, t('http.forbidden'))
export const notFound = () => new HttpError(404, t('http.notFound'))

/**
 * The one error handler: 400 with field errors for validation, the status and message of an
 * HttpError, and for anything else a generic 5xx that never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message,
      }))
      return reply.code(400).send({ message: t('profile.validationErrors'), errors })
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers)
      return reply
        .code(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message })
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? t('http.payloadTooLarge')
          : status === 404
            ? t('http.notFound')
            : t('http.badRequest')
      return reply.code(status).send({ message })
    }
    request.log.error({ err }, 'request failed')
    return reply.code(500).send({ message: t('http.internal') })
  })
}
