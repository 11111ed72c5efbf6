import { z } from "zod";
import {
  MERCHANT_NOT_MANAGED_MESSAGE,
  NOT_MERCHANT_MESSAGE,
} from "../../../shared/merchant-portal";
import { AppError } from "../../errors";
import { idParam, type RouteApp } from "../../http/route-schema";

/** A comment line every so often keeps proxies (and phones' networks) from closing the stream. */
const HEARTBEAT_MS = 20_000;
const params = z.object({ merchantId: idParam(MERCHANT_NOT_MANAGED_MESSAGE) });

/**
 * Under /api/merchant (the merchant's scope): GET /{merchantId}/events, the live 'Pedidos'
 * tab (issue 35) as Server-Sent Events: `event: order`, an `id` per event, resumable with
 * Last-Event-ID, and a `: ping` comment heartbeat.
 */
export async function orderEventsMerchantRoutes(app: RouteApp) {
  app.get(
    "/:merchantId/events",
    {
      config: { access: "merchant" },
      schema: {
        params,
        headers: z.object({ "last-event-id": z.string().optional() }),
        response: {
          200: z.string().describe("text/event-stream: `event: order` con MerchantOrderEvent"),
        },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      if (!user) throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
      const merchantId = request.params.merchantId;
      await app.services.noticesPortal.requireManaged(user, merchantId);
      const hub = app.services.orders.events;
      const resumeFrom = Number(request.headers["last-event-id"]);
      const lastId =
        Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : await hub.latestId();

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        // nginx and similar proxies must pass each event at once, not buffer them.
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      // The browser reconnects after this many ms when the connection drops.
      raw.write(`retry: 2000\n: abierto\n\n`);
      const heartbeat = setInterval(() => raw.write(": ping\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      const unsubscribe = hub.subscribe({
        merchantId,
        lastId,
        send: (id, event) =>
          raw.write(`id: ${id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`),
        // A shutdown ends the stream; the browser reconnects, to another process if need be.
        close: () => raw.end(),
      });
      raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
