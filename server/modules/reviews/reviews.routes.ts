import { z } from "zod";
import { adminReview, review } from "../../../shared/contracts/index";
import { adminReviewListQuery, reviewListQuery } from "../../../shared/schemas/list-queries";
import { reviewSchema } from "../../../shared/schemas/review";
import { pageAnswer } from "../../http/page-answer";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { idParam, jsonBody, noContent, type RouteApp } from "../../http/route-schema";
import { REVIEW_NOT_FOUND } from "./reviews.service";

const params = z.object({ id: idParam(REVIEW_NOT_FOUND) });

export async function reviewsRoutes(app: RouteApp) {
  // One page (spec §7's array; `limit` 1–100, default 100, and `offset`), the count of
  // every match in X-Total-Count, like the product and merchant lists.
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
}
