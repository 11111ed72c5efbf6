import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from "fastify";
import { isConnectionError, type DatabaseHandle } from "../db/client";
import type { ApiErrorBody, ErrorCode } from "../shared/api-types";
import type { Config } from "./env";
import { AppError, errorBody, requestValidationError } from "./errors";
import { JSON_BODY_LIMIT } from "./http/body-limits";
import { requireAdmin, requireMerchant } from "./http/auth-guard";
import { compression } from "./http/compression";
import { guardedScope } from "./http/guarded-scope";
import { healthRoutes } from "./http/health";
import { openApi } from "./http/openapi";
import { lazyChildLogger } from "./http/lazy-logger";
import { asyncStdout, requestLog } from "./http/request-log";
import { metricsRoutes } from "./http/metrics";
import {
  LOG_REDACT_PATHS,
  loggableUrl,
  requestIdGenerator,
  requestIdHeader,
} from "./http/request-id";
import { clientAddressKey, limitWrites, pgRateLimitStore } from "./http/rate-limit";
import { refuseCrossSite } from "./http/same-origin";
import { schemaController } from "./http/schema-compilers";
import { securityHeaders } from "./http/security-headers";
import { sessionPlugin } from "./http/session";
import { authRoutes } from "./modules/auth/auth.routes";
import { cartRoutes } from "./modules/cart/cart.routes";
import { checkoutRoutes } from "./modules/checkout/checkout.routes";
import { categoriesAdminRoutes, categoriesRoutes } from "./modules/categories/categories.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import {
  merchantPortalAdminRoutes,
  merchantPortalRoutes,
  merchantSignInRoutes,
} from "./modules/merchant-portal/merchant-portal.routes";
import { merchantsAdminRoutes, merchantsRoutes } from "./modules/merchants/merchants.routes";
import { ordersAdminRoutes } from "./modules/orders/orders.routes";
import { payoutsAdminRoutes, payoutsMerchantRoutes } from "./modules/payouts/payouts.routes";
import { mailAdminRoutes } from "./modules/mail/mail.routes";
import { personalDataAdminRoutes } from "./modules/personal-data/personal-data.routes";
import { productsAdminRoutes, productsRoutes } from "./modules/products/products.routes";
import { receiptsMerchantRoutes, receiptsRoutes } from "./modules/receipts/receipts.routes";
import {
  reviewsAdminRoutes,
  reviewsMerchantRoutes,
  reviewsRoutes,
} from "./modules/reviews/reviews.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { merchantUploadRoutes, uploadsRoutes } from "./modules/uploads/uploads.routes";
import { uploadsStatic } from "./modules/uploads/uploads.static";
import { PurgeJob } from "./maintenance/purge";
import {
  noticesAdminRoutes,
  noticesMerchantRoutes,
  whatsappWebhookRoutes,
} from "./modules/notices/notices.routes";
import { AnswerClock } from "./modules/orders/answer-clock";
import { orderEventsMerchantRoutes } from "./modules/orders/order-events.routes";
import { createServices, type Services } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Mounts the React Router app after the API (omitted by API tests). */
  web?: (app: FastifyInstance) => Promise<void>;
  /** Secret that signs the session cookie (see server/secrets.ts). */
  sessionSecret: string;
  /**
   * Sees every route the app registered, once it is ready (the security, contract and
   * OpenAPI inventory tests list them), with the `config` every onRoute hook left.
   */
  onRoute?: (route: { method: string | string[]; url: string; config?: unknown }) => void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Standard output without blocking the event loop, unless a test reads the lines (issue 27).
  const stdout = options.logStream ? undefined : asyncStdout();
  const logStream = options.logStream ?? stdout!.destination;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never passwords, tokens or cookies in the logs (server/http/request-id.ts).
      redact: { paths: LOG_REDACT_PATHS, censor: "[oculto]" },
      stream: logStream,
      serializers: {
        req: (request) => ({
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    // Client addresses (rate limits, login throttling) come from X-Forwarded-For only
    // when a trusted proxy set it; anyone else could forge it.
    trustProxy: config.trustProxy,
    // 64 KB; the catalogue upload route raises its own limit (server/http/body-limits.ts).
    bodyLimit: JSON_BODY_LIMIT,
    // Ids are ours, or a trusted proxy's X-Request-Id (server/http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // A request's child logger is made only when it logs (server/http/lazy-logger.ts).
    childLoggerFactory: lazyChildLogger,
    // One line per request from server/http/request-log.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Cart session ids may be up to 100 characters; longer ones must reach our own 400.
    routerOptions: { maxParamLength: 500 },
    // Routes declare zod schemas; no ajv at start (server/http/schema-compilers.ts).
    schemaController,
    // A URL Fastify cannot route (bad percent-encoding, a parameter over that length): our
    // Spanish JSON answer, not Fastify's English one.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const { status, body } = toErrorResponse(error);
      reply.status(status).send(body);
    },
  });

  // Only JSON (and multipart on the upload route) is accepted: a text/plain body
  // would otherwise reach handlers as a string.
  app.removeContentTypeParser("text/plain");

  if (options.onRoute) {
    const onRoute = options.onRoute;
    const registered: { method: string | string[]; url: string; config?: unknown }[] = [];
    app.addHook("onRoute", (route) => void registered.push(route));
    // Reported at ready: a scope's own onRoute hook (declareScopeAccess) runs after this one.
    app.addHook("onReady", async () => {
      for (const { method, url, config } of registered) onRoute({ method, url, config });
    });
  }

  const services = createServices({ db: database.db, config, log: app.log });
  app.decorate("services", services);
  // The mail outbox's worker runs while the server listens (API tests that never listen
  // send with runOnce()); closing waits for the e-mail being sent, before the database closes.
  app.addHook("onListen", async () => services.mail.start());
  // Sign-in links answered but still being queued (issue 26) finish before the outbox stops.
  app.addHook("onClose", async () => services.merchantPortal.settled());
  // So are 'Buscar mi pedido' requests (issue 37 L1).
  app.addHook("onClose", async () => services.checkout.lookups.settled());
  app.addHook("onClose", async () => services.mail.stop());
  // The daily purge (server/maintenance/purge.ts) likewise runs while the server listens.
  const purge = new PurgeJob({
    db: database.db,
    kind: database.kind,
    log: app.log,
    intervalHours: config.purgeIntervalHours,
    // Issue 37: orders past ORDER_PERSONAL_DATA_DAYS lose their shopper's data in the same run.
    personalData: {
      eraseBatch: (tx, limit) => services.personalData.eraseExpired(tx, limit),
      afterRun: () => services.personalData.afterRetention(),
    },
  });
  app.addHook("onListen", async () => purge.start());
  app.addHook("onClose", async () => purge.stop());
  // Issue 35: the WhatsApp and push outbox's worker, and the clock of orders waiting for an
  // answer, likewise; the live 'Pedidos' streams end before the server stops listening (an
  // open stream would hold its close), and their browsers reconnect.
  app.addHook("onListen", async () => services.notices.start());
  app.addHook("onClose", async () => services.notices.stop());
  const answerClock = new AnswerClock({
    orders: services.orders,
    log: app.log,
    reminderMinutes: config.orderReminderMinutes,
    expiryMinutes: config.orderExpiryMinutes,
  });
  app.addHook("onListen", async () => answerClock.start());
  app.addHook("onClose", async () => answerClock.stop());
  // Issue 37 L3: card links Wompi could not be told of a cancellation yet, retried.
  app.addHook("onListen", async () => services.paymentLinks.start());
  app.addHook("onClose", async () => services.paymentLinks.stop());
  app.addHook("preClose", async () => services.orders.events.close());
  // The catalogue cache is this app's own: its LISTEN connection ends with it.
  app.addHook("onClose", async () => services.cache.close());
  app.decorate("config", config);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status === 503) {
      // The database is restarting or unreachable: the client may simply ask again.
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", "1");
    } else if (status >= 500 && !(error instanceof AppError && error.code === "bad_gateway")) {
      // A 502 is a provider's failure (Wompi) whose cause the service logged once, with what
      // it was doing (issue 26): logging it again as an error would count it twice.
      request.log.error({ err: error }, "request failed");
    }
    reply.status(status).send(body);
  });

  await app.register(requestIdHeader);
  // Writes its line into the logger's stream, and flushes stdout's buffer on close.
  await app.register(requestLog, { destination: logStream, flush: stdout?.flush });
  await app.register(cookie, { secret: options.sessionSecret });
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
  });
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(database.db),
    // IPv6 clients count by their /64, IPv4-mapped addresses as IPv4.
    keyGenerator: clientAddressKey,
    errorResponseBuilder: () => AppError.rateLimited(),
  });
  await app.register(sessionPlugin);
  await app.register(compression);
  await app.register(securityHeaders);
  app.addHook("onRequest", refuseCrossSite);
  // Before any route: the OpenAPI document sees every route registered after it.
  await app.register(openApi);

  // /healthz and /readyz for supervisors and load balancers (server/http/health.ts).
  await app.register(healthRoutes, { db: database.db });
  // Prometheus metrics, for METRICS_TOKEN or loopback only (server/http/metrics.ts).
  await app.register(metricsRoutes, {
    db: database.db,
    publicCache: services.cache.reads,
    pageCache: services.cache.pages,
    token: config.metricsToken,
    outboxBacklog: () => services.mail.backlog(),
    outboxOldestAgeSeconds: () => services.mail.oldestWaitingSeconds(),
    purged: () => purge.totals(),
    notices: () => services.notices.countAll(),
    noticeEvents: () => services.notices.counters(),
  });

  await app.register(
    async (api) => {
      api.addHook("onSend", (_request, reply, payload, done) => {
        // API answers are personal or change often: caches must ask again.
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
        done(null, payload);
      });
      await api.register(authRoutes);
      await api.register(categoriesRoutes);
      await api.register(merchantsRoutes);
      await api.register(productsRoutes);
      await api.register(searchRoutes);
      await api.register(reviewsRoutes);
      await api.register(cartRoutes);
      await api.register(checkoutRoutes);
      await api.register(receiptsRoutes);
      await api.register(uploadsRoutes);
      await api.register(eventsRoutes);
      await api.register(whatsappWebhookRoutes);
      // The merchant portal (issue 11): signing in is public, the rest behind its own guard.
      await api.register(merchantSignInRoutes);
      await api.register(
        guardedScope(
          requireMerchant,
          [
            merchantPortalRoutes,
            merchantUploadRoutes,
            payoutsMerchantRoutes,
            noticesMerchantRoutes,
            orderEventsMerchantRoutes,
            reviewsMerchantRoutes,
            receiptsMerchantRoutes,
          ],
          // Issue 37 L7: every portal write counts per client address, after the guard.
          { afterGuard: (scope) => limitWrites(scope) },
        ),
        {
          prefix: "/merchant",
        },
      );
      // Every /api/admin route, behind one guard hook (server/http/guarded-scope.ts).
      await api.register(
        guardedScope(requireAdmin, [
          categoriesAdminRoutes,
          merchantsAdminRoutes,
          productsAdminRoutes,
          reviewsAdminRoutes,
          ordersAdminRoutes,
          merchantPortalAdminRoutes,
          payoutsAdminRoutes,
          mailAdminRoutes,
          noticesAdminRoutes,
          personalDataAdminRoutes,
        ]),
        { prefix: "/admin" },
      );
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send(errorBody("not_found", "Ruta no encontrada"));
      });
    },
    { prefix: "/api" },
  );

  // Uploaded images (DATA_DIR/uploads) and the images the product ships (public/images).
  await app.register(uploadsStatic);

  if (options.web) await options.web(app);
  return app;
}

/** Maps any thrown error to the JSON error format of decisions §2; never leaks internals. */
export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody } {
  const answer = (status: number, code: ErrorCode, message: string) => ({
    status,
    body: errorBody(code, message),
  });
  // A request that failed its route's zod schema: the answer its service's parse gave.
  const appError = error instanceof AppError ? error : requestValidationError(error);
  if (appError) {
    return {
      status: appError.status,
      body: errorBody(appError.code, appError.message, appError.errors),
    };
  }
  if (isConnectionError(error)) return answer(503, "unavailable", AppError.unavailable().message);
  const e = error as FastifyError & { statusCode?: number };
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return answer(400, "bad_request", "El cuerpo de la solicitud no es JSON válido");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
      return answer(413, "too_large", "La solicitud es demasiado grande");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return answer(415, "unsupported_type", "Tipo de contenido no admitido: envía JSON");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return answer(400, "bad_request", "Longitud de contenido inválida");
  }
  if (e instanceof SyntaxError) return answer(400, "bad_request", "Solicitud inválida");
  // Errors of Fastify and its plugins that carry a client-error status keep it, with our
  // Spanish message: e.g. @fastify/static's 403 for a dotfile, a folder or a path that
  // climbs out of its root, or its 416 for a range past the end of a file.
  const status = e.statusCode ?? (e as { status?: unknown }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message = CLIENT_ERROR_MESSAGES[status] ?? "Solicitud inválida";
    return answer(status, CLIENT_ERROR_CODES[status] ?? "bad_request", message);
  }
  return answer(500, "internal", "Error interno del servidor");
}

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  413: "too_large",
  415: "unsupported_type",
  429: "rate_limited",
};

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: "Solicitud inválida",
  401: AppError.unauthorized().message,
  403: "Acceso denegado",
  404: "Ruta no encontrada",
  405: "Método no permitido",
  412: "La condición de la solicitud no se cumple",
  413: "La solicitud es demasiado grande",
  414: "La dirección es demasiado larga",
  415: "Tipo de contenido no admitido",
  416: "El rango solicitado no es válido",
  429: AppError.rateLimited().message,
};
