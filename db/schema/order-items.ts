import { integer, numeric, pgTable, serial, text, index } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";
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
    quantity: integer().notNull(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
  ],
);
