import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseId, parseInput } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
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
  app.get("/reviews", async (request) => {
    const filter = parseInput(publicReviewQuery, request.query);
    return app.services.reviews.listPublic(filter);
  });

  app.post("/reviews", { config: PUBLIC_WRITE_LIMIT }, async (request, reply) => {
    const review = await app.services.reviews.submit(request.body);
    return reply.status(201).send(review);
  });

  app.get("/admin/reviews", { preHandler: requireAdmin }, async () => {
    return app.services.reviews.listAdmin();
  });

  app.post<{ Params: { id: string } }>(
    "/admin/reviews/:id/approve",
    { preHandler: requireAdmin },
    async (request) => {
      return app.services.reviews.approve(parseId(request.params.id, REVIEW_NOT_FOUND));
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/reviews/:id",
    { preHandler: requireAdmin },
    async (request, reply) => {
      await app.services.reviews.remove(parseId(request.params.id, REVIEW_NOT_FOUND));
      return reply.status(204).send();
    },
  );
}
