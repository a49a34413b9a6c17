import { t } from '@gis/shared/i18n'
import type { AppDispatch, RootState } from '../state/root-state'
import { activateWindow, addWindow } from '../state/workspace-slice'
import { singletonKey, windowType } from './window-registry'

export interface OpenWindow {
  type: string
  props?: Record<string, unknown>
  /** The tab's title; the type's title unless told. */
  title?: string
}

/** Props as a text that does not depend on the order of their keys. */
function propsText(props: Record<string, unknown>): string {
  return JSON.stringify(props, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  )
}

/**
 * Opens a workspace window: a singleton type activates its open window of the same key
 * instead of adding another; any other type activates an open window of the same props the
 * user has not used yet (a second SEARCH from the menu goes back to the first, still empty
 * one); an unregistered type opens nothing.
 */
export function openWindow({ type, props = {}, title }: OpenWindow) {
  return (dispatch: AppDispatch, getState: () => RootState): string | undefined => {
    const def = windowType(type)
    if (!def) return undefined
    const key = singletonKey(type, props)
    if (key !== undefined) {
      const open = getState().workspace.windows.find(
        (w) => w.type === type && singletonKey(w.type, w.props) === key,
      )
      if (open) {
        dispatch(activateWindow(open.id))
        return open.id
      }
    }
    const same = propsText(props)
    const untouched = getState().workspace.windows.find(
      (w) => w.type === type && w.state === undefined && propsText(w.props) === same,
    )
    if (untouched) {
      dispatch(activateWindow(untouched.id))
      return untouched.id
    }
    dispatch(addWindow({ type, title: title ?? t(def.title), props }))
    return getState().workspace.active ?? undefined
  }
}
