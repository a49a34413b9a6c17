import type { MessageKey } from '@gis/shared'
import type { ComponentType } from 'react'

/** What a workspace window's component receives. */
export interface WindowProps<S = unknown> {
  windowId: string
  props: Record<string, unknown>
  /** The window's saved state, already checked by the type's `parseState`. */
  state: S | undefined
  /** Keeps state in the workspace: it survives tab switches, logout and sign-in. */
  setState: (state: S) => void
}

export interface WindowType<S = unknown> {
  type: string
  title: MessageKey
  /** Loaded on demand the first time a window of this type shows. */
  load: () => Promise<ComponentType<WindowProps<S>>>
  admin?: boolean
  /** Checks restored state; throwing makes the window show its crash page (code 400). */
  parseState?: (state: unknown) => S | undefined
}

const registry = new Map<string, WindowType<never>>()

/**
 * The registry of window types. Each feature registers its windows here; the FERRAMENTAS
 * menu offers only tools whose window type is registered, and a restored window whose
 * type is unknown shows the empty-window page (code 404).
 */
export function registerWindowType<S>(def: WindowType<S>): void {
  registry.set(def.type, def as unknown as WindowType<never>)
}

export function windowType(type: string): WindowType<unknown> | undefined {
  return registry.get(type) as WindowType<unknown> | undefined
}

export function hasWindowType(type: string): boolean {
  return registry.has(type)
}
