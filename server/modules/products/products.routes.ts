import { z } from "zod";
import { bulkUploadResult, product } from "../../../shared/contracts/index";
import { bulkUploadSchema } from "../../../shared/schemas/bulk-upload";
import { adminProductListQuery, productListQuery } from "../../../shared/schemas/list-queries";
import { productSchema, productUpdateSchema } from "../../../shared/schemas/product";
import { AppError } from "../../errors";
import { pageAnswer } from "../../http/page-answer";
import { requireAdmin } from "../../http/auth-guard";
import { BULK_BODY_LIMIT } from "../../http/body-limits";
import { idParam, jsonBody, noContent, serviceBody, type RouteApp } from "../../http/route-schema";
import { PRODUCT_NOT_FOUND } from "./products.service";

const params = z.object({ id: idParam(PRODUCT_NOT_FOUND) });

// Product writes are the administrator's but not under /api/admin (spec §7): each carries the
// guard itself, on request, so a visitor without a session gets 401 before any body is read.
const admin = { onRequest: requireAdmin, config: { access: "admin" } } as const;

export async function productsRoutes(app: RouteApp) {
  const products = () => app.services.products;

  app.get(
    "/products",
    {
      config: { access: "public" },
      schema: { querystring: productListQuery, response: { 200: z.array(product) } },
    },
    async (request, reply) => {
      const { items, total, totalAtLeast } = await products().listPublic(request.query);
      reply.header("x-total-count", String(total));
      // Issue 36: a price range over a large catalogue is counted up to a cap, then "at least".
      if (totalAtLeast) reply.header("x-total-count-at-least", "true");
      return items;
    },
  );

  app.get(
    "/products/popular",
    { config: { access: "public" }, schema: { response: { 200: z.array(product) } } },
    async () => products().popular(),
  );

  app.get(
    "/products/:idOrSlug",
    {
      config: { access: "public" },
      schema: { params: z.object({ idOrSlug: z.string() }), response: { 200: product } },
    },
    async (request) => {
      const product = await products().getPublic(request.params.idOrSlug);
      if (!product) throw AppError.notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.post(
    "/products",
    { ...admin, schema: { body: jsonBody(productSchema), response: { 201: product } } },
    async (request, reply) => {
      reply.status(201);
      // Who acts goes to the merchant's audit log (issue 11), as for the portal's writes.
      return products().create(request.body, { actor: (await request.currentUser())! });
    },
  );

  app.put(
    "/products/:id",
    {
      ...admin,
      schema: { params, body: jsonBody(productUpdateSchema), response: { 200: product } },
    },
    async (request) =>
      products().update(request.params.id, request.body, {
        actor: (await request.currentUser())!,
      }),
  );

  app.delete(
    "/products/:id",
    { ...admin, schema: { params, response: { 204: noContent } } },
    async (request, reply) => {
      await products().remove(request.params.id, { actor: (await request.currentUser())! });
      reply.status(204).send();
    },
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function productsAdminRoutes(app: RouteApp) {
  const products = () => app.services.products;

  // A page (issue 13): `limit` (1–100, default 100), `offset`, `merchantId`, `q` (in the
  // name); X-Total-Count counts every match.
  app.get(
    "/products",
    {
      config: { access: "admin" },
      schema: { querystring: adminProductListQuery, response: { 200: z.array(product) } },
    },
    async (request, reply) => pageAnswer(reply, await products().listAdmin(request.query)),
  );

  app.post(
    "/bulk-upload-products",
    // The only JSON route past 64 KB: a whole catalogue read from a CSV.
    {
      config: { access: "admin" },
      // The service checks the lines itself: its messages name the CSV line of each field.
      schema: { body: serviceBody(bulkUploadSchema), response: { 201: bulkUploadResult } },
      bodyLimit: BULK_BODY_LIMIT,
    },
    async (request, reply) => {
      reply.status(201);
      return products().bulkUpload(request.body, { actor: (await request.currentUser())! });
    },
  );
}
