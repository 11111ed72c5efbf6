import { z } from "zod";
import {
  checkout,
  checkoutOptions,
  messageAnswer,
  webhookAnswer,
} from "../../../shared/contracts/index";
import { cartSessionIdSchema } from "../../../shared/schemas/cart";
import { checkoutSchema, idempotencyKeySchema } from "../../../shared/schemas/checkout";
import { orderLookupSchema, shopperCancelSchema } from "../../../shared/schemas/order-life";
import { clientAddressKey, PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import {
  anyBody,
  jsonBody,
  serviceBody,
  serviceQuery,
  type RouteApp,
} from "../../http/route-schema";
import { WOMPI_SIGNATURE_HEADER, WOMPI_WEBHOOK_ROUTE } from "../payments/wompi.signature";

/** Reading an order page: generous for a shopper, far too few to guess a 256-bit token. */
const ORDER_READ_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** 'Buscar mi pedido' per address: each may send an e-mail (like the sign-in links). */
const LOOKUP_LIMIT = { rateLimit: { max: 10, timeWindow: "15 minutes" } };
/** Wompi notifies from a few addresses; a flood from one is not Wompi. */
const WEBHOOK_LIMIT = { rateLimit: { max: 300, timeWindow: "1 minute" } };

/**
 * An order's page and its writes: the number and the token are checked by the service
 * (an unknown number, a missing or wrong token: the same 404).
 */
const orderParams = z.object({ orderNumber: z.string() });
const orderToken = serviceQuery(
  z.object({
    token: z.string().describe("El token del enlace del pedido (del correo de confirmación)"),
    idTransaccion: z
      .string()
      .optional()
      .describe("El id de la transacción de Wompi al volver de pagar: se consulta a Wompi"),
  }),
);

export async function checkoutRoutes(app: RouteApp) {
  app.get(
    "/checkout/options",
    {
      config: { access: "public" },
      schema: {
        // A malformed id answers no merchants, not an error.
        querystring: serviceQuery(z.object({ sessionId: cartSessionIdSchema.optional() })),
        response: { 200: checkoutOptions },
      },
    },
    async (request) =>
      request.query.sessionId === undefined
        ? app.services.checkout.options()
        : app.services.checkout.cartOptions(request.query.sessionId),
  );

  app.post(
    "/checkout",
    {
      config: { access: "cart", ...PUBLIC_WRITE_LIMIT },
      schema: {
        // Any JSON value is read as the form (none is `{}`), as the service always has.
        body: anyBody(checkoutSchema),
        // Checked by the service after the body, with its name as the field's path.
        headers: serviceQuery(z.object({ "idempotency-key": idempotencyKeySchema.optional() })),
        response: { 201: checkout },
      },
    },
    async (request, reply) => {
      const key = request.headers["idempotency-key"] as string | string[] | undefined;
      const checkout = await app.services.checkout.place(
        request.body,
        Array.isArray(key) ? key.join(",") : key,
        { clientAddress: clientAddressKey(request) },
      );
      return reply.status(201).send(checkout);
    },
  );

  app.get(
    "/orders/:orderNumber",
    {
      config: { access: "order-token", ...ORDER_READ_LIMIT },
      schema: { params: orderParams, querystring: orderToken, response: { 200: checkout } },
    },
    async (request) => {
      const { token, idTransaccion } = request.query;
      return app.services.checkout.find(request.params.orderNumber, token, {
        transactionId: idTransaccion,
        clientAddress: clientAddressKey(request),
      });
    },
  );

  app.post(
    "/orders/:orderNumber/payment",
    {
      config: { access: "order-token", ...PUBLIC_WRITE_LIMIT },
      schema: { params: orderParams, querystring: orderToken, response: { 200: checkout } },
    },
    async (request) => {
      return app.services.checkout.retryPayment(request.params.orderNumber, request.query.token);
    },
  );

  app.post(
    "/orders/:orderNumber/cancel",
    {
      config: { access: "order-token", ...PUBLIC_WRITE_LIMIT },
      schema: {
        params: orderParams,
        querystring: orderToken,
        // Checked after the order and its token (404 first).
        body: serviceBody(shopperCancelSchema),
        response: { 200: checkout },
      },
    },
    async (request) =>
      app.services.checkout.cancel(request.params.orderNumber, request.query.token, request.body),
  );

  // 'Buscar mi pedido': the same 202 whether or not the order and e-mail match.
  app.post(
    "/orders/lookup",
    {
      config: { access: "public", ...LOOKUP_LIMIT },
      schema: { body: jsonBody(orderLookupSchema), response: { 202: messageAnswer } },
    },
    async (request, reply) => {
      const lookups = app.services.checkout.lookups;
      const lookup = await lookups.accept(request.body);
      // Issue 37 L1: the same answer at the same moment whether or not the number and the
      // e-mail match; the order is looked up (and the link sent) once it is answered.
      await reply.status(202).send({ message: lookups.message });
      lookups.later(lookup, (error) =>
        request.log.error({ err: error }, "No se pudo enviar el enlace del pedido"),
      );
      return reply;
    },
  );

  // The signature covers the exact bytes Wompi sent: in this scope only, bodies stay raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      WOMPI_WEBHOOK_ROUTE,
      // The body is Wompi's event, read as bytes for its signature (checked by the service).
      {
        config: { access: "webhook", ...WEBHOOK_LIMIT },
        schema: { response: { 200: webhookAnswer } },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await app.services.checkout.handleWompiWebhook(
          body,
          request.headers[WOMPI_SIGNATURE_HEADER],
        );
        // Answered at once; the e-mails are in the outbox, sent by the worker.
        return { received: true, outcome };
      },
    );
  });
}
