import { sql } from "drizzle-orm";
import { boolean, integer, numeric, pgTable, serial, text, index } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";
import { productVariants } from "./product-variants";
import { products } from "./products";

/** An order line keeps the product's name, picture and price of the moment it was ordered. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    productName: text().notNull(),
    productImageUrl: text(),
    /** The variant ordered (issue 36), and its name as it was ('M · Azul'). */
    variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    variantName: text(),
    quantity: integer().notNull(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    /**
     * Whether the checkout took this line's units from a counted stock: a cancellation
     * before delivery gives them back and clears it, so they go back once.
     */
    stockTaken: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    // A deleted variant's lines keep their name and price: found by this, not by a scan.
    index("order_items_variant_idx")
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
  ],
);
