import { parseSort, t, type PagingQuery } from '@gis/shared'
import { fieldError, HttpError } from './errors'
import type { FastifyReply } from 'fastify'

export interface SqlPaging {
  /** `ORDER BY …` fragment built only from whitelisted columns. */
  orderBy: string
  limit: number
  offset: number
}

/**
 * Turns the paging query into SQL pieces. `columns` maps the API's sort names to trusted
 * SQL expressions; an unknown sort name is a 400, never concatenated.
 */
export function toSqlPaging(
  q: PagingQuery,
  columns: Record<string, string>,
  defaultSort: string,
): SqlPaging {
  const sort = parseSort(q.sort) ?? parseSort(defaultSort)
  if (!sort) throw new HttpError(500, t('http.internal'))
  const column = Object.hasOwn(columns, sort.field) ? columns[sort.field] : undefined
  if (!column) throw fieldError('sort', 'paging.sortInvalid')
  return {
    orderBy: `ORDER BY ${column} ${sort.descending ? 'DESC' : 'ASC'}`,
    limit: q.limit,
    offset: q.page * q.limit,
  }
}

export function sendPage<T>(reply: FastifyReply, rows: T[], total: number): T[] {
  reply.header('x-rowcount', String(total))
  return rows
}
