import type { FastifyInstance } from "fastify";
import { adminProductListQuery, productListQuery } from "../../../shared/schemas/list-queries";
import { AppError, parseId } from "../../errors";
import { pageAnswer } from "../../http/page-answer";
import { requireAdmin } from "../../http/auth-guard";
import { BULK_BODY_LIMIT } from "../../http/body-limits";
import { productAnswer, productList } from "../../http/response-schemas";
import { objectBody, parseQuery, routeSchema } from "../../http/route-schema";
import { PRODUCT_NOT_FOUND } from "./products.service";

type IdParams = { Params: { id: string } };

// Product writes are the administrator's but not under /api/admin (spec §7): each carries the
// guard itself, on request, so a visitor without a session gets 401 before any body is read.
const admin = { onRequest: requireAdmin } as const;

export async function productsRoutes(app: FastifyInstance) {
  const products = () => app.services.products;

  app.get(
    "/products",
    { schema: routeSchema({ response: productList }) },
    async (request, reply) => {
      const { items, total } = await products().listPublic(
        parseQuery(productListQuery, request.query),
      );
      reply.header("x-total-count", String(total));
      return items;
    },
  );

  app.get("/products/popular", async () => products().popular());

  app.get<{ Params: { idOrSlug: string } }>(
    "/products/:idOrSlug",
    { schema: routeSchema({ response: productAnswer }) },
    async (request) => {
      const product = await products().getPublic(request.params.idOrSlug);
      if (!product) throw AppError.notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.post("/products", { ...admin, schema: objectBody }, async (request, reply) => {
    reply.status(201);
    // Who acts goes to the merchant's audit log (issue 11), as for the portal's writes.
    return products().create(request.body, { actor: (await request.currentUser())! });
  });

  app.put<IdParams>("/products/:id", { ...admin, schema: objectBody }, async (request) =>
    products().update(parseId(request.params.id, PRODUCT_NOT_FOUND), request.body, {
      actor: (await request.currentUser())!,
    }),
  );

  app.delete<IdParams>("/products/:id", admin, async (request, reply) => {
    await products().remove(parseId(request.params.id, PRODUCT_NOT_FOUND), {
      actor: (await request.currentUser())!,
    });
    reply.status(204).send();
  });
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function productsAdminRoutes(app: FastifyInstance) {
  const products = () => app.services.products;

  // A page (issue 13): `limit` (1–100, default 100), `offset`, `merchantId`, `q` (in the
  // name); X-Total-Count counts every match.
  app.get("/products", async (request, reply) =>
    pageAnswer(reply, await products().listAdmin(parseQuery(adminProductListQuery, request.query))),
  );

  app.post(
    "/bulk-upload-products",
    // The only JSON route past 64 KB: a whole catalogue read from a CSV.
    { schema: objectBody, bodyLimit: BULK_BODY_LIMIT },
    async (request, reply) => {
      reply.status(201);
      return products().bulkUpload(request.body, { actor: (await request.currentUser())! });
    },
  );
}
