import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'

installZodErrorMap()

export const DEFAULT_PAGE_SIZE = 15
export const MAX_PAGE_SIZE = 1000

/** Paging query of every list call: `page` from 0, `limit` (empty gives 15), `sort` (`-` = descending). */
export const pagingQuerySchema = z.object({
  page: z.coerce
    .number({ error: t('paging.invalid') })
    .int({ error: t('paging.invalid') })
    .min(0, { error: t('paging.invalid') })
    .default(0),
  limit: z
    .union([z.literal(''), z.coerce.number({ error: t('paging.invalid') })])
    .optional()
    .transform((v) => (v === '' || v === undefined ? DEFAULT_PAGE_SIZE : v))
    .pipe(
      z
        .number()
        .int({ error: t('paging.invalid') })
        .min(1, { error: t('paging.invalid') })
        .max(MAX_PAGE_SIZE, { error: t('paging.invalid') }),
    ),
  sort: z.string().max(100).optional(),
})

export type PagingQuery = z.infer<typeof pagingQuerySchema>

export interface SortSpec {
  field: string
  descending: boolean
}

/** Parses `sort=-created` into a field and a direction. */
export function parseSort(sort: string | undefined): SortSpec | undefined {
  if (!sort) return undefined
  const descending = sort.startsWith('-')
  const field = descending ? sort.slice(1) : sort
  return field ? { field, descending } : undefined
}

/** Writes a paging query string the server understands. */
export function encodePaging(p: {
  page?: number
  limit?: number
  sort?: SortSpec | string
}): string {
  const params = new URLSearchParams()
  if (p.page !== undefined) params.set('page', String(p.page))
  if (p.limit !== undefined) params.set('limit', String(p.limit))
  if (p.sort !== undefined) {
    params.set(
      'sort',
      typeof p.sort === 'string' ? p.sort : `${p.sort.descending ? '-' : ''}${p.sort.field}`,
    )
  }
  return params.toString()
}
