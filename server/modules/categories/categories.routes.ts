import { z } from "zod";
import { category } from "../../../shared/contracts/index";
import { categorySchema } from "../../../shared/schemas/category";
import { idParam, jsonBody, noContent, type RouteApp } from "../../http/route-schema";
import { CATEGORY_NOT_FOUND } from "./categories.service";

const params = z.object({ id: idParam(CATEGORY_NOT_FOUND) });

export async function categoriesRoutes(app: RouteApp) {
  app.get(
    "/categories",
    { config: { access: "public" }, schema: { response: { 200: z.array(category) } } },
    async () => app.services.categories.list(),
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function categoriesAdminRoutes(app: RouteApp) {
  const categories = () => app.services.categories;

  app.get(
    "/categories",
    { config: { access: "admin" }, schema: { response: { 200: z.array(category) } } },
    async () => categories().list(),
  );

  app.post(
    "/categories",
    {
      config: { access: "admin" },
      schema: { body: jsonBody(categorySchema), response: { 201: category } },
    },
    async (request, reply) => {
      reply.status(201);
      return categories().create(request.body);
    },
  );

  app.put(
    "/categories/:id",
    {
      config: { access: "admin" },
      schema: { params, body: jsonBody(categorySchema), response: { 200: category } },
    },
    async (request) => categories().update(request.params.id, request.body),
  );

  app.delete(
    "/categories/:id",
    { config: { access: "admin" }, schema: { params, response: { 204: noContent } } },
    async (request, reply) => {
      await categories().remove(request.params.id);
      reply.status(204).send();
    },
  );
}
