import type { FastifyInstance } from "fastify";
import { adminOrderListQuery } from "../../../shared/schemas/list-queries";
import { parseId } from "../../errors";
import { objectBody, parseQuery } from "../../http/route-schema";
import { ORDER_NOT_FOUND } from "./orders.service";

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function ordersAdminRoutes(app: FastifyInstance) {
  app.get("/orders", async (request) => {
    const { q } = parseQuery(adminOrderListQuery, request.query);
    return app.services.orders.listAdmin({ q });
  });

  app.put<{ Params: { id: string } }>(
    "/orders/:id/status",
    { schema: objectBody },
    async (request) =>
      app.services.orders.setStatus(parseId(request.params.id, ORDER_NOT_FOUND), request.body),
  );
}
