import type { FastifyInstance } from "fastify";
import { AppError, parseId } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { BULK_BODY_LIMIT } from "../../http/body-limits";
import { DEPARTMENT_FILTER_MESSAGE, PRODUCT_NOT_FOUND } from "./products.service";

type IdParams = { Params: { id: string } };
type ListQuery = Record<"categoryId" | "merchantId" | "department" | "limit" | "offset", unknown>;

// Writing routes declare an object body, so a JSON string or array never reaches the service.
const objectBody = { body: { type: "object" } } as const;

/**
 * A numeric query value: absent or empty is undefined; anything but digits (or a
 * repeated parameter) becomes NaN, which the service answers with a 400.
 */
function queryNumber(value: unknown): number | undefined {
  if (value === undefined || value === "") return undefined;
  return typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
}

function queryText(value: unknown, message: string): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw AppError.badRequest(message);
  return value;
}

export async function productsRoutes(app: FastifyInstance) {
  const products = () => app.services.products;

  app.get<{ Querystring: Partial<ListQuery> }>("/products", async (request, reply) => {
    const q = request.query;
    const { items, total } = await products().listPublic({
      categoryId: queryNumber(q.categoryId),
      merchantId: queryNumber(q.merchantId),
      department: queryText(q.department, DEPARTMENT_FILTER_MESSAGE),
      limit: queryNumber(q.limit),
      offset: queryNumber(q.offset),
    });
    reply.header("x-total-count", String(total));
    return items;
  });

  app.get("/products/popular", async () => products().popular());

  app.get<{ Params: { idOrSlug: string } }>("/products/:idOrSlug", async (request) => {
    const product = await products().getPublic(request.params.idOrSlug);
    if (!product) throw AppError.notFound(PRODUCT_NOT_FOUND);
    return product;
  });

  // The guard runs on request, so a visitor without a session gets 401 before any body is read.
  app.post("/products", { onRequest: requireAdmin, schema: objectBody }, async (request, reply) => {
    reply.status(201);
    return products().create(request.body);
  });

  app.put<IdParams>(
    "/products/:id",
    { onRequest: requireAdmin, schema: objectBody },
    async (request) =>
      products().update(parseId(request.params.id, PRODUCT_NOT_FOUND), request.body),
  );

  app.delete<IdParams>("/products/:id", { onRequest: requireAdmin }, async (request, reply) => {
    await products().remove(parseId(request.params.id, PRODUCT_NOT_FOUND));
    reply.status(204).send();
  });

  app.get<{ Querystring: { merchantId?: unknown } }>(
    "/admin/products",
    { onRequest: requireAdmin },
    async (request) => products().listAdmin({ merchantId: queryNumber(request.query.merchantId) }),
  );

  app.post(
    "/admin/bulk-upload-products",
    // The only JSON route past 64 KB: a whole catalogue read from a CSV.
    { onRequest: requireAdmin, schema: objectBody, bodyLimit: BULK_BODY_LIMIT },
    async (request, reply) => {
      reply.status(201);
      return products().bulkUpload(request.body);
    },
  );
}
