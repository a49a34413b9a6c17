import { FILE_STATUS, type FileEntry } from '@gis/shared/syncfiles'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER } from '../../components/filter-builder'
import { INITIAL_FILE_ASSOCIATION, parseFileAssociationState } from './file-association-state'
import { folderAccessSupported, folderOfInput } from './folder-read'
import { applyPlan, fromServer, withResult } from './upload-plan'

const file = (name: string): FileEntry => ({
  name,
  status: FILE_STATUS.pending,
  association: [],
  type: 'image/png',
  size: 1,
  reason: null,
})

describe('file association', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends each file once per record, skips what was sent before, and records Criado or Erro', () => {
    let files = [
      file('A.png'),
      file('b.png'),
      { ...file('c.png'), status: FILE_STATUS.created, association: [{ name: 'oae', id: 7 }] },
      file('d.png'),
    ]
    const planned = applyPlan(
      files,
      [
        { name: 'A.png', key: 'a', ids: [1] },
        { name: 'b.png', key: 'b', ids: [2] },
        { name: 'c.png', key: 'c', ids: [7] },
        { name: 'd.png', reason: { code: 'noRecord', value: 'd' } },
      ],
      'oae',
    )
    expect(planned.tasks).toEqual([
      { file: 'A.png', id: 1 },
      { file: 'b.png', id: 2 },
    ])
    expect(planned.files[2]).toMatchObject({ status: FILE_STATUS.created, reason: null })
    expect(planned.files[3]).toMatchObject({
      status: FILE_STATUS.pending,
      reason: { code: 'noRecord', value: 'd' },
    })
    files = planned.files
    files = withResult(files, planned.tasks[0]!, 'oae', { ok: true })
    files = withResult(files, planned.tasks[1]!, 'oae', { ok: false, message: 'Sem permissão' })
    expect(files[0]).toMatchObject({
      status: FILE_STATUS.created,
      association: [{ name: 'oae', id: 1 }],
      reason: null,
    })
    expect(files[1]).toMatchObject({
      status: FILE_STATUS.error,
      association: [],
      reason: { code: 'uploadFailed', message: 'Sem permissão' },
    })
    // A file that failed once stays in error even when another of its sends succeeds.
    expect(withResult(files, { file: 'b.png', id: 3 }, 'oae', { ok: true })[1]!.status).toBe(
      FILE_STATUS.error,
    )
  })

  it('reads the job’s files after a reload: sent, failed or pending', () => {
    const base = { size: 1, type: 'image/png' }
    expect(
      [
        { ...base, name: 'a', reason: null, association: [{ name: 'oae', id: 1 }] },
        {
          ...base,
          name: 'b',
          reason: { code: 'uploadFailed' as const, message: 'x' },
          association: [],
        },
        { ...base, name: 'c', reason: { code: 'noRecord' as const, value: 'c' }, association: [] },
      ]
        .map(fromServer)
        .map((f) => f.status),
    ).toEqual([FILE_STATUS.created, FILE_STATUS.error, FILE_STATUS.pending])
  })

  it('checks a restored window state', () => {
    expect(parseFileAssociationState(undefined)).toBeUndefined()
    const state = {
      ...INITIAL_FILE_ASSOCIATION,
      jobId: 4,
      step: 3,
      layer: 'oae',
      fields: ['codigo'],
    }
    expect(parseFileAssociationState(state)).toEqual(state)
    // A state saved before the image field existed.
    const { imageField: _gone, ...older } = state
    expect(parseFileAssociationState(older)).toEqual({ ...state, imageField: null })
    expect(() => parseFileAssociationState({ ...state, imageField: 3 })).toThrow()
    expect(() => parseFileAssociationState({ ...state, step: 6 })).toThrow()
    expect(() => parseFileAssociationState({ ...state, tab: 'x' })).toThrow()
    expect(() => parseFileAssociationState({ ...state, filter: null })).toThrow()
    expect(parseFileAssociationState({ ...state, filter: EMPTY_FILTER })).toBeTruthy()
  })

  it('names the folder of a directory input after the first part of the paths', () => {
    const f = { name: 'a.png', webkitRelativePath: 'fotos/sub/a.png' } as File
    const list = Object.assign([f], { item: () => f }) as unknown as FileList
    expect(folderOfInput(list)).toEqual({ name: 'fotos', files: [f] })
    expect(folderOfInput(null)).toBeUndefined()
  })

  it('offers folder access only to Chromium-family browsers', () => {
    const ua = (userAgent: string, picker = false) => {
      vi.stubGlobal('window', picker ? { showDirectoryPicker: () => undefined } : {})
      vi.stubGlobal('navigator', { userAgent })
      return folderAccessSupported()
    }
    expect(ua('Mozilla/5.0 Firefox/130.0')).toBe(false)
    expect(ua('Mozilla/5.0 Version/17.0 Safari/605.1.15')).toBe(false)
    expect(ua('Mozilla/5.0 Chrome/85.0.4183.83 Safari/537.36')).toBe(false)
    expect(ua('Mozilla/5.0 Chrome/86.0.4240.75 Safari/537.36')).toBe(true)
    expect(ua('Mozilla/5.0 Chrome/86.0 Safari/537.36 Edg/85.0')).toBe(false)
    expect(ua('Mozilla/5.0 Chrome/86.0 Safari/537.36 Edg/86.0')).toBe(true)
    expect(ua('Mozilla/5.0 Chrome/86.0 Safari/537.36 OPR/71.0')).toBe(false)
    expect(ua('Mozilla/5.0 Chrome/86.0 Safari/537.36 OPR/72.0')).toBe(true)
    expect(ua('anything', true)).toBe(true)
  })
})
