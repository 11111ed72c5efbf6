import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Issue 37: the electronic invoice (DTE, Ministerio de Hacienda) a merchant issued for one
 * of its orders, as the merchant recorded it: Tiangue issues none, it keeps and shows the
 * código de generación and the date Hacienda's public lookup asks for. One per order.
 */
export const orderDte = pgTable(
  "order_dte",
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The DTE's código de generación, a UUID. */
    code: uuid().notNull(),
    /** Its fecha de emisión (El Salvador's calendar day). */
    issuedOn: date({ mode: "string" }).notNull(),
    /** When the merchant last wrote it. */
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("order_dte_issued_on_sane", sql`${t.issuedOn} >= date '2020-01-01'`)],
);
