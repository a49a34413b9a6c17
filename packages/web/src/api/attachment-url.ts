import type { Attachment } from '@gis/shared'

/** An attachment's address with `?token=` (and `&thumbnail` for an image's small version). */
export function attachmentSrc(a: Pick<Attachment, 'src'>, token: string | null, thumbnail = false) {
  const params = new URLSearchParams()
  if (token) params.set('token', token)
  const query = params.toString()
  const base = query ? `${a.src}?${query}` : a.src
  if (!thumbnail) return base
  return `${base}${query ? '&' : '?'}thumbnail`
}
