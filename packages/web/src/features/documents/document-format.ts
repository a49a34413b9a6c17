import type { DocumentFolder, DocumentHistoryEntry, DocumentKind } from '@gis/shared/documents'
import { t, type MessageKey } from '@gis/shared/i18n'
import { brValue } from '../../components/br-input'
import { useState } from 'react'
import { useSessionToken } from '../../state/session'

/** The token a download address carries: the second word of `Bearer <token>` (spec 1 §7). */
export function useDownloadToken(): string | null {
  const authorization = useSessionToken()
  return authorization ? (authorization.split(' ')[1] ?? authorization) : null
}

/**
 * While a PDF's preview is being made on the server (a job after the upload), the query that
 * shows it asks again every second: `[pollingInterval, setPending]`.
 */
export function usePreviewPolling(): [number, (pending: boolean) => void] {
  const [pending, setPending] = useState(false)
  return [pending ? 1000 : 0, setPending]
}

/** An address with `?token=` (and more parameters) for an `<img>` or a download link. */
export function withToken(path: string, token: string | null, extra: string[] = []): string {
  const params = [...(token ? [`token=${encodeURIComponent(token)}`] : []), ...extra]
  return params.length ? `${path}?${params.join('&')}` : path
}

export const contentUrl = (contentId: number, token: string | null) =>
  withToken(`/api/content/${contentId}`, token)
export const thumbnailUrl = (contentId: number, token: string | null) =>
  withToken(`/api/content/${contentId}`, token, ['thumbnail'])

export const kindLabel = (kind: DocumentKind) => t(`documents.kind.${kind}` as MessageKey)

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** A date and time as the other lists show them (dd/mm/aaaa hh:mm, São Paulo). */
export function formatWhen(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d)
}

/** A typed dd/mm/aaaa as the API's YYYY-MM-DD; '' for nothing, undefined when it does not read. */
export function dayOf(text: string): string | undefined {
  const value = brValue('date', text)
  return value === null ? '' : typeof value === 'string' ? value : undefined
}

/** A folder and its place in the tree, for the pickers: 'Projetos / Pontes'. */
export interface FolderEntry {
  folder: DocumentFolder
  depth: number
  path: string
}

/** The folders in tree order (children under their parent, by name), with depth and path. */
export function folderEntries(folders: readonly DocumentFolder[]): FolderEntry[] {
  const byParent = new Map<number | null, DocumentFolder[]>()
  const ids = new Set(folders.map((f) => f.id))
  for (const f of folders) {
    // A folder whose parent the user may not read shows at the top.
    const parent = f.parentId !== null && ids.has(f.parentId) ? f.parentId : null
    byParent.set(parent, [...(byParent.get(parent) ?? []), f])
  }
  const out: FolderEntry[] = []
  const walk = (parent: number | null, depth: number, prefix: string) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) =>
      a.name.localeCompare(b.name, 'pt-BR'),
    )
    for (const folder of children) {
      const path = prefix ? `${prefix} / ${folder.name}` : folder.name
      out.push({ folder, depth, path })
      walk(folder.id, depth + 1, path)
    }
  }
  walk(null, 0, '')
  return out
}

const show = (v: unknown): string =>
  Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v)

const FIELD_LABELS: Record<string, MessageKey> = {
  title: 'documents.fieldTitle',
  description: 'documents.fieldDescription',
  tags: 'documents.history.tags',
}

/**
 * A history row's detail in words (docs/documents.md): 'antes → depois' of a change or a move,
 * the feature of a link, the values of the rest (title, file name, version, comment).
 */
export function detailText(entry: Pick<DocumentHistoryEntry, 'detail'>): string {
  const d = entry.detail
  if ('layer' in d && 'featureId' in d) return `${show(d.layer)} #${show(d.featureId)}`
  if ('from' in d && 'to' in d) return `${show(d.from)} → ${show(d.to)}`
  return Object.entries(d)
    .map(([key, v]) => {
      if (v && typeof v === 'object' && !Array.isArray(v) && 'to' in v) {
        const change = v as { from?: unknown; to?: unknown }
        const label = FIELD_LABELS[key] ? t(FIELD_LABELS[key]) : key
        return `${label}: ${show(change.from) || '-'} → ${show(change.to) || '-'}`
      }
      return show(v)
    })
    .filter(Boolean)
    .join(' · ')
}
