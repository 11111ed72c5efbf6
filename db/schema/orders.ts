import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
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
    /** 'card' or 'whatsapp' (issue 10); null for orders made otherwise. */
    paymentMethod: text(),
    /** Wompi's IdTransaccion once the payment is confirmed. */
    paymentTransactionId: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_known", sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    index("orders_created_idx").on(t.createdAt.desc()),
    check(
      "orders_payment_method_known",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('card', 'whatsapp')`,
    ),
    index("orders_checkout_idx").on(t.checkoutId),
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
  ],
);
