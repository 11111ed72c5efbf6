import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  adminNotice,
  merchantNoticeSettings,
  noticesHealth,
  pushDevice,
  pushSubscriptionCreated,
} from "../../../shared/contracts/index";
import {
  MERCHANT_NOT_MANAGED_MESSAGE,
  NOT_MERCHANT_MESSAGE,
} from "../../../shared/merchant-portal";
import { NOTICE_CHANNELS } from "../../../shared/notices";
import {
  adminNoticeListQuery,
  NOTICE_CHANNEL_FILTER_MESSAGE,
  noticeSettingsSchema,
  pushSubscriptionSchema,
} from "../../../shared/schemas/notices";
import { AppError } from "../../errors";
import { pageAnswer } from "../../http/page-answer";
import { idParam, noContent, serviceBody, type RouteApp } from "../../http/route-schema";
import { NOTICE_NOT_FOUND } from "./notices.admin";
import { DEVICE_NOT_FOUND } from "./notices.service";
import { WHATSAPP_SIGNATURE_HEADER } from "./whatsapp.webhook";

/** Meta retries and batches; a flood from one address is not Meta. */
/**
 * Meta delivers every status from a few addresses: a busy drain answers ~225 statuses a second
 * (bench/notices-drain.ts), so 600 a minute would refuse most of them and Meta would retry for
 * hours. The signature check that follows is one HMAC, cheaper than the limiter's own count.
 */
const WEBHOOK_LIMIT = { rateLimit: { max: 30_000, timeWindow: "1 minute" } };
/** Portal writes, like the public ones (issue 37 asks it of every portal write). */
const PORTAL_WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const merchantParams = z.object({ merchantId: idParam(MERCHANT_NOT_MANAGED_MESSAGE) });
const deviceParams = merchantParams.extend({ id: idParam(DEVICE_NOT_FOUND) });

async function merchantUser(request: FastifyRequest) {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
  return user;
}

/**
 * Under /api: Meta's webhook of the WhatsApp notices (issue 35). GET answers the subscription
 * check; POST reads the exact bytes for X-Hub-Signature-256, so bodies stay raw in its scope.
 */
export async function whatsappWebhookRoutes(app: RouteApp) {
  app.get(
    "/whatsapp/webhook",
    {
      config: { access: "webhook", ...WEBHOOK_LIMIT },
      schema: {
        querystring: z.object({
          "hub.mode": z.string().optional(),
          "hub.verify_token": z.string().optional(),
          "hub.challenge": z.string().max(200).optional(),
        }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const challenge = app.services.notices.webhook.verify({
        mode: request.query["hub.mode"],
        token: request.query["hub.verify_token"],
        challenge: request.query["hub.challenge"],
      });
      return reply.type("text/plain; charset=utf-8").send(challenge);
    },
  );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      "/whatsapp/webhook",
      {
        // Meta's bodies are small: the 64 KB cap of every JSON body holds them.
        config: { access: "webhook", ...WEBHOOK_LIMIT },
        schema: { response: { 200: z.object({ received: z.literal(true) }) } },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await app.services.notices.webhook.handle(body, request.headers[WHATSAPP_SIGNATURE_HEADER]);
        return { received: true as const };
      },
    );
  });
}

/** Under /api/merchant (behind requireMerchant): the portal's 'Avisos'. */
export async function noticesMerchantRoutes(app: RouteApp) {
  const portal = () => app.services.noticesPortal;
  const settings = { params: merchantParams, response: { 200: merchantNoticeSettings } };

  app.get(
    "/:merchantId/notices",
    { config: { access: "merchant" }, schema: settings },
    async (request) => portal().settings(await merchantUser(request), request.params.merchantId),
  );

  app.put(
    "/:merchantId/notices",
    {
      config: { access: "merchant", ...PORTAL_WRITE_LIMIT },
      schema: { ...settings, body: serviceBody(noticeSettingsSchema) },
    },
    async (request) =>
      portal().updateSettings(await merchantUser(request), request.params.merchantId, request.body),
  );

  app.post(
    "/:merchantId/push-subscriptions",
    {
      config: { access: "merchant", ...PORTAL_WRITE_LIMIT },
      schema: {
        params: merchantParams,
        body: serviceBody(pushSubscriptionSchema),
        response: { 201: pushSubscriptionCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await portal().addPushDevice(
            await merchantUser(request),
            request.params.merchantId,
            request.body,
            request.headers["user-agent"],
          ),
        ),
  );

  app.get(
    "/:merchantId/push-subscriptions",
    {
      config: { access: "merchant" },
      schema: { params: merchantParams, response: { 200: z.array(pushDevice) } },
    },
    async (request) => portal().pushDevices(await merchantUser(request), request.params.merchantId),
  );

  app.delete(
    "/:merchantId/push-subscriptions/:id",
    {
      config: { access: "merchant", ...PORTAL_WRITE_LIMIT },
      schema: { params: deviceParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await portal().removePushDevice(
        await merchantUser(request),
        request.params.merchantId,
        request.params.id,
      );
      return reply.status(204).send();
    },
  );
}

const channelParam = z.object({
  channel: z.enum(NOTICE_CHANNELS, { error: NOTICE_CHANNEL_FILTER_MESSAGE }),
  id: idParam(NOTICE_NOT_FOUND),
});

/** Under /api/admin: the 'Avisos' tab. */
export async function noticesAdminRoutes(app: RouteApp) {
  const admin = () => app.services.notices.admin;

  app.get(
    "/notices",
    {
      config: { access: "admin" },
      schema: { querystring: adminNoticeListQuery, response: { 200: z.array(adminNotice) } },
    },
    async (request, reply) => pageAnswer(reply, await admin().list(request.query)),
  );

  app.get(
    "/notices/health",
    { config: { access: "admin" }, schema: { response: { 200: noticesHealth } } },
    async () => admin().health(),
  );

  app.post(
    "/notices/whatsapp/retry",
    { config: { access: "admin" }, schema: { response: { 200: noticesHealth } } },
    async () => admin().retryWhatsApp(),
  );

  app.post(
    "/notices/:channel/:id/resend",
    {
      config: { access: "admin" },
      schema: { params: channelParam, response: { 200: adminNotice } },
    },
    async (request) => admin().resend(request.params.channel, request.params.id),
  );
}
