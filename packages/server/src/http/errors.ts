import type { FastifyError, FastifyInstance } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod'
import { installZodErrorMap, t, type MessageKey } from '@gis/shared'

// Every message of a validation failure comes from the one pt-BR error map of the shared
// package (a schema's own message first): never the library's English.
installZodErrorMap()

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

const fieldOf = (path: string) => path.replace(/^\//, '').replaceAll('/', '.')

/** The field errors of a failed validation: one per field, one per unknown key. */
export function validationErrors(issues: ZodFastifySchemaValidationError[]): FieldError[] {
  return issues.flatMap((v) => {
    const field = fieldOf(v.instancePath)
    const keys = (v.params as { keys?: unknown }).keys
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({
        field: field ? `${field}.${String(key)}` : String(key),
        message: t('validation.unknownField'),
      }))
    }
    return [{ field, message: v.message ?? t('field.invalid') }]
  })
}

const CLIENT_ERRORS: Partial<Record<number, MessageKey>> = {
  404: 'http.notFound',
  413: 'http.payloadTooLarge',
  415: 'http.unsupportedMediaType',
}

/** SQLSTATE query_canceled: a statement past STATEMENT_TIMEOUT_MS (both databases say so). */
const QUERY_CANCELED = '57014'

/** A statement cancelled at its time budget, as the 503 the client is told; else undefined. */
export function statementTimeout(err: unknown): HttpError | undefined {
  if (err instanceof Error && 'code' in err && err.code === QUERY_CANCELED) {
    return new HttpError(503, t('db.statementTimeout'), undefined, { 'retry-after': '5' })
  }
  return undefined
}

/**
 * The one error handler: 400 with field errors for validation, the status and message of an
 * HttpError, and for anything else a generic 5xx that never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .code(400)
        .send({ message: t('profile.validationErrors'), errors: validationErrors(err.validation) })
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers)
      return reply
        .code(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message })
    }
    const timeout = statementTimeout(err)
    if (timeout) return reply.code(timeout.statusCode).send({ message: timeout.message })
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: t(CLIENT_ERRORS[status] ?? 'http.badRequest') })
    }
    request.log.error({ err }, 'request failed')
    return reply.code(500).send({ message: t('http.internal') })
  })
}
