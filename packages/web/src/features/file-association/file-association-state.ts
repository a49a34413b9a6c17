import { t } from '@gis/shared/i18n'
import {
  EMPTY_FILTER,
  parseFilterBuilderState,
  type FilterBuilderState,
} from '../../components/filter-builder'

/** The tabs of step 1. */
export type ConfigTab = 'config' | 'data' | 'filters'

/**
 * What ASSOCIAR ARQUIVOS keeps in the workspace (spec 2 §3 'SyncFiles state'): the job, the
 * step, the tab, the destination and its filter, the fields chosen. The folder's files stay in
 * the page; what was done with them is the job's, on the server (decision 65): after F5 the
 * window shows it and asks for the folder again to go on.
 */
export interface FileAssociationState {
  jobId: number | null
  folderName: string
  step: number
  tab: ConfigTab
  /** The destination layer; null: not set (isDestinySet false). */
  layer: string | null
  /** Fields ticked as 'Identifica o arquivo?': their values name the files (decision 65). */
  fields: string[]
  /** The photo or file field ticked as 'Campo da imagem?', filled with the first file sent. */
  imageField: string | null
  filter: FilterBuilderState
}

export const INITIAL_FILE_ASSOCIATION: FileAssociationState = {
  jobId: null,
  folderName: '',
  step: 0,
  tab: 'config',
  layer: null,
  fields: [],
  imageField: null,
  filter: EMPTY_FILTER,
}

/** Checks a restored state; anything malformed is an error (the window shows code 400). */
export function parseFileAssociationState(value: unknown): FileAssociationState | undefined {
  if (value === undefined || value === null) return undefined
  const s = value as FileAssociationState
  try {
    const ok =
      typeof s === 'object' &&
      (s.jobId === null || Number.isSafeInteger(s.jobId)) &&
      typeof s.folderName === 'string' &&
      Number.isInteger(s.step) &&
      s.step >= 0 &&
      s.step <= 5 &&
      ['config', 'data', 'filters'].includes(s.tab) &&
      (s.layer === null || typeof s.layer === 'string') &&
      Array.isArray(s.fields) &&
      s.fields.every((f) => typeof f === 'string') &&
      (s.imageField === undefined || s.imageField === null || typeof s.imageField === 'string')
    if (!ok) throw new Error()
    parseFilterBuilderState(s.filter)
  } catch {
    throw new Error(t('workspace.invalidState'))
  }
  // A state saved before the image field existed has none.
  return { ...s, imageField: s.imageField ?? null }
}
