import type { FastifyInstance } from "fastify";
import { clientAddressKey, PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { objectBody } from "../../http/route-schema";
import { WOMPI_SIGNATURE_HEADER, WOMPI_WEBHOOK_ROUTE } from "../payments/wompi.signature";

/** Reading an order page: generous for a shopper, far too few to guess a 256-bit token. */
const ORDER_READ_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** 'Buscar mi pedido' per address: each may send an e-mail (like the sign-in links). */
const LOOKUP_LIMIT = { rateLimit: { max: 10, timeWindow: "15 minutes" } };
/** Wompi notifies from a few addresses; a flood from one is not Wompi. */
const WEBHOOK_LIMIT = { rateLimit: { max: 300, timeWindow: "1 minute" } };

type OrderRequest = {
  Params: { orderNumber: string };
  Querystring: { token?: unknown; idTransaccion?: unknown };
};

export async function checkoutRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { sessionId?: unknown } }>("/checkout/options", async (request) =>
    request.query.sessionId === undefined
      ? app.services.checkout.options()
      : app.services.checkout.cartOptions(request.query.sessionId),
  );

  app.post("/checkout", { config: PUBLIC_WRITE_LIMIT }, async (request, reply) => {
    const key = request.headers["idempotency-key"];
    const checkout = await app.services.checkout.place(
      request.body,
      Array.isArray(key) ? key.join(",") : key,
    );
    return reply.status(201).send(checkout);
  });

  app.get<OrderRequest>("/orders/:orderNumber", { config: ORDER_READ_LIMIT }, async (request) => {
    const { token, idTransaccion } = request.query;
    return app.services.checkout.find(request.params.orderNumber, token, {
      transactionId: idTransaccion,
      clientAddress: clientAddressKey(request),
    });
  });

  app.post<OrderRequest>(
    "/orders/:orderNumber/payment",
    { config: PUBLIC_WRITE_LIMIT },
    async (request) => {
      return app.services.checkout.retryPayment(request.params.orderNumber, request.query.token);
    },
  );

  app.post<OrderRequest>(
    "/orders/:orderNumber/cancel",
    { config: PUBLIC_WRITE_LIMIT, schema: objectBody },
    async (request) =>
      app.services.checkout.cancel(request.params.orderNumber, request.query.token, request.body),
  );

  // 'Buscar mi pedido': the same 202 whether or not the order and e-mail match.
  app.post("/orders/lookup", { config: LOOKUP_LIMIT, schema: objectBody }, async (request, reply) =>
    reply.status(202).send(await app.services.checkout.lookup(request.body)),
  );

  // The signature covers the exact bytes Wompi sent: in this scope only, bodies stay raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(WOMPI_WEBHOOK_ROUTE, { config: WEBHOOK_LIMIT }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await app.services.checkout.handleWompiWebhook(
        body,
        request.headers[WOMPI_SIGNATURE_HEADER],
      );
      // Answered at once; the e-mails are in the outbox, sent by the worker.
      return { received: true, outcome };
    });
  });
}
