/** The viewer window's saved state: the event it shows and whether the 360 view is on. */
export interface SmmcadState {
  eventId?: number
  show360?: boolean
}

/** Checks a restored state; anything unknown is dropped (the viewer starts at event 1). */
export function parseSmmcadState(state: unknown): SmmcadState | undefined {
  if (!state || typeof state !== 'object') return undefined
  const s = state as Record<string, unknown>
  const out: SmmcadState = {}
  if (typeof s.eventId === 'number' && Number.isInteger(s.eventId) && s.eventId > 0)
    out.eventId = s.eventId
  if (typeof s.show360 === 'boolean') out.show360 = s.show360
  return out
}
