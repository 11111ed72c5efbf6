import type { FastifyInstance } from "fastify";
import { parseId } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { CATEGORY_NOT_FOUND } from "./categories.service";

// The guard runs on request, so a visitor without a session gets 401 before any body is read.
type IdParams = { Params: { id: string } };

// Writing routes declare an object body, so a JSON string or array never reaches the service.
const objectBody = { body: { type: "object" } } as const;

export async function categoriesRoutes(app: FastifyInstance) {
  const categories = () => app.services.categories;

  app.get("/categories", async () => categories().list());

  app.get("/admin/categories", { onRequest: requireAdmin }, async () => categories().list());

  app.post(
    "/admin/categories",
    { onRequest: requireAdmin, schema: objectBody },
    async (request, reply) => {
      reply.status(201);
      return categories().create(request.body);
    },
  );

  app.put<IdParams>(
    "/admin/categories/:id",
    { onRequest: requireAdmin, schema: objectBody },
    async (request) =>
      categories().update(parseId(request.params.id, CATEGORY_NOT_FOUND), request.body),
  );

  app.delete<IdParams>(
    "/admin/categories/:id",
    { onRequest: requireAdmin },
    async (request, reply) => {
      await categories().remove(parseId(request.params.id, CATEGORY_NOT_FOUND));
      reply.status(204).send();
    },
  );
}
