import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { UserDto } from "../../../shared/api-types";
import {
  adminMerchant,
  bulkUploadResult,
  loginLinkSent,
  merchantAuditEntry,
  merchantMe,
  merchantOrder,
  merchantStats,
  messageAnswer,
  product,
  signInEmail,
} from "../../../shared/contracts/index";
import {
  loginLinkRequestSchema,
  MERCHANT_NOT_MANAGED_MESSAGE,
  merchantLoginSchema,
  merchantProfileSchema,
  NOT_MERCHANT_MESSAGE,
  signInEmailSchema,
} from "../../../shared/merchant-portal";
import { LOGIN_LINK_SENT_MESSAGE } from "../../../shared/merchant-sign-in";
import { FULFILLMENT_STATUSES } from "../../../shared/order-life";
import { bulkUploadSchema } from "../../../shared/schemas/bulk-upload";
import { adminListQuery } from "../../../shared/schemas/list-queries";
import { merchantOrderStatusSchema } from "../../../shared/schemas/order-life";
import { productUpdateSchema } from "../../../shared/schemas/product";
import { quickStockSchema } from "../../../shared/schemas/product-variants";
import { AppError } from "../../errors";
import { BULK_BODY_LIMIT } from "../../http/body-limits";
import { pageAnswer } from "../../http/page-answer";
import {
  idParam,
  jsonBody,
  noContent,
  serviceBody,
  serviceQuery,
  type RouteApp,
} from "../../http/route-schema";
import { ORDER_NOT_FOUND } from "../orders/orders.service";
import { PRODUCT_NOT_FOUND } from "../products/products.service";

/**
 * Sign-in link requests per address: each may send an e-mail. The portal service also
 * counts them per e-mail address (LOGIN_LINKS_PER_EMAIL).
 */
export const LOGIN_LINK_LIMIT = { rateLimit: { max: 10, timeWindow: "15 minutes" } };
/** Token checks per address: a token is 256 random bits, this only keeps the table quiet. */
export const MERCHANT_LOGIN_LIMIT = { rateLimit: { max: 20, timeWindow: "1 minute" } };

/** The portal's routes (behind requireMerchant) and the administrators' (behind requireAdmin). */
const merchant = { access: "merchant" } as const;
const admin = { access: "admin" } as const;

// Ids in the path: not a positive integer is the 404 of a merchant (or product, order) the
// session does not manage, the merchant's first. The portal's writes leave their bodies to
// the service: whether the merchant is the session's (404) is answered first.
const merchantParams = z.object({ merchantId: idParam(MERCHANT_NOT_MANAGED_MESSAGE) });
const productParams = merchantParams.extend({ productId: idParam(PRODUCT_NOT_FOUND) });
const orderParams = merchantParams.extend({ orderId: idParam(ORDER_NOT_FOUND) });
const idParams = z.object({ id: idParam(MERCHANT_NOT_MANAGED_MESSAGE) });

/** The signed-in merchant user (requireMerchant ran on request). */
async function merchantUser(request: FastifyRequest): Promise<UserDto> {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
  return user;
}

/** The public part: asking for a link and signing in with it. */
export async function merchantSignInRoutes(app: RouteApp) {
  const portal = () => app.services.merchantPortal;

  app.post(
    "/merchant/login-link",
    {
      config: { access: "public", ...LOGIN_LINK_LIMIT },
      schema: { body: jsonBody(loginLinkRequestSchema), response: { 202: messageAnswer } },
    },
    async (request, reply) => {
      const email = await portal().acceptLoginLinkRequest(request.body);
      // The same answer, at the same moment, whether or not the e-mail belongs to a merchant
      // (issue 26): whether to send a link is decided once it is answered.
      await reply.status(202).send({ message: LOGIN_LINK_SENT_MESSAGE });
      portal().later(email, (error) =>
        request.log.error({ err: error }, "No se pudo enviar el enlace de acceso"),
      );
      return reply;
    },
  );

  app.post(
    "/merchant/login",
    {
      config: { access: "public", ...MERCHANT_LOGIN_LIMIT },
      schema: { body: jsonBody(merchantLoginSchema), response: { 200: merchantMe } },
    },
    async (request, reply) => {
      const { user, me } = await portal().login(request.body);
      await reply.startSession(user, "link");
      return me;
    },
  );
}

/**
 * The portal's API, mounted under /api/merchant behind requireMerchant (see app.ts and
 * server/http/guarded-scope.ts); each route checks the merchant id against the session.
 */
export async function merchantPortalRoutes(app: RouteApp) {
  const portal = () => app.services.merchantPortal;

  app.get("/me", { config: merchant, schema: { response: { 200: merchantMe } } }, async (request) =>
    portal().me(await merchantUser(request)),
  );

  // The merchants service's admin view: the portal's form reads the bank details and status.
  const profile = { params: merchantParams, response: { 200: adminMerchant } };
  app.get("/:merchantId", { config: merchant, schema: profile }, async (request) =>
    portal().getMerchant(await merchantUser(request), request.params.merchantId),
  );

  app.put(
    "/:merchantId",
    { config: merchant, schema: { ...profile, body: serviceBody(merchantProfileSchema) } },
    async (request) =>
      portal().updateProfile(await merchantUser(request), request.params.merchantId, request.body),
  );

  // A page like the admin's product list (issue 13): `limit`, `offset`, `q`; X-Total-Count.
  const products = {
    params: merchantParams,
    querystring: adminListQuery,
    response: { 200: z.array(product) },
  };
  app.get("/:merchantId/products", { config: merchant, schema: products }, async (request, reply) =>
    pageAnswer(
      reply,
      await portal().listProducts(
        await merchantUser(request),
        request.params.merchantId,
        request.query,
      ),
    ),
  );

  app.post(
    "/:merchantId/products",
    {
      config: merchant,
      schema: {
        params: merchantParams,
        body: serviceBody(productUpdateSchema),
        response: { 201: product },
      },
    },
    async (request, reply) => {
      const product = await portal().createProduct(
        await merchantUser(request),
        request.params.merchantId,
        request.body,
      );
      return reply.status(201).send(product);
    },
  );

  // The admin's CSV catalogue upload, for this merchant only: the same body and 4 MB limit.
  app.post(
    "/:merchantId/bulk-upload-products",
    {
      config: merchant,
      schema: {
        params: merchantParams,
        body: serviceBody(bulkUploadSchema.omit({ merchantId: true })),
        response: { 201: bulkUploadResult },
      },
      bodyLimit: BULK_BODY_LIMIT,
    },
    async (request, reply) => {
      const result = await portal().bulkUpload(
        await merchantUser(request),
        request.params.merchantId,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.put(
    "/:merchantId/products/:productId",
    {
      config: merchant,
      schema: {
        params: productParams,
        body: serviceBody(productUpdateSchema),
        response: { 200: product },
      },
    },
    async (request) =>
      portal().updateProduct(
        await merchantUser(request),
        request.params.merchantId,
        request.params.productId,
        request.body,
      ),
  );

  // Issue 36: 'Marcar agotado' / 'Hay de nuevo' and the count, one tap on the product list.
  app.put(
    "/:merchantId/products/:productId/stock",
    {
      config: merchant,
      schema: {
        params: productParams,
        body: serviceBody(quickStockSchema),
        response: { 200: product },
      },
    },
    async (request) =>
      portal().setProductStock(
        await merchantUser(request),
        request.params.merchantId,
        request.params.productId,
        request.body,
      ),
  );

  app.delete(
    "/:merchantId/products/:productId",
    { config: merchant, schema: { params: productParams, response: { 204: noContent } } },
    async (request, reply) => {
      await portal().deleteProduct(
        await merchantUser(request),
        request.params.merchantId,
        request.params.productId,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    "/:merchantId/orders",
    {
      config: merchant,
      schema: {
        params: merchantParams,
        // Read by the service after the merchant (404 first).
        querystring: serviceQuery(
          z.object({ fulfillmentStatus: z.enum(FULFILLMENT_STATUSES).optional() }),
        ),
        response: { 200: z.array(merchantOrder) },
      },
    },
    async (request) =>
      portal().listOrders(await merchantUser(request), request.params.merchantId, {
        fulfillmentStatus: request.query.fulfillmentStatus,
      }),
  );

  app.put(
    "/:merchantId/orders/:orderId/status",
    {
      config: merchant,
      schema: {
        params: orderParams,
        body: serviceBody(merchantOrderStatusSchema),
        response: { 200: merchantOrder },
      },
    },
    async (request) =>
      portal().setOrderStatus(
        await merchantUser(request),
        request.params.merchantId,
        request.params.orderId,
        request.body,
      ),
  );

  const stats = { params: merchantParams, response: { 200: merchantStats } };
  app.get("/:merchantId/stats", { config: merchant, schema: stats }, async (request) => {
    const merchantId = request.params.merchantId;
    await portal().getMerchant(await merchantUser(request), merchantId);
    return app.services.events.stats(merchantId);
  });
}

/** Administrators' side, mounted under /api/admin behind requireAdmin. */
export async function merchantPortalAdminRoutes(app: RouteApp) {
  const portal = () => app.services.merchantPortal;

  const linkSent = { params: idParams, response: { 202: loginLinkSent } };
  app.post(
    "/merchants/:id/login-link",
    { config: admin, schema: linkSent },
    async (request, reply) => {
      const sent = await portal().sendLoginLinkFor(
        (await request.currentUser())!,
        request.params.id,
      );
      return reply.status(202).send({ message: `Enviamos el enlace a ${sent.email}`, ...sent });
    },
  );

  const email = { params: idParams, response: { 200: signInEmail } };
  app.get("/merchants/:id/sign-in-email", { config: admin, schema: email }, async (request) =>
    portal().signInEmail(request.params.id),
  );

  app.put(
    "/merchants/:id/sign-in-email",
    { config: admin, schema: { ...email, body: jsonBody(signInEmailSchema) } },
    async (request) =>
      portal().setSignInEmail((await request.currentUser())!, request.params.id, request.body),
  );

  const audit = { params: idParams, response: { 200: z.array(merchantAuditEntry) } };
  app.get("/merchants/:id/audit", { config: admin, schema: audit }, async (request) =>
    portal().auditLog(request.params.id),
  );
}
