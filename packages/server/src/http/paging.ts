import { parseSort, t, type PagingQuery } from '@gis/shared'
import { fieldError, HttpError } from './errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

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

/** The answer of a paged list (its rows, or a body holding them) with its total in x-rowcount. */
export function sendPage<T>(reply: FastifyReply, body: T, total: number): T {
  reply.header('x-rowcount', String(total))
  return body
}

/** One page of a list and the total the `x-rowcount` header carries. */
export interface Page<T> {
  rows: T[]
  total: number
}

interface PagedRouteSchema<P extends z.ZodTypeAny, Q extends z.ZodTypeAny, T extends z.ZodTypeAny> {
  tags: string[]
  summary: string
  params?: P
  querystring: Q
  /** The schema of one row: the answer is an array of them. */
  item: T
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/**
 * A GET route answering one page of a list, its total in `x-rowcount`; the querystring (and
 * params) are validated by the route schema as any other route's.
 */
export function pagedRoute<
  Q extends z.ZodTypeAny,
  T extends z.ZodTypeAny,
  P extends z.ZodTypeAny = z.ZodUndefined,
>(
  app: ZodApp,
  path: string,
  { item, ...schema }: PagedRouteSchema<P, Q, T>,
  list: (
    request: FastifyRequest<{ Params: z.output<P>; Querystring: z.output<Q> }>,
  ) => Promise<Page<z.output<T>>>,
): void {
  app.get(
    path,
    { schema: { ...schema, response: { 200: z.array(item) } } },
    async (request, reply) => {
      const { rows, total } = await list(request as unknown as Parameters<typeof list>[0])
      return sendPage(reply, rows, total)
    },
  )
}
