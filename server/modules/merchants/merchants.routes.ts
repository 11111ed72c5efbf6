import type { FastifyInstance } from "fastify";
import { adminMerchantListQuery, merchantListQuery } from "../../../shared/schemas/list-queries";
import { pageAnswer } from "../../http/page-answer";
import { AppError, parseId } from "../../errors";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { merchantAnswer, merchantList } from "../../http/response-schemas";
import { objectBody, parseQuery, routeSchema } from "../../http/route-schema";
import { MERCHANT_NOT_FOUND } from "./merchants.service";

type IdParams = { Params: { id: string } };

const merchantId = (params: { id: string }) => parseId(params.id, MERCHANT_NOT_FOUND);

export async function merchantsRoutes(app: FastifyInstance) {
  const merchants = () => app.services.merchants;

  // One page (spec §7's array), the count of every match in X-Total-Count (docs/decisions/0004).
  app.get(
    "/merchants",
    { schema: routeSchema({ response: merchantList }) },
    async (request, reply) => {
      const { limit, offset, ...filter } = parseQuery(merchantListQuery, request.query);
      const { items, total } = await merchants().listPublic(filter, { limit, offset });
      reply.header("x-total-count", String(total));
      return items;
    },
  );

  app.get("/merchants/featured", async () => merchants().featured());

  app.get<{ Params: { idOrSlug: string } }>(
    "/merchants/:idOrSlug",
    { schema: routeSchema({ response: merchantAnswer }) },
    async (request) => {
      const merchant = await merchants().getPublic(request.params.idOrSlug);
      if (!merchant) throw AppError.notFound(MERCHANT_NOT_FOUND);
      return merchant;
    },
  );

  app.post(
    "/merchants",
    { config: PUBLIC_WRITE_LIMIT, schema: objectBody },
    async (request, reply) => {
      reply.status(201);
      return merchants().register(request.body);
    },
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function merchantsAdminRoutes(app: FastifyInstance) {
  const merchants = () => app.services.merchants;

  // Spec §7's arrays, a page at a time (issue 13, docs/decisions/0016): `limit` (1–100,
  // default 100), `offset`, `q`; X-Total-Count counts every match.
  app.get("/merchants", async (request, reply) =>
    pageAnswer(
      reply,
      await merchants().listAdmin(parseQuery(adminMerchantListQuery, request.query)),
    ),
  );

  app.get("/merchants/pending", async (request, reply) =>
    pageAnswer(
      reply,
      await merchants().listPending(parseQuery(adminMerchantListQuery, request.query)),
    ),
  );

  /** The merchant pickers of the admin forms: every merchant's id and name, by name. */
  app.get("/merchants/names", async () => merchants().listNames());

  app.post("/merchants", { schema: objectBody }, async (request, reply) => {
    reply.status(201);
    return merchants().createAdmin(request.body);
  });

  // Administrators' changes are written to the merchant's audit log with who made them.
  app.put<IdParams>("/merchants/:id", { schema: objectBody }, async (request) =>
    merchants().update(merchantId(request.params), request.body, {
      actor: (await request.currentUser())!,
    }),
  );

  app.delete<IdParams>("/merchants/:id", async (request, reply) => {
    await merchants().remove(merchantId(request.params));
    reply.status(204).send();
  });

  app.post<IdParams>("/merchants/:id/approve", async (request) =>
    merchants().approve(merchantId(request.params), (await request.currentUser())!),
  );

  app.post<IdParams>("/merchants/:id/reject", { schema: objectBody }, async (request) =>
    merchants().reject(merchantId(request.params), request.body, (await request.currentUser())!),
  );
}
