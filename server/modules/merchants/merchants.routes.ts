import type { FastifyInstance } from "fastify";
import { AppError, parseId } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { MERCHANT_NOT_FOUND, parseMerchantQuery } from "./merchants.service";

type IdParams = { Params: { id: string } };

// Writing routes declare an object body, so a JSON string or array never reaches the service.
const objectBody = { body: { type: "object" } } as const;
// The guard runs on request, so a visitor without a session gets 401 before any body is read.
const admin = { onRequest: requireAdmin } as const;

const merchantId = (params: { id: string }) => parseId(params.id, MERCHANT_NOT_FOUND);

export async function merchantsRoutes(app: FastifyInstance) {
  const merchants = () => app.services.merchants;

  // One page (spec §7's array), the count of every match in X-Total-Count (docs/decisions/0004).
  app.get<{ Querystring: Record<string, unknown> }>("/merchants", async (request, reply) => {
    const { filter, page } = parseMerchantQuery(request.query);
    const { items, total } = await merchants().listPublic(filter, page);
    reply.header("x-total-count", String(total));
    return items;
  });

  app.get("/merchants/featured", async () => merchants().featured());

  app.get<{ Params: { idOrSlug: string } }>("/merchants/:idOrSlug", async (request) => {
    const merchant = await merchants().getPublic(request.params.idOrSlug);
    if (!merchant) throw AppError.notFound(MERCHANT_NOT_FOUND);
    return merchant;
  });

  app.post(
    "/merchants",
    { config: PUBLIC_WRITE_LIMIT, schema: objectBody },
    async (request, reply) => {
      reply.status(201);
      return merchants().register(request.body);
    },
  );

  app.get("/admin/merchants", admin, async () => merchants().listAdmin());

  app.get("/admin/merchants/pending", admin, async () => merchants().listPending());

  app.post("/admin/merchants", { ...admin, schema: objectBody }, async (request, reply) => {
    reply.status(201);
    return merchants().createAdmin(request.body);
  });

  app.put<IdParams>("/admin/merchants/:id", { ...admin, schema: objectBody }, async (request) =>
    merchants().update(merchantId(request.params), request.body),
  );

  app.delete<IdParams>("/admin/merchants/:id", admin, async (request, reply) => {
    await merchants().remove(merchantId(request.params));
    reply.status(204).send();
  });

  app.post<IdParams>("/admin/merchants/:id/approve", admin, async (request) =>
    merchants().approve(merchantId(request.params)),
  );

  app.post<IdParams>(
    "/admin/merchants/:id/reject",
    { ...admin, schema: objectBody },
    async (request) => merchants().reject(merchantId(request.params), request.body),
  );
}
