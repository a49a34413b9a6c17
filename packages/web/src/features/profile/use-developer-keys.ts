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
    let position = 0
    function onKey(event: KeyboardEvent) {
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
      if (key === DEVELOPER_SEQUENCE[position]) position += 1
      else position = key === DEVELOPER_SEQUENCE[0] ? 1 : 0
      if (position === DEVELOPER_SEQUENCE.length) {
        position = 0
        toggleDeveloperMode()
        window.location.reload()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
