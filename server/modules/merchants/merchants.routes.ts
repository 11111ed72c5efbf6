import { z } from "zod";
import { adminMerchant, merchant, merchantOption } from "../../../shared/contracts/index";
import {
  adminMerchantSchema,
  adminMerchantUpdateSchema,
} from "../../../shared/schemas/admin-merchant";
import { adminMerchantListQuery, merchantListQuery } from "../../../shared/schemas/list-queries";
import { merchantOperationsSchema } from "../../../shared/schemas/merchant-operations";
import { merchantRegistrationSchema } from "../../../shared/schemas/merchant-registration";
import { rejectSchema } from "../../../shared/schemas/reject";
import { pageAnswer } from "../../http/page-answer";
import { AppError } from "../../errors";
import { PUBLIC_WRITE_LIMIT } from "../../http/rate-limit";
import { idParam, jsonBody, noContent, serviceBody, type RouteApp } from "../../http/route-schema";
import { MERCHANT_NOT_FOUND } from "./merchants.service";

const params = z.object({ id: idParam(MERCHANT_NOT_FOUND) });

// Writes read two schemas, the profile's then the operations' (delivery, payments, dates):
// the service checks them in that order, so the first one's messages come alone.
const withOperations = <T extends z.ZodType>(schema: T) =>
  serviceBody(schema.and(merchantOperationsSchema));

export async function merchantsRoutes(app: RouteApp) {
  const merchants = () => app.services.merchants;

  // One page (spec §7's array), the count of every match in X-Total-Count (docs/decisions/0004).
  app.get(
    "/merchants",
    {
      config: { access: "public" },
      schema: { querystring: merchantListQuery, response: { 200: z.array(merchant) } },
    },
    async (request, reply) => {
      const { limit, offset, ...filter } = request.query;
      const { items, total } = await merchants().listPublic(filter, { limit, offset });
      reply.header("x-total-count", String(total));
      return items;
    },
  );

  app.get(
    "/merchants/featured",
    { config: { access: "public" }, schema: { response: { 200: z.array(merchant) } } },
    async () => merchants().featured(),
  );

  app.get(
    "/merchants/:idOrSlug",
    {
      config: { access: "public" },
      schema: { params: z.object({ idOrSlug: z.string() }), response: { 200: merchant } },
    },
    async (request) => {
      const merchant = await merchants().getPublic(request.params.idOrSlug);
      if (!merchant) throw AppError.notFound(MERCHANT_NOT_FOUND);
      return merchant;
    },
  );

  app.post(
    "/merchants",
    {
      config: { access: "public", ...PUBLIC_WRITE_LIMIT },
      schema: { body: withOperations(merchantRegistrationSchema), response: { 201: merchant } },
    },
    async (request, reply) => {
      reply.status(201);
      return merchants().register(request.body);
    },
  );
}

/** Under /api/admin: registered in the administrator's scope (server/http/guarded-scope.ts). */
export async function merchantsAdminRoutes(app: RouteApp) {
  const merchants = () => app.services.merchants;

  // Spec §7's arrays, a page at a time (issue 13, docs/decisions/0016): `limit` (1–100,
  // default 100), `offset`, `q`; X-Total-Count counts every match.
  const list = { querystring: adminMerchantListQuery, response: { 200: z.array(adminMerchant) } };
  app.get("/merchants", { config: { access: "admin" }, schema: list }, async (request, reply) =>
    pageAnswer(reply, await merchants().listAdmin(request.query)),
  );

  app.get(
    "/merchants/pending",
    { config: { access: "admin" }, schema: list },
    async (request, reply) => pageAnswer(reply, await merchants().listPending(request.query)),
  );

  /** The merchant pickers of the admin forms: every merchant's id and name, by name. */
  app.get(
    "/merchants/names",
    { config: { access: "admin" }, schema: { response: { 200: z.array(merchantOption) } } },
    async () => merchants().listNames(),
  );

  app.post(
    "/merchants",
    {
      config: { access: "admin" },
      schema: { body: withOperations(adminMerchantSchema), response: { 201: adminMerchant } },
    },
    async (request, reply) => {
      reply.status(201);
      return merchants().createAdmin(request.body);
    },
  );

  // Administrators' changes are written to the merchant's audit log with who made them.
  app.put(
    "/merchants/:id",
    {
      config: { access: "admin" },
      schema: {
        params,
        body: withOperations(adminMerchantUpdateSchema),
        response: { 200: adminMerchant },
      },
    },
    async (request) =>
      merchants().update(request.params.id, request.body, {
        actor: (await request.currentUser())!,
        // Issue 37 L5: a change of the bank details is e-mailed to the merchant's sign-in address.
        after: async (tx, before, row) =>
          void (await app.services.merchantPortal.noticeBankChange(tx, before, row)),
      }),
  );

  app.delete(
    "/merchants/:id",
    { config: { access: "admin" }, schema: { params, response: { 204: noContent } } },
    async (request, reply) => {
      await merchants().remove(request.params.id);
      reply.status(204).send();
    },
  );

  app.post(
    "/merchants/:id/approve",
    { config: { access: "admin" }, schema: { params, response: { 200: adminMerchant } } },
    async (request) => merchants().approve(request.params.id, (await request.currentUser())!),
  );

  app.post(
    "/merchants/:id/reject",
    {
      config: { access: "admin" },
      schema: { params, body: jsonBody(rejectSchema), response: { 200: adminMerchant } },
    },
    async (request) =>
      merchants().reject(request.params.id, request.body, (await request.currentUser())!),
  );
}
