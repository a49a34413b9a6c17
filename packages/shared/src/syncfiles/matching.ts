import { AUTO_MAP_THRESHOLD, bigramSimilarity } from './similarity'

/**
 * The file association importer's rules (spec 2 §2.2, §3, §4.2, §5, §9), pure so that the
 * window and its tests share them.
 */

/** File status codes: 0 Criado, 1 Atualizado, 2 Pendente, 3 Erro. */
export const FILE_STATUS = { created: 0, updated: 1, pending: 2, error: 3 } as const
export type FileStatus = (typeof FILE_STATUS)[keyof typeof FILE_STATUS]

/** The layer is scanned in pages of this many records; uploads go this many in parallel. */
export const SYNCFILES_SCAN_PAGE = 100
export const SYNCFILES_UPLOAD_BATCH = 10
/** The file and missing-file tables' page sizes (the first is the default). */
export const SYNCFILES_PAGE_SIZES = [30, 50, 100] as const
/** A missing-file entry needs a cell text longer than this. */
export const SYNCFILES_MISSING_MIN_LENGTH = 4

/** A record a file goes to: the layer (name) and the record id. */
export interface FileAssociation {
  name: string
  id: number
}

/** A file of the folder: name, status, and the records it was attached to. */
export interface FileEntry {
  name: string
  status: FileStatus
  association: FileAssociation[]
  /** The file's type as the browser reports it (empty when unknown). */
  type: string
}

/** A field value naming a file the folder does not have. */
export interface MissingFileEntry {
  cell: string
  text: string
  status: 3
  layerName: string
  association: FileAssociation
}

/** A row of the mapping table: the field, and whether it names the record's files. */
export interface SyncFilesMapping {
  title: string
  select: boolean
}

export interface SyncFilesCounters {
  new: number
  update: number
  pending: number
  error: number
}

/** Counters recomputed from the files' statuses. */
export function countStatuses(files: readonly Pick<FileEntry, 'status'>[]): SyncFilesCounters {
  const counters: SyncFilesCounters = { new: 0, update: 0, pending: 0, error: 0 }
  for (const f of files) {
    if (f.status === FILE_STATUS.created) counters.new++
    else if (f.status === FILE_STATUS.updated) counters.update++
    else if (f.status === FILE_STATUS.pending) counters.pending++
    else counters.error++
  }
  return counters
}

/** The field that can never be an image field. */
export const ID_FIELD = 'id'

/**
 * A value that looks like a file name: no path separators or characters Windows refuses, a
 * name with something besides dots and spaces, and an extension of 1 to 10 letters or digits
 * with at least one letter (so '12.5' is a number, not a file).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const FILE_NAME = /^[^\\/:*?"<>|\u0000-\u001f]+\.(?=[0-9]*[A-Za-z])[A-Za-z0-9]{1,10}$/

export function looksLikeFileName(value: string): boolean {
  const text = value.trim()
  if (text.length > 255 || !FILE_NAME.test(text)) return false
  return /[^.\s]/.test(text.slice(0, text.lastIndexOf('.')))
}

/** The match key of a file name: lower-cased (matching is case-insensitive). */
export const matchKey = (name: string): string => name.trim().toLowerCase()

export interface RecordMatch {
  /** Lower-cased file name. */
  key: string
  /** Record id. */
  id: number
}

/**
 * One page of records scanned: for each selected field whose value looks like a file name,
 * a match when the folder has that file (case-insensitive), else a missing-file entry when
 * the text is longer than 4 characters.
 */
export function scanRecords(
  records: readonly Record<string, unknown>[],
  fields: readonly string[],
  folder: ReadonlySet<string>,
  layerName: string,
): { matches: RecordMatch[]; missing: MissingFileEntry[] } {
  const matches: RecordMatch[] = []
  const missing: MissingFileEntry[] = []
  for (const record of records) {
    const id = Number(record.id)
    if (!Number.isSafeInteger(id)) continue
    for (const field of fields) {
      const value = record[field]
      if (typeof value !== 'string' || !looksLikeFileName(value)) continue
      const text = value.trim()
      const key = matchKey(text)
      if (folder.has(key)) matches.push({ key, id })
      else if (text.length > SYNCFILES_MISSING_MIN_LENGTH) {
        missing.push({
          cell: field,
          text,
          status: 3,
          layerName,
          association: { name: layerName, id },
        })
      }
    }
  }
  return { matches, missing }
}

/** Words that name a record's files; AUTO MAPEAR ticks the fields whose name is like one. */
export const FILE_FIELD_WORDS = [
  'foto',
  'fotos',
  'imagem',
  'imagens',
  'arquivo',
  'arquivos',
  'anexo',
  'anexos',
  'documento',
  'documentos',
  'image',
  'photo',
  'file',
] as const

/**
 * AUTO MAPEAR of the file importer: a field is ticked when its name or title rates at least
 * 0.4 against a word naming files or against the folder's name. The id row is never ticked.
 */
export function autoMapFields(
  fields: readonly { name: string; title?: string }[],
  folderName: string,
): Set<string> {
  const targets = [...FILE_FIELD_WORDS, folderName].filter((w) => w.trim() !== '')
  const picked = new Set<string>()
  for (const field of fields) {
    if (field.name === ID_FIELD) continue
    const names = [field.name, field.title ?? ''].filter((n) => n !== '')
    const rated = names.some((n) =>
      targets.some((w) => bigramSimilarity(n, w) >= AUTO_MAP_THRESHOLD),
    )
    if (rated) picked.add(field.name)
  }
  return picked
}

/** One line of a csv report (`;`-separated, quoted where needed). */
function csvLine(values: readonly (string | number)[]): string {
  return values
    .map((v) => {
      const text = String(v)
      return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
    })
    .join(';')
}

export function toCsv(header: readonly string[], rows: readonly (string | number)[][]): string {
  return [csvLine(header), ...rows.map(csvLine)].join('\r\n') + '\r\n'
}

/** A download name with a .csv extension (added when missing). */
export const csvFileName = (name: string): string =>
  name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`
