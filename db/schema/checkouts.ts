import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/**
 * One placement of a cart (issue 10): its orders (one per merchant, see orders.checkout_id)
 * share this payment and this order page. See docs/decisions/0009-checkout-orders-payment.md.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: serial().primaryKey(),
    /** Our random reference, sent to Wompi as identificadorEnlaceComercio and back in its webhook. */
    reference: text().notNull().unique(),
    /** SHA-256 of the order page's token: the token itself is never stored. */
    tokenHash: text().notNull(),
    /**
     * Key of the token's HMAC when an Idempotency-Key was sent: the token is then
     * HMAC(salt, key), so the same key answers the same link again without storing it.
     */
    tokenSalt: text(),
    sessionId: text().notNull(),
    /** SHA-256 of the Idempotency-Key header, when one was sent. */
    idempotencyKeyHash: text(),
    paymentMethod: text().notNull(),
    /** The sum of its orders' totals: what a card payment must charge, exactly. */
    totalAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Wompi's idEnlace and urlEnlace of the current payment link. */
    paymentId: text(),
    paymentUrl: text(),
    /** Wompi's IdTransaccion of the payment that paid it: one transaction pays one checkout. */
    transactionId: text().unique(),
    paidAt: timestamp({ withTimezone: true }),
    /** Issue 35: the number the shopper agreed to hear from by WhatsApp, and when; null: no. */
    whatsappNumber: text(),
    whatsappConsentAt: timestamp({ withTimezone: true }),
    /**
     * Issue 37 L3: what the payment link charges once some orders were cancelled (the total of
     * those still standing); null: the total. A payment of either is accepted.
     */
    paymentLinkAmount: numeric({ precision: 12, scale: 2 }),
    /**
     * Issue 37 L3: a change of the link (deactivate it, or charge paymentLinkAmount) Wompi has
     * not confirmed yet, retried from this time on; null when Wompi has it.
     */
    paymentLinkSyncAt: timestamp({ withTimezone: true }),
    paymentLinkSyncAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "checkouts_payment_method_known",
      sql`${t.paymentMethod} in ('card', 'cash', 'transfer', 'whatsapp')`,
    ),
    uniqueIndex("checkouts_idempotency_idx")
      .on(t.sessionId, t.idempotencyKeyHash)
      .where(sql`${t.idempotencyKeyHash} is not null`),
    // Issue 37: the checkouts a WhatsApp number consented on ('Datos personales').
    index("checkouts_whatsapp_number_idx")
      .on(t.whatsappNumber)
      .where(sql`${t.whatsappNumber} is not null`),
    // Issue 37 L3: the link changes still to tell Wompi, by when they are due.
    index("checkouts_payment_link_sync_idx")
      .on(t.paymentLinkSyncAt)
      .where(sql`${t.paymentLinkSyncAt} is not null`),
  ],
);

/**
 * More links to a checkout's order page (issue 25): each step's e-mail and each 'Buscar mi
 * pedido' carries a token of its own, stored, like the first one, only as its SHA-256.
 */
export const checkoutTokens = pgTable(
  "checkout_tokens",
  {
    id: serial().primaryKey(),
    checkoutId: integer()
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_tokens_checkout_idx").on(t.checkoutId)],
);

/**
 * The transactions the order page's return from Wompi (`?idTransaccion=`) has asked Wompi
 * about, per checkout (issue 26): each is asked about at most once, however often the page
 * is loaded. A lookup Wompi did not answer is forgotten again, so a reload may ask once more.
 */
export const checkoutPaymentChecks = pgTable(
  "checkout_payment_checks",
  {
    checkoutId: integer()
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    transactionId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.transactionId] })],
);
