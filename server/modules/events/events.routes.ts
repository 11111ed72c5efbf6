import type { FastifyInstance } from "fastify";

/**
 * Per address: a shopper presses a few buttons a minute at most; more only inflates a
 * merchant's counts.
 */
export const EVENTS_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };

export async function eventsRoutes(app: FastifyInstance) {
  // The public pages' beacon (navigator.sendBeacon or fetch with keepalive): always 204.
  app.post(
    "/events",
    { config: EVENTS_LIMIT, schema: { body: { type: "object" } } },
    async (request, reply) => {
      await app.services.events.record(request.body);
      return reply.status(204).send();
    },
  );
}
