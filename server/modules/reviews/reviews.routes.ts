import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { adminReview, orderReviews, review } from "../../../shared/contracts/index";
import {
  MERCHANT_NOT_MANAGED_MESSAGE,
  NOT_MERCHANT_MESSAGE,
} from "../../../shared/merchant-portal";
import { adminReviewListQuery, reviewListQuery } from "../../../shared/schemas/list-queries";
import { orderReviewSchema, reviewReplySchema } from "../../../shared/schemas/order-review";
import { reviewSchema } from "../../../shared/schemas/review";
import { AppError } from "../../errors";
import { pageAnswer } from "../../http/page-answer";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import {
  idParam,
  jsonBody,
  noContent,
  serviceBody,
  serviceQuery,
  type RouteApp,
} from "../../http/route-schema";
import { REVIEW_NOT_FOUND } from "./reviews.service";

const params = z.object({ id: idParam(REVIEW_NOT_FOUND) });

/** Issue 37: an order's reviews, as its other token routes: the service answers 404 first. */
const orderParams = z.object({ orderNumber: z.string() });
const orderToken = serviceQuery(
  z.object({
    token: z.string().describe("El token del enlace del pedido (del correo de confirmación)"),
  }),
);
/** Reading 'Califica tu compra' with the order page: as generous as the page's own reads. */
const ORDER_READ_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** Portal writes, like the public ones (issue 37 asks it of every portal write). */
const PORTAL_WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };

export async function reviewsRoutes(app: RouteApp) {
  // One page (spec §7's array; `limit` 1–100, default 100, and `offset`), the count of
  // every match in X-Total-Count, like the product and merchant lists. Issue 37:
  // `verified=true` keeps the verified purchases only.
  app.get(
    "/reviews",
    {
      config: { access: "public" },
      schema: { querystring: reviewListQuery, response: { 200: z.array(review) } },
    },
    async (request, reply) => {
      const { limit, offset, ...filter } = request.query;
      const { items, total } = await app.services.reviews.listPublic(filter, { limit, offset });
      reply.header("x-total-count", String(total));
      return items;
    },
  );

  // Spec §7's exact payload: an unverified review, pending moderation.
  app.post(
    "/reviews",
    {
      config: { access: "public", ...PUBLIC_WRITE_LIMIT },
      schema: { body: jsonBody(reviewSchema), response: { 201: review } },
    },
    async (request, reply) => {
      const review = await app.services.reviews.submit(request.body);
      return reply.status(201).send(review);
    },
  );

  // Issue 37: 'Califica tu compra' of a delivered order, with the order page's token.
  app.get(
    "/orders/:orderNumber/reviews",
    {
      config: { access: "order-token", ...ORDER_READ_LIMIT },
      schema: { params: orderParams, querystring: orderToken, response: { 200: orderReviews } },
    },
    async (request) =>
      app.services.reviews.forOrder(request.params.orderNumber, request.query.token),
  );

  app.post(
    "/orders/:orderNumber/reviews",
    {
      config: { access: "order-token", ...PUBLIC_WRITE_LIMIT },
      schema: {
        params: orderParams,
        querystring: orderToken,
        // Checked after the order and its token (404 first).
        body: serviceBody(orderReviewSchema),
        response: { 201: orderReviews },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await app.services.reviews.submitForOrder(
            request.params.orderNumber,
            request.query.token,
            request.body,
          ),
        ),
  );
}

const merchantReviewParams = z.object({
  merchantId: idParam(MERCHANT_NOT_MANAGED_MESSAGE),
  reviewId: idParam(REVIEW_NOT_FOUND),
});

async function signedInUser(request: FastifyRequest) {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
  return user;
}

/** Under /api/merchant (behind requireMerchant): the merchant's reply to a published review. */
export async function reviewsMerchantRoutes(app: RouteApp) {
  const replies = () => app.services.reviews;

  app.put(
    "/:merchantId/reviews/:reviewId/reply",
    {
      config: { access: "merchant", ...PORTAL_WRITE_LIMIT },
      schema: {
        params: merchantReviewParams,
        // Checked after the merchant and the review (404 first).
        body: serviceBody(reviewReplySchema),
        response: { 200: review },
      },
    },
    async (request) =>
      replies().reply(
        await signedInUser(request),
        request.params.merchantId,
        request.params.reviewId,
        request.body,
      ),
  );

  app.delete(
    "/:merchantId/reviews/:reviewId/reply",
    {
      config: { access: "merchant", ...PORTAL_WRITE_LIMIT },
      schema: { params: merchantReviewParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await replies().removeReply(
        await signedInUser(request),
        request.params.merchantId,
        request.params.reviewId,
      );
      return reply.status(204).send();
    },
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function reviewsAdminRoutes(app: RouteApp) {
  // Spec §7's array, a page at a time (issue 13, docs/decisions/0016): `limit` (1–100,
  // default 100), `offset`, `status` (pending, approved), `q`; X-Total-Count.
  app.get(
    "/reviews",
    {
      config: { access: "admin" },
      schema: { querystring: adminReviewListQuery, response: { 200: z.array(adminReview) } },
    },
    async (request, reply) =>
      pageAnswer(reply, await app.services.reviews.listAdmin(request.query)),
  );

  app.post(
    "/reviews/:id/approve",
    { config: { access: "admin" }, schema: { params, response: { 200: review } } },
    async (request) => app.services.reviews.approve(request.params.id),
  );

  app.delete(
    "/reviews/:id",
    { config: { access: "admin" }, schema: { params, response: { 204: noContent } } },
    async (request, reply) => {
      await app.services.reviews.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  // Issue 37: a merchant's reply removed by an administrator (audited on the merchant).
  app.delete(
    "/reviews/:id/reply",
    { config: { access: "admin" }, schema: { params, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await request.currentUser();
      if (!user) throw AppError.unauthorized();
      await app.services.reviews.adminRemoveReply(user, request.params.id);
      return reply.status(204).send();
    },
  );
}
