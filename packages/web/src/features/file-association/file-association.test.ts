import { FILE_STATUS, type FileEntry } from '@gis/shared/syncfiles'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER } from '../../components/filter-builder'
import { INITIAL_FILE_ASSOCIATION, parseFileAssociationState } from './file-association-state'
import { folderAccessSupported, folderOfInput } from './folder-read'
import { uploadTasks, withResult } from './upload-plan'

const file = (name: string): FileEntry => ({
  name,
  status: FILE_STATUS.pending,
  association: [],
  type: 'image/png',
})

describe('file association', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('uploads each file once per record, and records Criado with the association or Erro', () => {
    const tasks = uploadTasks([
      { key: 'a.png', id: 1 },
      { key: 'a.png', id: 1 },
      { key: 'a.png', id: 2 },
      { key: 'b.png', id: 1 },
    ])
    expect(tasks).toEqual([
      { key: 'a.png', id: 1 },
      { key: 'a.png', id: 2 },
      { key: 'b.png', id: 1 },
    ])
    let files = [file('A.png'), file('b.png'), file('c.png')]
    files = withResult(files, tasks[0]!, 'oae', true)
    files = withResult(files, tasks[1]!, 'oae', true)
    files = withResult(files, tasks[2]!, 'oae', false)
    expect(files[0]).toMatchObject({
      status: FILE_STATUS.created,
      association: [
        { name: 'oae', id: 1 },
        { name: 'oae', id: 2 },
      ],
    })
    expect(files[1]).toMatchObject({ status: FILE_STATUS.error, association: [] })
    expect(files[2]!.status).toBe(FILE_STATUS.pending)
    // A file that failed once stays in error even when another of its uploads succeeds.
    expect(withResult(files, { key: 'b.png', id: 3 }, 'oae', true)[1]!.status).toBe(
      FILE_STATUS.error,
    )
  })

  it('checks a restored window state', () => {
    expect(parseFileAssociationState(undefined)).toBeUndefined()
    const state = { ...INITIAL_FILE_ASSOCIATION, jobId: 4, step: 3, layer: 'oae', fields: ['foto'] }
    expect(parseFileAssociationState(state)).toEqual(state)
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
