import type { Agent } from "node:https";
import type { Queryable } from "../../../db/client";
import type {
  MerchantNoticeSettingsDto,
  NoticeChannelHealthDto,
  PushDeviceDto,
} from "../../../shared/api-types";
import { formatPrice } from "../../../shared/money";
import { NO_ANSWER_REASON } from "../../../shared/notices";
import {
  ORDER_FULFILLMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderFulfillment,
  type PaymentMethod,
} from "../../../shared/order-life";
import { noticeSettingsSchema, pushSubscriptionSchema } from "../../../shared/schemas/notices";
import { toWhatsAppNumber } from "../../../shared/whatsapp-number";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { createNoticesAdmin } from "./notices.admin";
import * as adminNotices from "./admin-notices.repository";
import * as appSettings from "./app-settings.repository";
import * as channelHealth from "./channel-health.repository";
import * as noticeSettings from "./notice-settings.repository";
import * as outbox from "./notices.repository";
import * as devices from "./push-devices.repository";
import * as numbers from "./whatsapp-numbers.repository";
import { NoticeWorker } from "./notices.worker";
import { createPushSender, type PushSender } from "./push.sender";
import { resolveVapidKeys } from "./vapid-keys";
import { createWhatsAppClient } from "./whatsapp.client";
import {
  WHATSAPP_FULFILLMENT_LABELS,
  WHATSAPP_PAYMENT_LABELS,
  type WhatsAppTemplateName,
} from "./whatsapp.templates";
import { createWhatsAppWebhook } from "./whatsapp.webhook";

/**
 * Tests only: the https.Agent Web Push requests go through, so that they trust the local push
 * service's certificate (server/test/push-service.ts). Read when the sender is first built;
 * production never sets it.
 */
export const pushTestHooks: { agent?: Agent } = {};

/** An order as its notices read it (orders.repository's OrderRow is one). */
export interface NoticeOrder {
  id: number;
  orderNumber: string;
  merchantId: number | null;
  checkoutId: number | null;
  customerName: string;
  totalAmount: string;
  fulfillment: string | null;
  paymentMethod: string | null;
  cancelReason: string | null;
  refundReference: string | null;
}

/** What the merchant hears of on WhatsApp and push (its e-mail says the same). */
export type MerchantOrderEvent = "new" | "paid" | "waiting";
/** What the shopper hears of on WhatsApp, when it agreed to (its e-mails say the same). */
export type ShopperOrderEvent =
  | "received"
  | "preparing"
  | "ready"
  | "on_the_way"
  | "delivered"
  | "cancelled"
  | "expired"
  | "refunded";

export const EMAIL_OFF_REASON = "No enviado: el comercio apagó sus avisos por correo";
export const MERCHANT_NOT_FOUND = "Comercio no encontrado";
export const DEVICE_NOT_FOUND = "Dispositivo no encontrado";

const SHOPPER_TEMPLATES: Record<ShopperOrderEvent, WhatsAppTemplateName> = {
  received: "tiangue_order_received",
  preparing: "tiangue_order_preparing",
  ready: "tiangue_order_ready",
  on_the_way: "tiangue_order_on_the_way",
  delivered: "tiangue_order_delivered",
  cancelled: "tiangue_order_cancelled",
  expired: "tiangue_order_expired",
  refunded: "tiangue_order_refunded",
};

const MERCHANT_TEMPLATES: Record<MerchantOrderEvent, WhatsAppTemplateName> = {
  new: "tiangue_merchant_new_order",
  paid: "tiangue_merchant_order_paid",
  waiting: "tiangue_merchant_order_waiting",
};

/** The e-mail of the same news (mail outbox dedupe keys), which a failed WhatsApp falls back to. */
export function merchantEmailKey(orderId: number, event: MerchantOrderEvent): string {
  return event === "new" ? `order:${orderId}:merchant` : `order:${orderId}:${event}:merchant`;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const fulfillmentLabel = (value: string | null) =>
  ORDER_FULFILLMENT_LABELS[(value ?? "arrange") as OrderFulfillment] ?? "A convenir";
const paymentLabel = (value: string | null) =>
  value ? (PAYMENT_METHOD_LABELS[value as PaymentMethod] ?? value) : "A convenir";

/** 'Nuevo pedido ES-2026-000123 · $14.75 · Entrega a domicilio' and its kin. */
export function pushTitle(order: NoticeOrder, event: MerchantOrderEvent, minutes?: number): string {
  const total = formatPrice(order.totalAmount);
  if (event === "paid") return `Pedido pagado ${order.orderNumber} · ${total}`;
  if (event === "waiting") {
    return `Pedido sin responder ${order.orderNumber} · ${minutes ?? 0} min esperando`;
  }
  return `Nuevo pedido ${order.orderNumber} · ${total} · ${fulfillmentLabel(order.fulfillment)}`;
}

/**
 * The notices of issue 35 beside e-mail: WhatsApp to merchants and consenting shoppers, Web
 * Push to merchants' devices, the merchant's 'Avisos' settings, the webhook and the admin's
 * view. Order flows call `merchantOrderNotice` / `shopperOrderNotice` inside their own
 * transaction, so a notice commits with the change it announces, once (its dedupe key).
 */
export function createNoticesService(deps: ServiceDeps) {
  const { db, config, log, mail } = deps;
  const whatsapp = config.whatsapp
    ? createWhatsAppClient({
        apiUrl: config.whatsapp.apiUrl,
        token: config.whatsapp.token,
        phoneNumberId: config.whatsapp.phoneNumberId,
      })
    : null;

  let vapid: ReturnType<typeof resolveVapidKeys> | undefined;
  const vapidKeys = () => {
    vapid ??= resolveVapidKeys(
      { ...config.vapid, mailFrom: config.mail.from, publicUrl: config.publicUrl },
      {
        get: (name) => appSettings.readSetting(db, name),
        insertIfAbsent: (name, value) => appSettings.insertSettingIfAbsent(db, name, value),
      },
    ).catch((error: unknown) => {
      vapid = undefined;
      throw error;
    });
    return vapid;
  };
  let sender: Promise<PushSender> | undefined;
  const pushSender = () =>
    (sender ??= vapidKeys().then((keys) =>
      createPushSender({ ...keys, agent: pushTestHooks.agent }),
    ));

  const counters = { channelStopped: 0, uncertain: 0 };
  const worker = new NoticeWorker({
    db,
    log,
    whatsapp,
    push: pushSender,
    onEmailReleased: () => mail.wake(),
    onEvent: (event) => {
      if (event === "channel_stopped") counters.channelStopped++;
      if (event === "uncertain") counters.uncertain++;
    },
  });
  const webhook = createWhatsAppWebhook({ db, log, config, worker });

  async function write(tx: Queryable, notice: outbox.NewNotice): Promise<void> {
    if ((await outbox.insertNotice(tx, notice)) !== null) worker.wake();
  }

  async function presentSettings(
    row: noticeSettings.NoticeSettingsRow,
  ): Promise<MerchantNoticeSettingsDto> {
    return {
      whatsappNumber:
        row.noticeWhatsappNumber ?? (row.whatsapp ? toWhatsAppNumber(row.whatsapp) : null),
      whatsapp: row.noticeWhatsapp,
      push: row.noticePush,
      email: row.noticeEmail,
      whatsappConsentAt: row.noticeWhatsappConsentAt?.toISOString() ?? null,
      whatsappAvailable: whatsapp !== null,
      pushPublicKey: (await vapidKeys()).publicKey,
      emailAddress: row.signInEmail,
    };
  }

  async function settingsOf(merchantId: number): Promise<noticeSettings.NoticeSettingsRow> {
    const row = await noticeSettings.findNoticeSettings(db, merchantId);
    if (!row) throw AppError.notFound(MERCHANT_NOT_FOUND);
    return row;
  }

  return {
    /**
     * The merchant's WhatsApp and push notices of this order event, through `tx`; answers
     * why its e-mail of the same news is not to be sent (null: send it), for the caller's
     * mail.enqueue(…, { skippedBecause }).
     */
    async merchantOrderNotice(
      tx: Queryable,
      order: NoticeOrder,
      event: MerchantOrderEvent,
      extra: { waitingMinutes?: number } = {},
    ): Promise<{ emailSkippedBecause: string | null }> {
      if (order.merchantId === null) return { emailSkippedBecause: null };
      const settings = await noticeSettings.findNoticeSettings(tx, order.merchantId);
      if (!settings) return { emailSkippedBecause: null };
      const number =
        settings.noticeWhatsappNumber ??
        (settings.whatsapp ? toWhatsAppNumber(settings.whatsapp) : null);
      const key = `order:${order.id}:${event}:merchant`;
      if (whatsapp && settings.noticeWhatsapp && number) {
        const total = formatPrice(order.totalAmount);
        const params =
          event === "new"
            ? [
                order.orderNumber,
                firstName(order.customerName),
                total,
                // The labels the approved template was written with (docs/whatsapp-templates.md).
                WHATSAPP_FULFILLMENT_LABELS[(order.fulfillment ?? "arrange") as OrderFulfillment] ??
                  WHATSAPP_FULFILLMENT_LABELS.arrange,
                order.paymentMethod
                  ? (WHATSAPP_PAYMENT_LABELS[order.paymentMethod as PaymentMethod] ??
                    order.paymentMethod)
                  : WHATSAPP_FULFILLMENT_LABELS.arrange,
              ]
            : event === "paid"
              ? [order.orderNumber, total]
              : [order.orderNumber, String(extra.waitingMinutes ?? 0)];
        await write(tx, {
          channel: "whatsapp",
          kind: `order.${event}`,
          dedupeKey: `${key}:whatsapp`,
          audience: "merchant",
          recipient: number,
          merchantId: order.merchantId,
          orderId: order.id,
          template: MERCHANT_TEMPLATES[event],
          payload: {
            params,
            buttonSuffix: `${order.merchantId}/${order.id}`,
            fallbackEmailKey: merchantEmailKey(order.id, event),
          },
        });
      }
      if (settings.noticePush && (await devices.countPushSubscriptions(tx, order.merchantId)) > 0) {
        await write(tx, {
          channel: "push",
          kind: `order.${event}`,
          dedupeKey: `${key}:push`,
          audience: "merchant",
          recipient: `merchant:${order.merchantId}`,
          merchantId: order.merchantId,
          orderId: order.id,
          payload: {
            title: pushTitle(order, event, extra.waitingMinutes),
            body: `${firstName(order.customerName)} · ${paymentLabel(order.paymentMethod)}`,
            tag: `pedido-${order.id}`,
            url: `${config.publicUrl}/merchant/orders/${order.merchantId}/${order.id}`,
          },
        });
      }
      return { emailSkippedBecause: settings.noticeEmail ? null : EMAIL_OFF_REASON };
    },

    /**
     * The shopper's WhatsApp notice of this order event, through `tx`, when it agreed to at
     * checkout. `orderUrl` is a link to the order page (its token included).
     */
    async shopperOrderNotice(
      tx: Queryable,
      order: NoticeOrder,
      event: ShopperOrderEvent,
      orderUrl: string,
    ): Promise<void> {
      if (!whatsapp || order.checkoutId === null) return;
      const number = await numbers.checkoutWhatsAppNumber(tx, order.checkoutId);
      if (!number) return;
      const merchant = order.merchantId
        ? await noticeSettings.findNoticeSettings(tx, order.merchantId)
        : undefined;
      const merchantName = merchant?.name ?? "El comercio";
      const params =
        event === "received"
          ? [
              firstName(order.customerName),
              order.orderNumber,
              merchantName,
              formatPrice(order.totalAmount),
            ]
          : event === "cancelled"
            ? [order.orderNumber, merchantName, order.cancelReason ?? "Sin motivo indicado"]
            : event === "refunded"
              ? [order.orderNumber, merchantName, formatPrice(order.totalAmount)]
              : [order.orderNumber, merchantName];
      const prefix = `${config.publicUrl}/orders/`;
      await write(tx, {
        channel: "whatsapp",
        kind: `order.${event}`,
        dedupeKey: `order:${order.id}:${event}:shopper:whatsapp`,
        audience: "shopper",
        recipient: number,
        merchantId: order.merchantId,
        orderId: order.id,
        template: SHOPPER_TEMPLATES[event],
        payload: {
          params,
          buttonSuffix: orderUrl.startsWith(prefix) ? orderUrl.slice(prefix.length) : "",
        },
      });
    },

    /**
     * Issue 36: a counted product (or variant) of the merchant reached 0. A push to its
     * devices when it has them and push on (WhatsApp has no approved template for it: the
     * e-mail says it there); answers why its e-mail of the same news is not to be sent.
     */
    async merchantStockNotice(
      tx: Queryable,
      notice: { merchantId: number; dedupeKey: string; name: string; url: string },
    ): Promise<{ emailSkippedBecause: string | null }> {
      const settings = await noticeSettings.findNoticeSettings(tx, notice.merchantId);
      if (!settings) return { emailSkippedBecause: null };
      if (
        settings.noticePush &&
        (await devices.countPushSubscriptions(tx, notice.merchantId)) > 0
      ) {
        await write(tx, {
          channel: "push",
          kind: "product.sold_out",
          dedupeKey: `${notice.dedupeKey}:push`,
          audience: "merchant",
          recipient: `merchant:${notice.merchantId}`,
          merchantId: notice.merchantId,
          payload: {
            title: `Se agotó ${notice.name}`,
            body: "Ya se muestra como 'Agotado'. Cámbialo en tus productos cuando tengas de nuevo.",
            tag: notice.dedupeKey,
            url: notice.url,
          },
        });
      }
      return { emailSkippedBecause: settings.noticeEmail ? null : EMAIL_OFF_REASON };
    },

    /**
     * Issue 37: a review of the merchant (or of its product) was published. A push to its
     * devices when it has them and push on; its e-mail is the merchant-activity notice.
     */
    async merchantReviewNotice(
      tx: Queryable,
      notice: { merchantId: number; reviewId: number; title: string; body: string; url: string },
    ): Promise<void> {
      const settings = await noticeSettings.findNoticeSettings(tx, notice.merchantId);
      if (!settings?.noticePush) return;
      if ((await devices.countPushSubscriptions(tx, notice.merchantId)) === 0) return;
      await write(tx, {
        channel: "push",
        kind: "review.published",
        dedupeKey: `review:${notice.reviewId}:published:push`,
        audience: "merchant",
        recipient: `merchant:${notice.merchantId}`,
        merchantId: notice.merchantId,
        payload: {
          title: notice.title,
          body: notice.body,
          tag: `resena-${notice.reviewId}`,
          url: notice.url,
        },
      });
    },

    /** Whether the checkout may offer the shopper's consent box (WHATSAPP_* configured). */
    get whatsappEnabled() {
      return whatsapp !== null;
    },

    async settings(merchantId: number): Promise<MerchantNoticeSettingsDto> {
      return presentSettings(await settingsOf(merchantId));
    },

    /** PUT …/notices: the channels and the number, the consent's time when it is given anew. */
    async updateSettings(
      merchantId: number,
      input: unknown,
      options: { after?: (tx: Queryable, summary: string) => Promise<void> } = {},
    ): Promise<MerchantNoticeSettingsDto> {
      const body = parseInput(noticeSettingsSchema, input);
      const before = await settingsOf(merchantId);
      const shopNumber = before.whatsapp ? toWhatsAppNumber(before.whatsapp) : null;
      // The shop's own number is the default: stored only when another one is chosen.
      const chosen =
        body.whatsappNumber && body.whatsappNumber !== shopNumber ? body.whatsappNumber : null;
      const numberChanged = (before.noticeWhatsappNumber ?? shopNumber) !== (chosen ?? shopNumber);
      await db.transaction(async (tx) => {
        await noticeSettings.updateNoticeSettings(tx, merchantId, {
          noticeWhatsappNumber: chosen,
          noticeWhatsapp: body.whatsapp,
          noticePush: body.push,
          noticeEmail: body.email,
          consentNow:
            body.whatsapp &&
            (numberChanged || !before.noticeWhatsapp || !before.noticeWhatsappConsentAt),
        });
        const on = (value: boolean) => (value ? "sí" : "no");
        await options.after?.(
          tx,
          `Avisos: WhatsApp ${on(body.whatsapp)}${body.whatsapp ? ` (${chosen ?? shopNumber ?? "sin número"})` : ""}, notificaciones ${on(body.push)}, correo ${on(body.email)}`,
        );
      });
      return presentSettings(await settingsOf(merchantId));
    },

    async addPushDevice(merchantId: number, input: unknown, userAgent: string | undefined) {
      const body = parseInput(pushSubscriptionSchema, input);
      const id = await devices.upsertPushSubscription(db, {
        merchantId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        label: deviceLabel(userAgent),
      });
      return { id };
    },

    async pushDevices(merchantId: number): Promise<PushDeviceDto[]> {
      const rows = await devices.listPushSubscriptions(db, merchantId);
      return rows.map((row) => ({
        id: row.id,
        label: row.label,
        endpoint: row.endpoint,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async removePushDevice(merchantId: number, id: number): Promise<void> {
      if (!(await devices.deletePushSubscription(db, { id, merchantId }))) {
        throw AppError.notFound(DEVICE_NOT_FOUND);
      }
    },

    webhook,
    admin: createNoticesAdmin({ db, mail, worker, whatsappConfigured: whatsapp !== null }),

    /** GET /metrics: this process's counters beside the table's states. */
    counters: () => ({ ...counters }),
    countByChannelAndStatus: () => outbox.countByChannelAndStatus(db),
    /** Every channel's notices by state, e-mail's too (GET /metrics). */
    countAll: () => adminNotices.countAllByChannelAndStatus(db),

    /** At start: a stop from a previous run is lifted ("until the next start"). */
    async start(): Promise<void> {
      if (whatsapp && (await channelHealth.clearChannelStop(db, "whatsapp"))) {
        log.info({}, "WhatsApp: se reanudan los avisos detenidos en el arranque anterior");
      }
      worker.start();
    },
    stop: () => worker.stop(),
    runOnce: () => worker.runOnce(),
    /** Resolves the VAPID keys (generated and stored on first use). */
    vapidKeys,
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
export type { NoticeChannelHealthDto };
export { NO_ANSWER_REASON };

/** 'Chrome en Android': enough for a merchant to tell its devices apart. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser/.test(ua)
      ? "Samsung Internet"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "Navegador";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iPhone"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "Mac"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return system ? `${browser} en ${system}` : browser;
}
