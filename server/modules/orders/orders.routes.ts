import { z } from "zod";
import { adminOrder, waitingOrder } from "../../../shared/contracts/index";
import { adminListQuery } from "../../../shared/schemas/list-queries";
import { adminOrderListQuery } from "../../../shared/schemas/list-queries";
import { refundSchema } from "../../../shared/schemas/order-life";
import { orderStatusSchema } from "../../../shared/schemas/order-status";
import { pageAnswer } from "../../http/page-answer";
import { idParam, jsonBody, type RouteApp } from "../../http/route-schema";
import { ORDER_NOT_FOUND } from "./orders.service";

const params = z.object({ id: idParam(ORDER_NOT_FOUND) });

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function ordersAdminRoutes(app: RouteApp) {
  // Spec §7's array, a page at a time (issue 13, docs/decisions/0016): `limit` (1–100,
  // default 100), `offset`, `q` (customer, e-mail, number, payment ids); X-Total-Count.
  app.get(
    "/orders",
    {
      config: { access: "admin" },
      schema: { querystring: adminOrderListQuery, response: { 200: z.array(adminOrder) } },
    },
    async (request, reply) => pageAnswer(reply, await app.services.orders.listAdmin(request.query)),
  );

  // Issue 25: a cancelled card order's refund, once it is made (refund_due → refunded).
  app.post(
    "/orders/:id/refund",
    {
      config: { access: "admin" },
      schema: { params, body: jsonBody(refundSchema), response: { 200: adminOrder } },
    },
    async (request) => app.services.orders.recordRefund(request.params.id, request.body),
  );

  // Issue 35: orders still 'Recibido', oldest first, with the minutes waited in open time.
  app.get(
    "/orders/waiting",
    {
      config: { access: "admin" },
      schema: {
        querystring: adminListQuery.pick({ limit: true, offset: true }),
        response: { 200: z.array(waitingOrder) },
      },
    },
    async (request, reply) =>
      pageAnswer(reply, await app.services.orders.waitingForAdmin(request.query)),
  );

  app.put(
    "/orders/:id/status",
    {
      config: { access: "admin" },
      schema: { params, body: jsonBody(orderStatusSchema), response: { 200: adminOrder } },
    },
    async (request) => app.services.orders.setStatus(request.params.id, request.body),
  );
}
