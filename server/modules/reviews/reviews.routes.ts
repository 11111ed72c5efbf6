import type { FastifyInstance } from "fastify";
import { adminReviewListQuery, reviewListQuery } from "../../../shared/schemas/list-queries";
import { pageAnswer } from "../../http/page-answer";
import { parseId } from "../../errors";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { reviewList } from "../../http/response-schemas";
import { objectBody, parseQuery, routeSchema } from "../../http/route-schema";
import { REVIEW_NOT_FOUND } from "./reviews.service";

type IdParams = { Params: { id: string } };

export async function reviewsRoutes(app: FastifyInstance) {
  // One page (spec §7's array; `limit` 1–100, default 100, and `offset`), the count of
  // every match in X-Total-Count, like the product and merchant lists.
  app.get("/reviews", { schema: routeSchema({ response: reviewList }) }, async (request, reply) => {
    const { limit, offset, ...filter } = parseQuery(reviewListQuery, request.query);
    const { items, total } = await app.services.reviews.listPublic(filter, { limit, offset });
    reply.header("x-total-count", String(total));
    return items;
  });

  app.post(
    "/reviews",
    { config: PUBLIC_WRITE_LIMIT, schema: objectBody },
    async (request, reply) => {
      const review = await app.services.reviews.submit(request.body);
      return reply.status(201).send(review);
    },
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function reviewsAdminRoutes(app: FastifyInstance) {
  // Spec §7's array, a page at a time (issue 13, docs/decisions/0016): `limit` (1–100,
  // default 100), `offset`, `status` (pending, approved), `q`; X-Total-Count.
  app.get("/reviews", async (request, reply) =>
    pageAnswer(
      reply,
      await app.services.reviews.listAdmin(parseQuery(adminReviewListQuery, request.query)),
    ),
  );

  app.post<IdParams>("/reviews/:id/approve", async (request) =>
    app.services.reviews.approve(parseId(request.params.id, REVIEW_NOT_FOUND)),
  );

  app.delete<IdParams>("/reviews/:id", async (request, reply) => {
    await app.services.reviews.remove(parseId(request.params.id, REVIEW_NOT_FOUND));
    return reply.status(204).send();
  });
}
