import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { textField } from "../../../shared/schemas/index";
import { parseId, parseInput } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { ORDER_NOT_FOUND } from "./orders.service";

const orderQuery = z.object({
  q: textField("Búsqueda inválida").max(200, "La búsqueda es demasiado larga").optional(),
});

export async function ordersRoutes(app: FastifyInstance) {
  app.get("/admin/orders", { onRequest: requireAdmin }, async (request) => {
    const { q } = parseInput(orderQuery, request.query);
    return app.services.orders.listAdmin({ q });
  });

  app.put<{ Params: { id: string } }>(
    "/admin/orders/:id/status",
    { onRequest: requireAdmin },
    async (request) => {
      return app.services.orders.setStatus(
        parseId(request.params.id, ORDER_NOT_FOUND),
        request.body,
      );
    },
  );
}
