import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/**
 * The geometry editor's external origin (spec 3 section 4): a feature form asks the map's
 * editor for a geometry; the editor gives the drawn text back to that form instead of saving
 * it. The form is gone while the user draws on the map page, so the request carries what the
 * form held (its version and texts) and the answer waits here until the form takes it.
 */
export interface ExternalEdit {
  /** The form that asked (`layer:id`, or `layer:new`). */
  origin: string
  layer: string
  /** The geometry to start from (WKT, EPSG:4326); null draws a new one. */
  geom: string | null
  /** The form's texts and the version they came from, given back with the geometry. */
  draft: Record<string, string>
  version?: string
  /** The route to go back to. */
  returnTo: string
}

export interface ExternalResult {
  origin: string
  geom: string | null
  draft: Record<string, string>
  version?: string
}

export interface EditorState {
  external: ExternalEdit | null
  result: ExternalResult | null
}

const initialState: EditorState = { external: null, result: null }

export const editorSlice = createSlice({
  name: 'editor',
  initialState,
  reducers: {
    /** A form asks for a geometry; an earlier unanswered request is dropped. */
    requestGeometry(state, action: PayloadAction<ExternalEdit>) {
      state.external = action.payload
      state.result = null
    },
    /** The editor answers with the geometry the user drew (USAR GEOMETRIA). */
    returnGeometry(state, action: PayloadAction<string | null>) {
      const e = state.external
      if (!e) return
      state.result = { origin: e.origin, geom: action.payload, draft: e.draft, version: e.version }
      state.external = null
    },
    /** The user gave up: the form gets its own texts back, its geometry unchanged. */
    cancelGeometry(state) {
      const e = state.external
      if (!e) return
      state.result = { origin: e.origin, geom: e.geom, draft: e.draft, version: e.version }
      state.external = null
    },
    /** The form took the answer. */
    resultTaken(state, action: PayloadAction<string>) {
      if (state.result?.origin === action.payload) state.result = null
    },
  },
})

export const { requestGeometry, returnGeometry, cancelGeometry, resultTaken } = editorSlice.actions
