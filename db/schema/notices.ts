import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { merchants } from "./merchants";
import { orders } from "./orders";

/**
 * The notices outbox of the channels other than e-mail (issue 35): WhatsApp templates and
 * replies, and Web Push to a merchant's devices. Written in the transaction of the change a
 * notice announces, one row per (order, event, recipient, channel): `dedupe_key`), and sent
 * by a worker (server/modules/notices). E-mails stay in outbox_emails.
 *
 * status: `pending` (due at `next_attempt_at`), `sending` (claimed until `next_attempt_at`),
 * `sent`, `delivered`, `read` (WhatsApp's statuses, in that order of strength), `failed`
 * (given up: `error_code` and `last_error` say why), `unknown` (the answer never came: kept
 * until a status webhook or the last check decides), `replaced` (failed, and an e-mail of the
 * same notice went instead: `replaced_by_email_id`), `skipped` (never sent: `last_error`).
 */
export const outboxNotices = pgTable(
  "outbox_notices",
  {
    id: serial().primaryKey(),
    /** 'whatsapp' or 'push'. */
    channel: text().notNull(),
    /** What it announces: 'order.new', 'order.paid', 'order.waiting', 'order.preparing'… */
    kind: text().notNull(),
    /** 'order:123:new:merchant:whatsapp': the same notice is written once, whatever retries. */
    dedupeKey: text().notNull().unique(),
    /** 'merchant' or 'shopper'. */
    audience: text().notNull(),
    /** WhatsApp: the E.164 number (+50370000000); push: 'merchant:<id>' (all its devices). */
    recipient: text().notNull(),
    merchantId: integer().references(() => merchants.id, { onDelete: "set null" }),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    /** The WhatsApp template's name; null for a free-text reply and for push. */
    template: text(),
    /**
     * WhatsApp: `{params, buttonSuffix}` of the template or `{text}` of a reply; push:
     * `{title, body, tag, url}`. Emptied of links once final: they may carry a token.
     */
    payload: jsonb().notNull(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last claim: Meta's limits (80 a second, 6 s per number) are counted on it. */
    claimedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Meta's error code (131026…) or the push service's HTTP status. */
    errorCode: integer(),
    /** Meta's message id (wamid…), matched by the status webhook. */
    providerMessageId: text(),
    /** The e-mail sent in its place (status `replaced`). */
    replacedByEmailId: integer(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    /** When the status last changed (the webhook's timestamp for delivered/read). */
    statusAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("outbox_notices_channel_known", sql`${t.channel} in ('whatsapp', 'push')`),
    check(
      "outbox_notices_status_known",
      sql`${t.status} in ('pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'unknown', 'replaced', 'skipped')`,
    ),
    index("outbox_notices_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending', 'unknown')`),
    uniqueIndex("outbox_notices_provider_id_idx")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index("outbox_notices_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("outbox_notices_order_idx").on(t.orderId),
    // Meta's limits read the recent claims: per number (6 s) and in all (a second).
    index("outbox_notices_recipient_idx").on(t.recipient, t.claimedAt.desc()),
    index("outbox_notices_claimed_idx")
      .on(t.claimedAt)
      .where(sql`${t.channel} = 'whatsapp'`),
  ],
);

/** A merchant's device that receives Web Push (the portal's 'Activar avisos en este teléfono'). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial().primaryKey(),
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** 'Chrome en Android'…, from the User-Agent when it was added. */
    label: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("push_subscriptions_merchant_idx").on(t.merchantId)],
);

/** Numbers that wrote BAJA: no more WhatsApp notices to them (issue 35). */
export const whatsappOptOuts = pgTable("whatsapp_opt_outs", {
  number: text().primaryKey(),
  createdAt: createdAt(),
});

/** Values every process must read alike, made once (the VAPID key pair). */
export const appSettings = pgTable("app_settings", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * A channel stopped for everyone (WhatsApp on a token or payment error): until the next
 * start or the administrator's 'Reintentar'.
 */
export const channelHealth = pgTable("channel_health", {
  channel: text().primaryKey(),
  stoppedAt: timestamp({ withTimezone: true }).notNull(),
  errorCode: integer(),
  cause: text().notNull(),
});

/**
 * What the portal's 'Pedidos' tab follows live (GET /api/merchant/{id}/events): one row per
 * new or changed order, written in the change's transaction; its id is the event's `id`,
 * so a tab that reconnects with Last-Event-ID misses nothing. Kept a day.
 */
export const merchantOrderEvents = pgTable(
  "merchant_order_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    merchantId: integer().notNull(),
    orderId: integer().notNull(),
    /** 'created' or 'updated'. */
    type: text().notNull(),
    orderNumber: text().notNull(),
    fulfillmentStatus: text().notNull(),
    status: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("merchant_order_events_merchant_idx").on(t.merchantId, t.id)],
);
