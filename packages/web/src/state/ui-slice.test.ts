import { describe, expect, it } from 'vitest'
import { clearBusy, setBusy, uiSlice } from './ui-slice'

describe('busy flag', () => {
  it('is cleared only by the token that set it', () => {
    let state = uiSlice.reducer(undefined, setBusy('a'))
    state = uiSlice.reducer(state, setBusy('b'))
    state = uiSlice.reducer(state, clearBusy('a'))
    expect(state.busy).toBe('b')
    state = uiSlice.reducer(state, clearBusy('b'))
    expect(state.busy).toBeNull()
  })
})
