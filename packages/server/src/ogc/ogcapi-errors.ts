import { t, type MessageKey } from '@gis/shared'
import { HttpError, statementTimeout } from '../http/errors'
import { FilterError } from '../layer-data/where'
import { OwsError } from './ows-errors'

/** The `code` of an OGC API exception (RFC 7807-like `{ code, description }`). */
export type OapiCode =
  | 'InvalidParameterValue'
  | 'NotFound'
  | 'Unauthorized'
  | 'Forbidden'
  | 'Conflict'
  | 'PreconditionFailed'
  | 'UnsupportedMediaType'
  | 'NotAcceptable'
  | 'MethodNotAllowed'
  | 'ValidationFailed'
  | 'ServiceUnavailable'
  | 'InternalError'

/** A failure of an OGC API request: its status, code and Portuguese description. */
export class OapiError extends Error {
  constructor(
    readonly status: number,
    readonly code: OapiCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message)
  }

  static of(
    status: number,
    code: OapiCode,
    key: MessageKey,
    params: Record<string, string | number> = {},
  ): OapiError {
    return new OapiError(status, code, t(key, params))
  }
}

/** A 400 about one query parameter. */
export const badParameter = (key: MessageKey, params: Record<string, string | number> = {}) =>
  OapiError.of(400, 'InvalidParameterValue', key, params)

const CODES: Record<number, OapiCode> = {
  400: 'InvalidParameterValue',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  415: 'UnsupportedMediaType',
}

/**
 * Any failure as an OGC API exception: ours, the WFS code's (OwsError, reused for properties
 * and CRS), the filter compiler's, the feature service's (HttpError with its status and field
 * errors), a statement past its budget; anything else a 500 without internals.
 */
export function asOapiError(err: unknown, requestId: string): OapiError {
  if (err instanceof OapiError) return err
  if (err instanceof FilterError) return new OapiError(400, 'InvalidParameterValue', err.message)
  if (err instanceof OwsError) {
    return new OapiError(err.status, CODES[err.status] ?? 'InvalidParameterValue', err.message)
  }
  const timeout = statementTimeout(err)
  if (timeout) return new OapiError(503, 'ServiceUnavailable', timeout.message, timeout.headers)
  if (err instanceof HttpError) {
    if (!err.errors?.length) {
      return new OapiError(
        err.statusCode,
        CODES[err.statusCode] ?? 'NotFound',
        err.message,
        err.headers,
      )
    }
    // The fields in the description too: a GIS client shows the description alone.
    const fields = err.errors.map((e) => `${e.field}: ${e.message}`).join('; ')
    const message = `${err.message} ${fields}`
    return new OapiError(err.statusCode, 'ValidationFailed', message, err.headers, err.errors)
  }
  const status = (err as { statusCode?: number }).statusCode
  if (status && status >= 400 && status < 500) {
    const key = status === 413 ? 'http.payloadTooLarge' : 'http.badRequest'
    return OapiError.of(status, CODES[status] ?? 'InvalidParameterValue', key)
  }
  return OapiError.of(500, 'InternalError', 'ogcapi.internal', { id: requestId })
}

/** The body of an exception: `{ code, description }` (and the field errors of a validation). */
export function exceptionBody(err: OapiError): Record<string, unknown> {
  return {
    code: err.code,
    description: err.message,
    ...(err.errors ? { errors: err.errors } : {}),
  }
}
