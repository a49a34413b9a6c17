import { useEffect } from 'react'
import { toggleDeveloperMode } from '../../api/local-session'

/** Up, up, down, down, left, right, left, right, B, A (spec section 2). */
export const DEVELOPER_SEQUENCE = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
] as const

/** Listens for the hidden key sequence; on a match toggles the developer flag and reloads. */
export function useDeveloperKeys(): void {
  useEffect(() => {
    // The last keys typed, compared whole: a sequence typed after a stray ArrowUp still counts.
    let recent: string[] = []
    function onKey(event: KeyboardEvent) {
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
      recent = [...recent, key].slice(-DEVELOPER_SEQUENCE.length)
      if (recent.join(' ') === DEVELOPER_SEQUENCE.join(' ')) {
        recent = []
        toggleDeveloperMode()
        window.location.reload()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
