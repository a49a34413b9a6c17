import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** An onRequest hook that authenticates a request (or throws the 401/403). */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/** The hooks of each access (implemented by `auth/authenticate.ts`). */
export interface ScopeAuth {
  requireUser: AuthHook
  requireAdmin: AuthHook
  requireDownloadUser: AuthHook
  requireServiceUser: AuthHook
}

/**
 * Who may call the routes of a scope, and so its one onRequest hook:
 * - `public`: anyone (no hook);
 * - `user`: a session (`Authorization: Bearer`), `admin`: a session of an administrator;
 * - `download`: a session by bearer or `?token=` (URLs the browser opens by itself);
 * - `service`: the map services' credentials (bearer, `?token=`, HTTP Basic), cached briefly.
 */
export type Access = 'public' | 'user' | 'admin' | 'download' | 'service'

/** Routes of a module under one prefix, all with the same access. */
export interface RouteScope {
  prefix: string
  access: Access
  routes: FastifyPluginAsyncZod
}

export function hookFor(auth: ScopeAuth, access: Access): AuthHook | undefined {
  switch (access) {
    case 'public':
      return undefined
    case 'user':
      return auth.requireUser
    case 'admin':
      return auth.requireAdmin
    case 'download':
      return auth.requireDownloadUser
    case 'service':
      return auth.requireServiceUser
  }
}

/**
 * Registers each scope as an encapsulated plugin: its prefix, and its access's hook added
 * once for every route inside (before body parsing and validation, so an anonymous caller
 * gets 401, never a validation answer about a route it may not use).
 */
export async function registerScopes(
  app: FastifyInstance,
  auth: ScopeAuth,
  scopes: readonly RouteScope[],
): Promise<void> {
  for (const scope of scopes) {
    const hook = hookFor(auth, scope.access)
    await app.register(
      async (child) => {
        if (hook) child.addHook('onRequest', hook)
        await child.register(scope.routes)
      },
      { prefix: scope.prefix },
    )
  }
}
