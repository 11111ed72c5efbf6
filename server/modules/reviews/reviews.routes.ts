import type { FastifyInstance } from "fastify";

// PLACEHOLDER: replaced by the real routes.
export async function reviewsRoutes(_app: FastifyInstance) {}
