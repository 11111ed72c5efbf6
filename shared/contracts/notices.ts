import { z } from "zod";
import { FULFILLMENT_STATUSES } from "../order-life";
import { ORDER_STATUSES } from "../order-status";
import { NOTICE_CHANNELS, NOTICE_STATUSES } from "../notices";
import { count, decimal, id, nullableString, timestamp } from "./common";

/** One notice of any channel, for GET /api/admin/notices (never a body or a link). */
export const adminNotice = z.object({
  id,
  channel: z.enum(NOTICE_CHANNELS),
  /** 'order.new', 'order.preparing', 'merchant.approved'… */
  kind: z.string(),
  /** An e-mail address, a WhatsApp number, or the merchant whose devices get a push. */
  to: z.string(),
  status: z.enum(NOTICE_STATUSES),
  tries: count,
  /** Why it failed or was skipped (Meta's code and title for WhatsApp). */
  lastError: nullableString,
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});

/** Each channel's health, for the admin's 'Avisos' tab. */
export const noticeChannelHealth = z.object({
  channel: z.enum(NOTICE_CHANNELS),
  /** E-mail: SMTP_URL set; WhatsApp: WHATSAPP_* set; push: always (keys are generated). */
  configured: z.boolean(),
  /** WhatsApp stopped for everyone after a token or payment error, until 'Reintentar'. */
  stopped: z.boolean(),
  stoppedAt: timestamp.nullable(),
  cause: nullableString,
  /** Notices of this channel still to send. */
  backlog: count,
});
export const noticesHealth = z.array(noticeChannelHealth);

/** GET/PUT /api/merchant/{merchantId}/notices: where the merchant hears of its orders. */
export const merchantNoticeSettings = z.object({
  /** E.164; the shop's WhatsApp until it chose another. */
  whatsappNumber: nullableString,
  whatsapp: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
  /** When it agreed to WhatsApp notices at that number (null: not yet). */
  whatsappConsentAt: timestamp.nullable(),
  /** Whether WhatsApp notices can be sent at all (WHATSAPP_* configured). */
  whatsappAvailable: z.boolean(),
  /** The VAPID public key the browser subscribes with. */
  pushPublicKey: z.string(),
  /** Where its order e-mails go (its sign-in e-mail). */
  emailAddress: z.string(),
});

/** POST …/push-subscriptions: 201. */
export const pushSubscriptionCreated = z.object({ id });

/** GET …/push-subscriptions: one device. */
export const pushDevice = z.object({
  id,
  /** 'Chrome en Android'. */
  label: z.string(),
  /** The browser compares it with its own subscription to say 'Este teléfono'. */
  endpoint: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});

/** The data of an SSE `order` event of GET /api/merchant/{merchantId}/events. */
export const merchantOrderEvent = z.object({
  type: z.enum(["created", "updated"]),
  orderId: id,
  orderNumber: z.string(),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  status: z.enum(ORDER_STATUSES),
});

/** GET /api/admin/orders/waiting: orders still 'Recibido', oldest first. */
export const waitingOrder = z.object({
  id,
  orderNumber: z.string(),
  merchantId: id.nullable(),
  merchantName: nullableString,
  createdAt: timestamp,
  totalAmount: decimal,
  /** Minutes the order has waited while its shop was open. */
  waitingMinutes: count,
  reminded: z.boolean(),
});
