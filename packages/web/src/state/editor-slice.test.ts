import { describe, expect, it } from 'vitest'
import {
  cancelGeometry,
  editorSlice,
  requestGeometry,
  resultTaken,
  returnGeometry,
  type ExternalEdit,
} from './editor-slice'

const reduce = editorSlice.reducer
const request: ExternalEdit = {
  origin: 'oae:12',
  layer: 'oae',
  geom: 'POINT(-46.3 -24.2)',
  draft: { codigo: 'OAE-12 alterado' },
  version: '7',
  returnTo: '/workspace',
}

describe('the geometry editor external flow', () => {
  it('answers the form that asked with the geometry drawn, its texts and version', () => {
    let state = reduce(undefined, requestGeometry(request))
    expect(state.external).toEqual(request)
    state = reduce(state, returnGeometry('POINT(-46.29 -24.2)'))
    expect(state.external).toBeNull()
    expect(state.result).toEqual({
      origin: 'oae:12',
      geom: 'POINT(-46.29 -24.2)',
      draft: { codigo: 'OAE-12 alterado' },
      version: '7',
    })
    // Another form's taking does not clear it; its own does.
    expect(reduce(state, resultTaken('oae:13')).result).not.toBeNull()
    expect(reduce(state, resultTaken('oae:12')).result).toBeNull()
  })

  it('gives back the geometry unchanged when the user cancels', () => {
    const state = reduce(reduce(undefined, requestGeometry(request)), cancelGeometry())
    expect(state.external).toBeNull()
    expect(state.result?.geom).toBe('POINT(-46.3 -24.2)')
    expect(state.result?.draft).toEqual(request.draft)
  })

  it('ignores an answer nobody asked for, and a new request drops an old answer', () => {
    expect(reduce(undefined, returnGeometry('POINT(0 0)')).result).toBeNull()
    const answered = reduce(reduce(undefined, requestGeometry(request)), cancelGeometry())
    const again = reduce(answered, requestGeometry({ ...request, origin: 'oae:13' }))
    expect(again.result).toBeNull()
    expect(again.external?.origin).toBe('oae:13')
  })
})
