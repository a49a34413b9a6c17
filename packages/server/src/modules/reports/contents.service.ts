import { buffer } from 'node:stream/consumers'
import type { Readable } from 'node:stream'
import { t, type PagingQuery, type ReportContent } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { safeFilename, sniffImage } from '../attachments/attachment-files'
import * as sql from './contents.sql'

/** The library's images: at most this many MB, of these types (by their bytes). */
export const CONTENT_MAX_MB = 5
export const CONTENT_MAX_BYTES = CONTENT_MAX_MB * 1_048_576
const CONTENT_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

export const contentNotFound = () => new HttpError(404, t('reportsApi.contentNotFound'))

function toContent(row: sql.ContentRow): ReportContent {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    tag: row.tag,
    created: row.created_at.toISOString(),
  }
}

export async function listContents(
  deps: Pick<AppDeps, 'db'>,
  query: PagingQuery & { tag: string; query?: string },
): Promise<{ rows: ReportContent[]; total: number }> {
  const paging = toSqlPaging(query, sql.CONTENT_SORTS, '-created')
  const page = await sql.listContents(deps.db, query.tag, query.query || undefined, paging)
  return { rows: page.rows.map(toContent), total: page.total }
}

/** Stores an uploaded image: PNG, JPEG, GIF or WebP by its bytes, at most CONTENT_MAX_MB. */
export async function uploadContent(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: number,
  file: { filename: string; bytes: Buffer },
  tag: string,
): Promise<ReportContent> {
  if (file.bytes.length > CONTENT_MAX_BYTES) {
    throw new HttpError(400, t('reportsApi.imageTooLarge', { max: CONTENT_MAX_MB }))
  }
  const type = sniffImage(file.bytes.subarray(0, 16))
  if (!type || !CONTENT_TYPES.has(type)) throw new HttpError(400, t('reportsApi.imageType'))
  const stored = await deps.storage.put(file.bytes, { suffix: type.split('/')[1] })
  return toContent(
    await sql.insertContent(deps.db, {
      filename: safeFilename(file.filename),
      content_type: type,
      size: stored.size,
      tag,
      storage_key: stored.key,
      createdBy: userId,
    }),
  )
}

/** The bytes of a library image (for the renderer), or undefined. */
export async function contentBytes(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  id: number,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await sql.findContent(deps.db, id)
  if (!row) return undefined
  const file = await deps.storage.get(row.storage_key)
  if (!file) return undefined
  return { bytes: await buffer(file.stream), contentType: row.content_type }
}

export async function openContent(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  id: number,
): Promise<{ stream: Readable; size: number; row: sql.ContentRow }> {
  const row = await sql.findContent(deps.db, id)
  if (!row) throw contentNotFound()
  const file = await deps.storage.get(row.storage_key)
  if (!file) throw contentNotFound()
  return { ...file, row }
}
