import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { checkouts } from "./checkouts";
import { adminSearchIndex, createdAt, updatedAt } from "./columns";
import { merchants } from "./merchants";

export const orders = pgTable(
  "orders",
  {
    id: serial().primaryKey(),
    orderNumber: text().notNull().unique(),
    sessionId: text(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text(),
    totalAmount: numeric({ precision: 10, scale: 2 }).notNull(),
    status: text().notNull().default("pending"),
    paymentId: text(),
    paymentUrl: text(),
    /** The checkout it was placed in (issue 10); null for orders made otherwise (demo data). */
    checkoutId: integer().references(() => checkouts.id, { onDelete: "set null" }),
    /** The merchant who fulfils it: one order per merchant. */
    merchantId: integer().references(() => merchants.id, { onDelete: "set null" }),
    /** The shopper's note for the merchant. */
    note: text(),
    /** 'card', 'cash', 'transfer' or 'whatsapp' (issues 10, 25); null for orders made otherwise. */
    paymentMethod: text(),
    /** Wompi's IdTransaccion once the payment is confirmed. */
    paymentTransactionId: text(),
    paidAt: timestamp({ withTimezone: true }),
    // Issue 25: how it reaches the shopper, its step, its money and its refund.
    /** 'delivery', 'pickup' or 'arrange'; null for orders made otherwise (demo data). */
    fulfillment: text(),
    fulfillmentStatus: text().notNull().default("received"),
    deliveryDepartment: text(),
    deliveryMunicipality: text(),
    /** Issue 36: the address's district, when the shopper gave it. */
    deliveryDistrict: text(),
    deliveryAddress: text(),
    deliveryReference: text(),
    /** The lines' sum; totalAmount = subtotal + deliveryFee. */
    subtotal: numeric({ precision: 10, scale: 2 }).notNull(),
    /** "0.00" for pickup and free delivery; null when agreed with the merchant. */
    deliveryFee: numeric({ precision: 10, scale: 2 }),
    /** COMMISSION_PERCENT when it was placed: Tiangue's share of a card order's subtotal. */
    commissionPercent: numeric({ precision: 5, scale: 2 }).notNull().default("0"),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    /** 'due' (a paid card order cancelled) or 'refunded'; null otherwise. */
    refundStatus: text(),
    refundReference: text(),
    refundedAt: timestamp({ withTimezone: true }),
    /** Issue 35: when the merchant was reminded of this order still 'Recibido'. */
    reminderSentAt: timestamp({ withTimezone: true }),
    /**
     * Issue 37: when its shopper's name, contacts and address became 'Datos eliminados' (an
     * erasure on request, or ORDER_PERSONAL_DATA_DAYS after delivery or cancellation).
     */
    personalDataErasedAt: timestamp({ withTimezone: true }),
    /**
     * Issue 37 L5: a transfer order's bank details as its checkout showed them ({bankName,
     * accountHolder, accountNumber, accountType}), so a later change of the merchant's never
     * reaches a pending order; null for other methods and older orders (they show the current).
     */
    bankDetails: jsonb(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_known", sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    index("orders_created_idx").on(t.createdAt.desc()),
    check(
      "orders_payment_method_known",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('card', 'cash', 'transfer', 'whatsapp')`,
    ),
    check(
      "orders_fulfillment_known",
      sql`${t.fulfillment} is null or ${t.fulfillment} in ('delivery', 'pickup', 'arrange')`,
    ),
    check(
      "orders_fulfillment_status_known",
      sql`${t.fulfillmentStatus} in ('received', 'preparing', 'ready', 'on_the_way', 'delivered')`,
    ),
    check(
      "orders_refund_status_known",
      sql`${t.refundStatus} is null or ${t.refundStatus} in ('due', 'refunded')`,
    ),
    // The ledger: a merchant's delivered card orders (issue 25).
    index("orders_merchant_ledger_idx")
      .on(t.merchantId, t.deliveredAt)
      .where(sql`payment_method = 'card' and paid_at is not null and delivered_at is not null`),
    index("orders_checkout_idx").on(t.checkoutId),
    // Orders waiting for their merchant's answer (issue 35): the sweeper's and the admin's list.
    index("orders_waiting_idx")
      .on(t.createdAt)
      .where(sql`fulfillment_status = 'received' and status <> 'cancelled'`),
    // A merchant's own orders, newest first (the merchant portal).
    index("orders_merchant_created_idx").on(t.merchantId, t.createdAt.desc()),
    // The admin panel's search by customer, number or payment ids (issue 13).
    index("orders_admin_search_idx").using(
      "gin",
      adminSearchIndex(
        t.customerName,
        t.customerEmail,
        t.orderNumber,
        t.paymentId,
        t.paymentTransactionId,
      ),
    ),
    // Issue 37: a person's orders by e-mail and by phone digits ('Datos personales').
    index("orders_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    index("orders_customer_phone_idx").on(
      sql`regexp_replace(${t.customerPhone}, '[^0-9]', '', 'g')`,
    ),
    // The retention purge's candidates: finished orders not erased yet, by when they finished.
    index("orders_personal_data_due_idx")
      .on(sql`coalesce(${t.deliveredAt}, ${t.updatedAt})`)
      .where(
        sql`personal_data_erased_at is null and (delivered_at is not null or status = 'cancelled')`,
      ),
  ],
);

/**
 * An order's timeline (issue 25): each step and each change of status, when and by whom
 * ('merchant', 'admin', 'shopper', 'payment').
 */
export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fulfillmentStatus: text(),
    status: text(),
    actor: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_status_events_order_idx").on(t.orderId, t.id),
    check(
      "order_status_events_actor_known",
      sql`${t.actor} in ('merchant', 'admin', 'shopper', 'payment', 'system')`,
    ),
  ],
);

/** What Tiangue paid a merchant of its card orders' money (issue 25). */
export const merchantPayouts = pgTable(
  "merchant_payouts",
  {
    id: serial().primaryKey(),
    merchantId: integer().references(() => merchants.id, { onDelete: "set null" }),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    reference: text().notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    /** The administrator who recorded it. */
    recordedBy: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("merchant_payouts_merchant_idx").on(t.merchantId, t.paidAt),
    check("merchant_payouts_amount_positive", sql`${t.amount} > 0`),
  ],
);
