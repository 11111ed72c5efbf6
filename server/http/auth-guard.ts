import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";

/** preHandler of every administrator route: 401 without a session, 403 without the role. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized();
  if (user.role !== "admin") throw AppError.forbidden();
}
