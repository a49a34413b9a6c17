import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { WorkspaceState, WorkspaceWindow } from '@gis/shared'

export const initialWorkspace = (): WorkspaceState => ({
  active: null,
  windowCounter: 0,
  windows: [],
})

export interface NewWindow {
  type: string
  title: string
  props?: Record<string, unknown>
}

/**
 * Workspace windows (spec section 4): adding makes the new window active; removing the
 * active one activates the window at the same position, or the last; an unknown id is ignored.
 */
export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: initialWorkspace,
  reducers: {
    /** Use `openWindow` (windows/open-window.ts): it finds an open singleton by type and key first. */
    addWindow(state, action: PayloadAction<NewWindow>) {
      const { type, title, props = {} } = action.payload
      state.windowCounter += 1
      const id = `w${state.windowCounter}`
      const win: WorkspaceWindow = { id, type, title, props }
      state.windows.push(win)
      state.active = id
    },
    activateWindow(state, action: PayloadAction<string>) {
      if (state.windows.some((w) => w.id === action.payload)) state.active = action.payload
    },
    removeWindow(state, action: PayloadAction<string>) {
      const index = state.windows.findIndex((w) => w.id === action.payload)
      if (index < 0) return
      state.windows.splice(index, 1)
      if (state.active === action.payload) {
        const next = state.windows[index] ?? state.windows[state.windows.length - 1]
        state.active = next?.id ?? null
      }
    },
    setWindowState(state, action: PayloadAction<{ id: string; state: unknown }>) {
      const win = state.windows.find((w) => w.id === action.payload.id)
      if (win) win.state = action.payload.state
    },
    restoreWorkspace(_state, action: PayloadAction<WorkspaceState>) {
      const saved = action.payload
      const active = saved.windows.some((w) => w.id === saved.active)
        ? saved.active
        : (saved.windows[0]?.id ?? null)
      return { ...saved, active }
    },
  },
})

export const { addWindow, activateWindow, removeWindow, setWindowState, restoreWorkspace } =
  workspaceSlice.actions
