import { z } from "zod";
import { cartItem } from "../../../shared/contracts/index";
import {
  cartItemSchema,
  cartLineQuery,
  cartQuantitySchema,
  cartSessionIdSchema,
} from "../../../shared/schemas/cart";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { idParam, jsonBody, noContent, type RouteApp } from "../../http/route-schema";
import { CART_LINE_NOT_FOUND } from "./cart.service";

// A shopper changes quantities quickly, so the cart allows more writes than the other forms.
const CART_WRITE_LIMIT = {
  ...PUBLIC_WRITE_LIMIT,
  rateLimit: { ...PUBLIC_WRITE_LIMIT.rateLimit, max: 120 },
};
/** Whoever holds the cart's id (the path's `sessionId`, made by the shopper's browser). */
const cart = { access: "cart" } as const;

// A line's unknown product id answers 404 before the session id is looked at.
const session = z.object({ sessionId: cartSessionIdSchema });
const line = session.extend({ productId: idParam(CART_LINE_NOT_FOUND) });

export async function cartRoutes(app: RouteApp) {
  app.get(
    "/cart/:sessionId",
    { config: cart, schema: { params: session, response: { 200: z.array(cartItem) } } },
    async (request) => {
      return app.services.cart.list(request.params.sessionId);
    },
  );

  app.post(
    "/cart/:sessionId",
    {
      config: { ...cart, ...CART_WRITE_LIMIT },
      schema: { params: session, body: jsonBody(cartItemSchema), response: { 201: cartItem } },
    },
    async (request, reply) => {
      const line = await app.services.cart.add(request.params.sessionId, request.body);
      return reply.status(201).send(line);
    },
  );

  app.put(
    "/cart/:sessionId/:productId",
    {
      config: { ...cart, ...CART_WRITE_LIMIT },
      schema: {
        params: line,
        // Issue 36: `?variantId=` names the line of a product with variants.
        querystring: cartLineQuery,
        body: jsonBody(cartQuantitySchema),
        response: { 200: cartItem },
      },
    },
    async (request) => {
      const { sessionId, productId } = request.params;
      return app.services.cart.update(sessionId, productId, request.body, request.query.variantId);
    },
  );

  app.delete(
    "/cart/:sessionId/:productId",
    {
      config: { ...cart, ...CART_WRITE_LIMIT },
      schema: { params: line, querystring: cartLineQuery, response: { 204: noContent } },
    },
    async (request, reply) => {
      const { sessionId, productId } = request.params;
      await app.services.cart.remove(sessionId, productId, request.query.variantId);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/cart/:sessionId",
    {
      config: { ...cart, ...CART_WRITE_LIMIT },
      schema: { params: session, response: { 204: noContent } },
    },
    async (request, reply) => {
      await app.services.cart.clear(request.params.sessionId);
      return reply.status(204).send();
    },
  );
}
