import type { FastifyInstance } from "fastify";
import { adminOrderListQuery } from "../../../shared/schemas/list-queries";
import { parseId } from "../../errors";
import { pageAnswer } from "../../http/page-answer";
import { objectBody, parseQuery } from "../../http/route-schema";
import { ORDER_NOT_FOUND } from "./orders.service";

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function ordersAdminRoutes(app: FastifyInstance) {
  // Spec §7's array, a page at a time (issue 13, docs/decisions/0016): `limit` (1–100,
  // default 100), `offset`, `q` (customer, e-mail, number, payment ids); X-Total-Count.
  app.get("/orders", async (request, reply) =>
    pageAnswer(
      reply,
      await app.services.orders.listAdmin(parseQuery(adminOrderListQuery, request.query)),
    ),
  );

  // Issue 25: a cancelled card order's refund, once it is made (refund_due → refunded).
  app.post<{ Params: { id: string } }>(
    "/orders/:id/refund",
    { schema: objectBody },
    async (request) =>
      app.services.orders.recordRefund(parseId(request.params.id, ORDER_NOT_FOUND), request.body),
  );

  app.put<{ Params: { id: string } }>(
    "/orders/:id/status",
    { schema: objectBody },
    async (request) =>
      app.services.orders.setStatus(parseId(request.params.id, ORDER_NOT_FOUND), request.body),
  );
}
