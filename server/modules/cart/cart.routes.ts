import type { FastifyInstance } from "fastify";
import { parseId } from "../../errors";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { objectBody } from "../../http/route-schema";
import { CART_LINE_NOT_FOUND } from "./cart.service";

// A shopper changes quantities quickly, so the cart allows more writes than the other forms.
const CART_WRITE_LIMIT = {
  ...PUBLIC_WRITE_LIMIT,
  rateLimit: { ...PUBLIC_WRITE_LIMIT.rateLimit, max: 120 },
};

type SessionParams = { Params: { sessionId: string } };
type LineParams = { Params: { sessionId: string; productId: string } };

export async function cartRoutes(app: FastifyInstance) {
  app.get<SessionParams>("/cart/:sessionId", async (request) => {
    return app.services.cart.list(request.params.sessionId);
  });

  app.post<SessionParams>(
    "/cart/:sessionId",
    { config: CART_WRITE_LIMIT, schema: objectBody },
    async (request, reply) => {
      const line = await app.services.cart.add(request.params.sessionId, request.body);
      return reply.status(201).send(line);
    },
  );

  app.put<LineParams>(
    "/cart/:sessionId/:productId",
    { config: CART_WRITE_LIMIT, schema: objectBody },
    async (request) => {
      const { sessionId, productId } = request.params;
      return app.services.cart.update(
        sessionId,
        parseId(productId, CART_LINE_NOT_FOUND),
        request.body,
      );
    },
  );

  app.delete<LineParams>(
    "/cart/:sessionId/:productId",
    { config: CART_WRITE_LIMIT },
    async (request, reply) => {
      const { sessionId, productId } = request.params;
      await app.services.cart.remove(sessionId, parseId(productId, CART_LINE_NOT_FOUND));
      return reply.status(204).send();
    },
  );

  app.delete<SessionParams>(
    "/cart/:sessionId",
    { config: CART_WRITE_LIMIT },
    async (request, reply) => {
      await app.services.cart.clear(request.params.sessionId);
      return reply.status(204).send();
    },
  );
}
