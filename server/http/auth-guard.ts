import type { FastifyReply, FastifyRequest } from "fastify";
import { NOT_MERCHANT_MESSAGE } from "../../shared/merchant-portal";
import { AppError } from "../errors";

/**
 * Guard of every administrator route: 401 without a session, 403 without the role.
 * Register it as the route's `onRequest` hook (never `preHandler`): it then answers before the
 * body is read, so a visitor without a session cannot make the server parse a 4 MB catalogue
 * or a multipart stream (server/security.test.ts checks every admin route this way).
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized();
  if (user.role !== "admin") throw AppError.forbidden();
}

/**
 * Guard of the merchant portal's routes (issue 11): 401 without a merchant session (an
 * administrator's session is none). Which merchants the user manages is checked per
 * object by the portal service. `onRequest`, like requireAdmin, for the same reason.
 */
export async function requireMerchant(request: FastifyRequest, _reply: FastifyReply) {
  const user = await request.currentUser();
  if (!user || user.role !== "merchant") throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
}
