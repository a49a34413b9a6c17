import { t } from '@gis/shared/i18n'

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
  /** The session token for the authorization header; none for anonymous calls. */
  token?: string | null
  /** Let the request outlive the page (a save sent while the page unloads). */
  keepalive?: boolean
  /** A body sent as it is instead of JSON (the map's WFS GetFeature XML). */
  rawBody?: { text: string; contentType: string }
}

/**
 * The one fetch of the web app, used only by the RTK Query base query (base-api.ts): JSON in
 * and out, the token in the authorization header, failures turned into ApiError with the
 * server's Portuguese message and field errors.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.token) headers.authorization = options.token
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.rawBody) headers['content-type'] = options.rawBody.contentType
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.rawBody
        ? options.rawBody.text
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(0, t('common.requestFailed'))
  }
  const text = await response.text()
  const data = parseBody(text)
  if (!response.ok) throw failure(response.status, data)
  return { data: data as T, headers: response.headers, status: response.status }
}

/** An answer's body: JSON when it is JSON, else its text (null when empty). */
export function parseBody(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A failed answer as an ApiError with the server's Portuguese message and field errors. */
export function failure(status: number, data: unknown): ApiError {
  const body = (data ?? {}) as { message?: unknown; errors?: unknown }
  const message = typeof body.message === 'string' ? body.message : t('common.requestFailed')
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : []
  return new ApiError(status, message, errors)
}
