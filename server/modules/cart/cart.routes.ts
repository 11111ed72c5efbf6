import type { FastifyInstance } from "fastify";

// PLACEHOLDER: replaced by the real routes.
export async function cartRoutes(_app: FastifyInstance) {}
