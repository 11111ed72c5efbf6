import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { products } from "./products";

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial().primaryKey(),
    sessionId: text().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 99`),
    uniqueIndex("cart_items_session_product_idx").on(t.sessionId, t.productId),
  ],
);
