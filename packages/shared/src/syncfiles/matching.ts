import { isImageAttachment } from '../features/constants'
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
  /** Its size in bytes. */
  size: number
  /** Why it is still pending (or in error), once the scan or the upload said. */
  reason: PendingReason | null
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

/** Why a file was not sent (stored with the job's file, shown from the catalogue). */
export const PENDING_REASON_CODES = [
  'noRecord',
  'severalRecords',
  'notImage',
  'tooBig',
  'uploadFailed',
] as const
export type PendingReasonCode = (typeof PENDING_REASON_CODES)[number]

export interface PendingReason {
  code: PendingReasonCode
  /** The value looked for (the file's name as compared). */
  value?: string
  /** The records that share the value (severalRecords), the first few. */
  ids?: number[]
  /** How many records share it (severalRecords). */
  count?: number
  /** The image field (notImage). */
  field?: string
  /** The size limit in MB (tooBig). */
  maxMb?: number
  /** The server's answer (uploadFailed). */
  message?: string
}

/** How many record ids a severalRecords reason keeps. */
export const REASON_MAX_IDS = 5

/**
 * The form in which a field value and a file name are compared: accents removed, lower case,
 * and every run of spaces, underscores, hyphens and dots read as one space (trimmed). So
 * 'OAE-SP280-172+976', 'oae sp280 172+976' and 'OAE_SP280_172+976' are the same name, and
 * 'Ponte São João' is 'ponte sao joao'.
 */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, ' ')
    .trim()
}

/** A file's extension (1 to 10 letters or digits with a letter), or '' when it has none. */
export function extensionOf(fileName: string): string {
  const m = /\.((?=[0-9]*[A-Za-z])[A-Za-z0-9]{1,10})$/.exec(fileName)
  return m && m.index > 0 ? m[1]! : ''
}

/** A numbered copy: ' 2', '_2', '-02', ' (2)', '(2)' at the end of the name (1 to 3 digits). */
const NUMBERED = /^(.*\S)(?:\s*\(\s*\d{1,3}\s*\)|\s\d{1,3})$/

/**
 * The names a file answers to, in order of preference: its whole name (a field holding
 * 'foto.jpg'), its name without the extension, then that name without a copy number
 * ('OAE-1_2.jpg' and 'OAE-1 (2).jpg' are photos of 'OAE-1'). Distinct, never empty.
 */
export function fileKeys(fileName: string): string[] {
  const ext = extensionOf(fileName)
  const stem = ext ? fileName.slice(0, -(ext.length + 1)) : fileName
  const keys = [nameKey(fileName), nameKey(stem)]
  const base = NUMBERED.exec(nameKey(stem))?.[1]
  if (base) keys.push(base.trim())
  return [...new Set(keys.filter((k) => k !== ''))]
}

/** A value of a chosen field of a record. */
export interface RecordValue {
  id: number
  field: string
  text: string
  key: string
}

/**
 * The chosen fields' values of a page of records (text, or numbers as written); deleted
 * records (d_e_l_e_t_) and empty values are left out.
 */
export function recordValues(
  records: readonly Record<string, unknown>[],
  fields: readonly string[],
): RecordValue[] {
  const out: RecordValue[] = []
  for (const record of records) {
    const id = Number(record.id)
    if (!Number.isSafeInteger(id) || record.d_e_l_e_t_ === true) continue
    for (const field of fields) {
      const value = record[field]
      if (typeof value !== 'string' && typeof value !== 'number') continue
      const text = String(value).trim()
      const key = nameKey(text)
      if (key !== '') out.push({ id, field, text, key })
    }
  }
  return out
}

/** The records of each compared name (one id once, in order). */
export function indexValues(values: readonly RecordValue[]): Map<string, number[]> {
  const index = new Map<string, number[]>()
  for (const v of values) {
    const ids = index.get(v.key)
    if (!ids) index.set(v.key, [v.id])
    else if (!ids.includes(v.id)) ids.push(v.id)
  }
  return index
}

/** A file's type as far as the image fields care: an image by type or extension. */
export function isImageFile(file: { name: string; type: string }): boolean {
  return isImageAttachment({ contentType: file.type, filename: file.name })
}

export interface FileToPlan {
  name: string
  size: number
  type: string
}

export type FilePlan =
  | { name: string; key: string; ids: number[]; reason?: undefined }
  | { name: string; reason: PendingReason; ids?: undefined }

/**
 * Where each file goes (decision 65): the first of its names (`fileKeys`) that a record holds
 * decides; one record, the file goes to it; several, it waits ('severalRecords'); none, it
 * waits ('noRecord'). A file for a photo field must be an image; no file may pass the size
 * limit. Several files may go to one record.
 */
export function planFiles(
  files: readonly FileToPlan[],
  index: ReadonlyMap<string, readonly number[]>,
  options: { photoField?: string | null; maxBytes?: number | null } = {},
): FilePlan[] {
  return files.map((file) => {
    const keys = fileKeys(file.name)
    const key = keys.find((k) => index.has(k))
    if (key === undefined) {
      const ext = extensionOf(file.name)
      const stem = ext ? file.name.slice(0, -(ext.length + 1)) : file.name
      return { name: file.name, reason: { code: 'noRecord', value: stem.trim().slice(0, 255) } }
    }
    const ids = index.get(key)!
    if (ids.length > 1) {
      return {
        name: file.name,
        reason: {
          code: 'severalRecords',
          value: key,
          count: ids.length,
          ids: ids.slice(0, REASON_MAX_IDS),
        },
      }
    }
    if (options.photoField && !isImageFile(file)) {
      return { name: file.name, reason: { code: 'notImage', field: options.photoField } }
    }
    if (options.maxBytes && file.size > options.maxBytes) {
      return {
        name: file.name,
        reason: { code: 'tooBig', maxMb: Math.floor(options.maxBytes / 1_048_576) },
      }
    }
    return { name: file.name, key, ids: [ids[0]!] }
  })
}

/**
 * Step 3's 'Arquivos ausentes': the values (longer than 4 characters, spec 2 §5) of records
 * that no file of the folder answers to.
 */
export function missingFiles(
  values: readonly RecordValue[],
  matchedKeys: ReadonlySet<string>,
  layerName: string,
): MissingFileEntry[] {
  return values
    .filter((v) => v.text.length > SYNCFILES_MISSING_MIN_LENGTH && !matchedKeys.has(v.key))
    .map((v) => ({
      cell: v.field,
      text: v.text,
      status: 3 as const,
      layerName,
      association: { name: layerName, id: v.id },
    }))
}

/** Domain types of the fields that hold a file or a photo (an attachment id). */
export type AttachmentFieldType = 'file' | 'photo'

/** Words that name a record's files; AUTO MAPEAR prefers the file field named like one. */
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
 * AUTO MAPEAR of the file importer (decision 65): only a field that can hold a file, one whose
 * domain is 'photo' or 'file', is proposed as the image field: a photo field first, then the
 * one whose name or title rates best (bigrams, at least 0.4) against the words naming files,
 * then the first. Undefined when the layer has none. Never id.
 */
export function autoMapImageField(
  fields: readonly { name: string; title?: string; kind?: AttachmentFieldType | null }[],
): string | undefined {
  const candidates = fields.filter((f) => f.kind && f.name !== ID_FIELD)
  const rate = (f: { name: string; title?: string }) =>
    Math.max(
      0,
      ...[f.name, f.title ?? '']
        .filter((n) => n !== '')
        .flatMap((n) => FILE_FIELD_WORDS.map((w) => bigramSimilarity(n, w)))
        .filter((r) => r >= AUTO_MAP_THRESHOLD),
    )
  const ranked = [...candidates].sort(
    (a, b) => Number(b.kind === 'photo') - Number(a.kind === 'photo') || rate(b) - rate(a),
  )
  return ranked[0]?.name
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
