import type { ApiFailure } from './base-api'

/** What a 400 says: its field errors (the filter's Portuguese reasons), else its message. */
export function problemText(f: ApiFailure): string {
  return f.errors.length ? f.errors.map((e) => e.message).join(' ') : f.message
}
