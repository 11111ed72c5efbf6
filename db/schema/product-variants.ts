import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { products } from "./products";

/**
 * A combination of a product's options that it sells (issue 36): 'M · Azul' with its own
 * price, stock and 'Agotado'. Written whole with its product; `position` keeps the form's
 * order. The product's `price` and `in_stock` follow these rows (db/schema/products.ts).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Option name → value, one entry per option of the product: {"Talla": "M"}. */
    options: jsonb().$type<Record<string, string>>().notNull(),
    /** The values in the product's option order, joined by ' · ': 'M · Azul'. */
    name: text().notNull(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    /** Units left; null: not counted. */
    stock: integer(),
    soldOut: boolean().notNull().default(false),
    sku: text(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("product_variants_stock_not_negative", sql`${t.stock} >= 0`),
    index("product_variants_product_idx").on(t.productId, t.position),
  ],
);
