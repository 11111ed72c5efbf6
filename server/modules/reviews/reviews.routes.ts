import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseId, parseInput } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { parsePageQuery } from "../catalog/paging";
import { REVIEW_NOT_FOUND } from "./reviews.service";

// An empty value means "no filter"; anything else must be a positive id.
const optionalId = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      if (/^\d{1,9}$/.test(value) && Number(value) >= 1) return Number(value);
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    });

/** `approved` is accepted and ignored: the public only ever sees approved reviews. */
const publicReviewQuery = z.object({
  merchantId: optionalId("Identificador de comercio inválido"),
  productId: optionalId("Identificador de producto inválido"),
});

export async function reviewsRoutes(app: FastifyInstance) {
  // One page (spec §7's array; `limit` 1–100, default 100, and `offset`), the count of
  // every match in X-Total-Count, like the product and merchant lists.
  app.get<{ Querystring: Record<string, unknown> }>("/reviews", async (request, reply) => {
    const filter = parseInput(publicReviewQuery, request.query);
    const page = parsePageQuery(request.query);
    const { items, total } = await app.services.reviews.listPublic(filter, page);
    reply.header("x-total-count", String(total));
    return items;
  });

  app.post("/reviews", { config: PUBLIC_WRITE_LIMIT }, async (request, reply) => {
    const review = await app.services.reviews.submit(request.body);
    return reply.status(201).send(review);
  });

  app.get("/admin/reviews", { onRequest: requireAdmin }, async () => {
    return app.services.reviews.listAdmin();
  });

  app.post<{ Params: { id: string } }>(
    "/admin/reviews/:id/approve",
    { onRequest: requireAdmin },
    async (request) => {
      return app.services.reviews.approve(parseId(request.params.id, REVIEW_NOT_FOUND));
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/reviews/:id",
    { onRequest: requireAdmin },
    async (request, reply) => {
      await app.services.reviews.remove(parseId(request.params.id, REVIEW_NOT_FOUND));
      return reply.status(204).send();
    },
  );
}
