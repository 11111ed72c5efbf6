import type { FastifyInstance, FastifyPluginAsync, onRequestAsyncHookHandler } from "fastify";

/**
 * A part of the API that needs a signed-in role, its guard in one place: one `onRequest`
 * hook for every route registered inside (never per route, never `preHandler`). `onRequest`
 * runs before the body is read, so a visitor without a session gets 401 (or 403) before
 * the server parses a 4 MB catalogue or a multipart stream. server/security.test.ts sends
 * every /api/admin route without a session and fails on any that answers otherwise.
 *
 *   api.register(guardedScope(requireAdmin, [categoriesAdminRoutes, …]), { prefix: "/admin" })
 *
 * Another role's area mirrors it with its own guard of server/http/auth-guard.ts and prefix.
 * A route outside such a prefix that still needs the role (product writes, image uploads)
 * takes the same guard as its own `onRequest`.
 */
export function guardedScope(
  guard: onRequestAsyncHookHandler,
  routes: FastifyPluginAsync[],
  options: {
    /** A hook run after the guard (issue 37 L7: the portal's writes, limited per address). */
    afterGuard?: (scope: FastifyInstance) => onRequestAsyncHookHandler;
  } = {},
): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.addHook("onRequest", guard);
    if (options.afterGuard) scope.addHook("onRequest", options.afterGuard(scope));
    for (const plugin of routes) await scope.register(plugin);
  };
}
