import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

// The path parameters the routes share: one definition each.

/** A row id in a path: a positive integer JavaScript holds exactly. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** `/:id` */
export const idParams = z.object({ id: idSchema })

/** `/:layer`: a layer's name. */
export const layerParams = z.object({ layer: z.string().min(1).max(63) })

/** `/:layer/:id`: a feature of a layer. */
export const featureParams = layerParams.extend({ id: idSchema })

/** What a GET by id declares besides its params: the OpenAPI tags and summary, the answer. */
export interface IdRouteSchema<T extends z.ZodTypeAny> {
  tags: string[]
  summary: string
  /** The 200 answer's schema (none: the answer is not described). */
  response?: T
}

/** A GET of one thing by its id in the path (`idParams`), answered by `read`. */
export function getByIdRoute<T extends z.ZodTypeAny>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  { tags, summary, response }: IdRouteSchema<T>,
  read: (request: FastifyRequest, id: number) => Promise<z.input<T>>,
): void {
  app.get(
    path,
    {
      schema: { tags, summary, params: idParams, ...(response && { response: { 200: response } }) },
    },
    async (request) => read(request, request.params.id),
  )
}

/** A DELETE of one thing by its id in the path (`idParams`): `remove`, then 204. */
export function deleteByIdRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  schema: { tags: string[]; summary: string },
  remove: (request: FastifyRequest, id: number) => Promise<unknown>,
): void {
  app.delete(path, { schema: { ...schema, params: idParams } }, async (request, reply) => {
    await remove(request, request.params.id)
    return reply.code(204).send()
  })
}
