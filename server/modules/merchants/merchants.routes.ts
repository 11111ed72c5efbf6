import type { FastifyInstance } from "fastify";

// PLACEHOLDER: replaced by the real routes.
export async function merchantsRoutes(_app: FastifyInstance) {}
