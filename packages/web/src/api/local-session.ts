import type { SessionUser } from '@gis/shared'

/** Local-storage keys of spec section 9: the user, the token and the developer flag. */
export const STORAGE_KEYS = {
  user: 'gis.user',
  token: 'gis.token',
  developer: 'gis.developer',
} as const

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function storedToken(): string | null {
  return read(STORAGE_KEYS.token)
}

export function storedUser(): SessionUser | null {
  const raw = read(STORAGE_KEYS.user)
  if (!raw) return null
  try {
    return JSON.parse(raw) as SessionUser
  } catch {
    return null
  }
}

export function storeSession(user: SessionUser, token: string): void {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  window.localStorage.setItem(STORAGE_KEYS.token, token)
}

export function storeUser(user: SessionUser): void {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
}

export function clearSession(): void {
  window.localStorage.removeItem(STORAGE_KEYS.user)
  window.localStorage.removeItem(STORAGE_KEYS.token)
}

export function developerMode(): boolean {
  return read(STORAGE_KEYS.developer) === 'true'
}

export function toggleDeveloperMode(): boolean {
  const next = !developerMode()
  if (next) window.localStorage.setItem(STORAGE_KEYS.developer, 'true')
  else window.localStorage.removeItem(STORAGE_KEYS.developer)
  return next
}
