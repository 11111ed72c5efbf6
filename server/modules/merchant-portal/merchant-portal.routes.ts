import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UserDto } from "../../../shared/api-types";
import {
  LOGIN_LINK_SENT_MESSAGE,
  MERCHANT_NOT_MANAGED_MESSAGE,
  NOT_MERCHANT_MESSAGE,
} from "../../../shared/merchant-portal";
import { AppError, parseId } from "../../errors";
import { adminListQuery } from "../../../shared/schemas/list-queries";
import { BULK_BODY_LIMIT } from "../../http/body-limits";
import { pageAnswer } from "../../http/page-answer";
import { parseQuery } from "../../http/route-schema";
import { ORDER_NOT_FOUND } from "../orders/orders.service";
import { PRODUCT_NOT_FOUND } from "../products/products.service";

// Writing routes declare an object body, so a JSON string or array never reaches the service.
const objectBody = { body: { type: "object" } } as const;

/**
 * Sign-in link requests per address: each may send an e-mail. The portal service also
 * counts them per e-mail address (LOGIN_LINKS_PER_EMAIL).
 */
export const LOGIN_LINK_LIMIT = { rateLimit: { max: 10, timeWindow: "15 minutes" } };
/** Token checks per address: a token is 256 random bits, this only keeps the table quiet. */
export const MERCHANT_LOGIN_LIMIT = { rateLimit: { max: 20, timeWindow: "1 minute" } };

type MerchantParams = { Params: { merchantId: string } };
type ProductParams = { Params: { merchantId: string; productId: string } };
type OrderParams = { Params: { merchantId: string; orderId: string } };
type IdParams = { Params: { id: string } };

const merchantIdOf = (params: { merchantId: string }) =>
  parseId(params.merchantId, MERCHANT_NOT_MANAGED_MESSAGE);

/** The signed-in merchant user (requireMerchant ran on request). */
async function merchantUser(request: FastifyRequest): Promise<UserDto> {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
  return user;
}

/** The public part: asking for a link and signing in with it. */
export async function merchantSignInRoutes(app: FastifyInstance) {
  const portal = () => app.services.merchantPortal;

  app.post(
    "/merchant/login-link",
    { config: LOGIN_LINK_LIMIT, schema: objectBody },
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
    { config: MERCHANT_LOGIN_LIMIT, schema: objectBody },
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
export async function merchantPortalRoutes(app: FastifyInstance) {
  const portal = () => app.services.merchantPortal;

  app.get("/me", async (request) => portal().me(await merchantUser(request)));

  app.get<MerchantParams>("/:merchantId", async (request) =>
    portal().getMerchant(await merchantUser(request), merchantIdOf(request.params)),
  );

  app.put<MerchantParams>("/:merchantId", { schema: objectBody }, async (request) =>
    portal().updateProfile(await merchantUser(request), merchantIdOf(request.params), request.body),
  );

  // A page like the admin's product list (issue 13): `limit`, `offset`, `q`; X-Total-Count.
  app.get<MerchantParams>("/:merchantId/products", async (request, reply) =>
    pageAnswer(
      reply,
      await portal().listProducts(
        await merchantUser(request),
        merchantIdOf(request.params),
        parseQuery(adminListQuery, request.query),
      ),
    ),
  );

  app.post<MerchantParams>(
    "/:merchantId/products",
    { schema: objectBody },
    async (request, reply) => {
      const product = await portal().createProduct(
        await merchantUser(request),
        merchantIdOf(request.params),
        request.body,
      );
      return reply.status(201).send(product);
    },
  );

  // The admin's CSV catalogue upload, for this merchant only: the same body and 4 MB limit.
  app.post<MerchantParams>(
    "/:merchantId/bulk-upload-products",
    { schema: objectBody, bodyLimit: BULK_BODY_LIMIT },
    async (request, reply) => {
      const result = await portal().bulkUpload(
        await merchantUser(request),
        merchantIdOf(request.params),
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.put<ProductParams>(
    "/:merchantId/products/:productId",
    { schema: objectBody },
    async (request) =>
      portal().updateProduct(
        await merchantUser(request),
        merchantIdOf(request.params),
        parseId(request.params.productId, PRODUCT_NOT_FOUND),
        request.body,
      ),
  );

  app.delete<ProductParams>("/:merchantId/products/:productId", async (request, reply) => {
    await portal().deleteProduct(
      await merchantUser(request),
      merchantIdOf(request.params),
      parseId(request.params.productId, PRODUCT_NOT_FOUND),
    );
    return reply.status(204).send();
  });

  app.get<MerchantParams & { Querystring: { fulfillmentStatus?: unknown } }>(
    "/:merchantId/orders",
    async (request) =>
      portal().listOrders(await merchantUser(request), merchantIdOf(request.params), {
        fulfillmentStatus: request.query.fulfillmentStatus,
      }),
  );

  app.put<OrderParams>(
    "/:merchantId/orders/:orderId/status",
    { schema: objectBody },
    async (request) =>
      portal().setOrderStatus(
        await merchantUser(request),
        merchantIdOf(request.params),
        parseId(request.params.orderId, ORDER_NOT_FOUND),
        request.body,
      ),
  );

  app.get<MerchantParams>("/:merchantId/stats", async (request) => {
    const merchantId = merchantIdOf(request.params);
    await portal().getMerchant(await merchantUser(request), merchantId);
    return app.services.events.stats(merchantId);
  });
}

/** Administrators' side, mounted under /api/admin behind requireAdmin. */
export async function merchantPortalAdminRoutes(app: FastifyInstance) {
  const portal = () => app.services.merchantPortal;

  app.post<IdParams>("/merchants/:id/login-link", async (request, reply) => {
    const sent = await portal().sendLoginLinkFor(
      (await request.currentUser())!,
      parseId(request.params.id, MERCHANT_NOT_MANAGED_MESSAGE),
    );
    return reply.status(202).send({ message: `Enviamos el enlace a ${sent.email}`, ...sent });
  });

  app.get<IdParams>("/merchants/:id/sign-in-email", async (request) =>
    portal().signInEmail(parseId(request.params.id, MERCHANT_NOT_MANAGED_MESSAGE)),
  );

  app.put<IdParams>("/merchants/:id/sign-in-email", { schema: objectBody }, async (request) =>
    portal().setSignInEmail(
      (await request.currentUser())!,
      parseId(request.params.id, MERCHANT_NOT_MANAGED_MESSAGE),
      request.body,
    ),
  );

  app.get<IdParams>("/merchants/:id/audit", async (request) =>
    portal().auditLog(parseId(request.params.id, MERCHANT_NOT_MANAGED_MESSAGE)),
  );
}
