import type { WindowType } from './window-type'

export type { WindowProps, WindowType } from './window-type'
export { defineWindowType } from './window-type'

/**
 * The one registry of workspace window types. The composition registers the table
 * (`app/window-types.ts`) at start-up, so that no feature imports the windows of the others:
 * a feature opens a window by its type's name. The FERRAMENTAS menu offers only tools whose
 * window type is here, and a restored window whose type is unknown shows the empty-window
 * page (code 404).
 */
const registry = new Map<string, WindowType>()

export function registerWindowTypes(types: readonly WindowType[]): void {
  for (const def of types) registry.set(def.type, def)
}

export function windowType(type: string): WindowType | undefined {
  return registry.get(type)
}

export function hasWindowType(type: string): boolean {
  return registry.has(type)
}

/** The key a singleton window is found by: its type and the key of its props. */
export function singletonKey(type: string, props: Record<string, unknown>): string | undefined {
  const def = registry.get(type)
  if (!def?.singleton) return undefined
  return `${type}\u0000${def.key?.(props) ?? ''}`
}
