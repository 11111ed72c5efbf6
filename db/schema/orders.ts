import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_known", sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    index("orders_created_idx").on(t.createdAt.desc()),
  ],
);
