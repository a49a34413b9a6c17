import type { Attachment } from '@gis/shared'
import { useSessionToken } from '../../state/session'

/** The token a download URL carries: the second word of `Bearer <token>` (spec 1 section 7). */
export function useUrlToken(): string | null {
  const authorization = useSessionToken()
  return authorization ? (authorization.split(' ')[1] ?? authorization) : null
}

/** An attachment's address with `?token=` (and `&thumbnail` for an image's small version). */
export function attachmentSrc(a: Pick<Attachment, 'src'>, token: string | null, thumbnail = false) {
  const params = new URLSearchParams()
  if (token) params.set('token', token)
  const query = params.toString()
  const base = query ? `${a.src}?${query}` : a.src
  if (!thumbnail) return base
  return `${base}${query ? '&' : '?'}thumbnail`
}
