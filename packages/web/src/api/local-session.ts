import type { SessionUser } from '@gis/shared'

/** Local-storage keys of spec section 9: the user, the token and the developer flag. */
export const STORAGE_KEYS = {
  user: 'gis.user',
  token: 'gis.token',
  developer: 'gis.developer',
} as const

export interface StoredSession {
  token: string | null
  user: SessionUser | null
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage refused (private mode, quota): the session lasts for this page load only.
  }
}

/** The session kept from an earlier page load; read once, when the store is made. */
export function loadSession(): StoredSession {
  const token = read(STORAGE_KEYS.token)
  const raw = read(STORAGE_KEYS.user)
  let user: SessionUser | null = null
  if (raw) {
    try {
      user = JSON.parse(raw) as SessionUser
    } catch {
      user = null
    }
  }
  return token ? { token, user } : { token: null, user: null }
}

/** Written by the one store listener that follows the auth slice (app/store.ts). */
export function persistSession(session: StoredSession): void {
  write(STORAGE_KEYS.token, session.token)
  write(STORAGE_KEYS.user, session.token && session.user ? JSON.stringify(session.user) : null)
}

export function developerMode(): boolean {
  return read(STORAGE_KEYS.developer) === 'true'
}

export function toggleDeveloperMode(): boolean {
  const next = !developerMode()
  write(STORAGE_KEYS.developer, next ? 'true' : null)
  return next
}
