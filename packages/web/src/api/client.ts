import { t } from '@gis/shared/i18n'
import { storedToken } from './local-session'

export interface FieldError {
  field: string
  message: string
}

/** A failed call: the HTTP status (0 when the network failed), the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message)
  }
}

export interface ApiResponse<T> {
  data: T
  headers: Headers
  status: number
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
  /** Leave the stored token out (sign-in itself). */
  anonymous?: boolean
}

/**
 * The one way the web app talks to the server: JSON in and out, the stored token in the
 * authorization header, failures turned into ApiError with the server's Portuguese message.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const token = options.anonymous ? null : storedToken()
  if (token) headers.authorization = token
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(0, t('common.requestFailed'))
  }
  const text = await response.text()
  let data: unknown = null
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: unknown }
    const message = typeof body.message === 'string' ? body.message : t('common.requestFailed')
    const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : []
    throw new ApiError(response.status, message, errors)
  }
  return { data: data as T, headers: response.headers, status: response.status }
}

/** Field errors of a 400 answer as a map; messages of the same field joined with ', '. */
export function fieldErrorMap(errors: FieldError[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const e of errors) {
    const field = e.field.split('.')[0] ?? e.field
    map[field] = map[field] ? `${map[field]}, ${e.message}` : e.message
  }
  return map
}
