import { contactEventSchema } from "../../../shared/merchant-portal";
import { jsonBody, noContent, type RouteApp } from "../../http/route-schema";

/**
 * Per address: a shopper presses a few buttons a minute at most; more only inflates a
 * merchant's counts.
 */
export const EVENTS_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };

export async function eventsRoutes(app: RouteApp) {
  // The public pages' beacon (navigator.sendBeacon or fetch with keepalive): always 204.
  app.post(
    "/events",
    {
      config: { access: "public", ...EVENTS_LIMIT },
      schema: { body: jsonBody(contactEventSchema), response: { 204: noContent } },
    },
    async (request, reply) => {
      await app.services.events.record(request.body);
      return reply.status(204).send();
    },
  );
}
