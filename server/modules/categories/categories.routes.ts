import type { FastifyInstance } from "fastify";
import { parseId } from "../../errors";
import { categoryList } from "../../http/response-schemas";
import { objectBody, routeSchema } from "../../http/route-schema";
import { CATEGORY_NOT_FOUND } from "./categories.service";

type IdParams = { Params: { id: string } };

export async function categoriesRoutes(app: FastifyInstance) {
  app.get("/categories", { schema: routeSchema({ response: categoryList }) }, async () =>
    app.services.categories.list(),
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function categoriesAdminRoutes(app: FastifyInstance) {
  const categories = () => app.services.categories;

  app.get("/categories", async () => categories().list());

  app.post("/categories", { schema: objectBody }, async (request, reply) => {
    reply.status(201);
    return categories().create(request.body);
  });

  app.put<IdParams>("/categories/:id", { schema: objectBody }, async (request) =>
    categories().update(parseId(request.params.id, CATEGORY_NOT_FOUND), request.body),
  );

  app.delete<IdParams>("/categories/:id", async (request, reply) => {
    await categories().remove(parseId(request.params.id, CATEGORY_NOT_FOUND));
    reply.status(204).send();
  });
}
