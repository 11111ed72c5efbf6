import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { productVariants } from "./product-variants";
import { products } from "./products";

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial().primaryKey(),
    sessionId: text().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The variant chosen (issue 36); null for a product without variants. */
    variantId: integer().references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 99`),
    // One line per product and variant: the same shirt in two sizes is two lines.
    unique("cart_items_session_line_key")
      .on(t.sessionId, t.productId, t.variantId)
      .nullsNotDistinct(),
    // A deleted variant's lines go by cascade: found by this, not by a scan.
    index("cart_items_variant_idx")
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
  ],
);
