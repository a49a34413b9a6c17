import type OlMap from 'ol/Map'
import { CONTEXT_MENU_CLOSE_MS } from './constants'

/**
 * Blocks the map tools while the right-click menu is open and for 250 ms after it closes
 * (spec section 2), so the click that closes the menu never reaches info-click, the drag box
 * or the measure.
 *
 * OpenLayers fires `singleclick` 250 ms after the click (it waits to rule out a double
 * click), so a tool asks about the moment of the click itself: `blocked(event timeStamp)`.
 */
export interface ToolGate {
  menuOpened(): void
  menuClosed(): void
  /** Whether a tool event at `at` (a `performance.now()` time; default now) is blocked. */
  blocked(at?: number): boolean
}

const gates = new WeakMap<OlMap, ToolGate>()

export function toolGate(map: OlMap): ToolGate {
  let gate = gates.get(map)
  if (!gate) {
    let open = false
    let until = 0
    gate = {
      menuOpened: () => {
        open = true
      },
      menuClosed: () => {
        open = false
        until = performance.now() + CONTEXT_MENU_CLOSE_MS
      },
      blocked: (at = performance.now()) => open || at < until,
    }
    gates.set(map, gate)
  }
  return gate
}
