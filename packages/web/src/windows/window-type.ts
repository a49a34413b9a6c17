import type { MessageKey } from '@gis/shared'
import type { ComponentType } from 'react'

/** What a workspace window's component receives. */
export interface WindowProps<S = unknown> {
  windowId: string
  props: Record<string, unknown>
  /** The window's saved state, already checked by the type's `parseState`. */
  state: S | undefined
  /** Keeps state in the workspace: it survives tab switches, F5, logout and sign-in. */
  setState: (state: S) => void
}

export interface WindowType<S = unknown> {
  type: string
  title: MessageKey
  /** Loaded on demand the first time a window of this type shows. */
  load: () => Promise<ComponentType<WindowProps<S>>>
  admin?: boolean
  /** Only with this module switched on; otherwise a restored window shows code 404. */
  module?: string
  /**
   * One window per key: opening it again activates the open one. The key comes from the
   * window's props (e.g. the approval it reviews); without `key`, one window per type.
   */
  singleton?: boolean
  key?: (props: Record<string, unknown>) => string
  /** Checks restored state; throwing makes the window show its crash page (code 400). */
  parseState?: (state: unknown) => S | undefined
}

/** Types a window's definition (its state type checked against its component). */
export function defineWindowType<S>(def: WindowType<S>): WindowType {
  return def as unknown as WindowType
}
