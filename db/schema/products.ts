import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { createdAt, folded, tsvector, updatedAt } from "./columns";
import { merchants } from "./merchants";

export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    imageUrl: text().notNull(),
    images: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    rating: numeric({ precision: 2, scale: 1 }).notNull().default("0.0"),
    reviewCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(description, ''))), 'C')`,
    ),
  },
  (t) => [
    // Newest first, unfiltered: the /products page.
    index("products_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // A merchant's or a category's products, newest first: the id breaks ties like the queries do.
    index("products_merchant_idx").on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index("products_category_idx").on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    // Most reviewed, best rated, newest: the whole order of the popular products.
    index("products_popular_idx").on(
      t.reviewCount.desc(),
      t.rating.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("products_search_idx").using("gin", t.search),
    index("products_name_trgm_idx").using("gin", sql`${folded(t.name)} gin_trgm_ops`),
  ],
);
