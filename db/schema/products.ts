import { sql, type SQL } from "drizzle-orm";
import {
  type ExtraConfigColumn,
  type IndexBuilder,
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
import { categories } from "./categories";
import { adminSearchIndex, createdAt, folded, tsvector, updatedAt } from "./columns";
import { merchants } from "./merchants";

/** One of a product's options (issue 36): 'Talla' with its values 'S', 'M', 'L'. */
export interface ProductOption {
  name: string;
  values: string[];
}

/*
 * Issue 36, stock and variants. For the public lists' sort and filter (price, 'Solo
 * disponibles'), two stored columns answer without a join:
 * - `price`: for a product with variants, its lowest available variant's price (the lowest of
 *   all when none is available), kept by every write of its variants or their stock;
 * - `in_stock`: not `sold_out`, and its `stock` null or above 0 (with variants: some variant
 *   so). Available = `is_active and in_stock` (public lists already ask `is_public`).
 * Both are kept by the products module (products.stock.ts, refreshAvailability) in the
 * transaction of each write: the product form, the CSV, the checkout and a cancellation.
 */
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
    /**
     * Denormalised public visibility (visibility.ts's publicProduct: active, and its merchant
     * approved and active), kept by triggers (migration 0004) so search needs no join.
     */
    isPublic: boolean().notNull().default(false),
    /** Units left; null: not counted (then only `sold_out` stops it). Unused with variants. */
    stock: integer(),
    /** The merchant's 'Marcar agotado': unavailable whatever the stock, variants too. */
    soldOut: boolean().notNull().default(false),
    /** At most 3 options; [] for a product without variants (product_variants). */
    options: jsonb()
      .$type<ProductOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Stored availability but for `is_active` (see above): what 'Solo disponibles' filters. */
    inStock: boolean().notNull().default(true),
    /**
     * Its merchant's department, kept by triggers (migration 0023) like `is_public`: a
     * department's list reads its own indexes instead of joining every product to merchants.
     */
    department: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(description, ''))), 'C')`,
    ),
  },
  (t) => [
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
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
    // The public lists (issue 36): every order of the public products, of a category's, a
    // merchant's and a department's, read from its own index, so no list sorts (a descending
    // price walks the price index backwards). Every order ends in the id, so pages never
    // overlap, and then in `price` and `in_stock`: a price range and 'Solo disponibles' are
    // checked inside the index, and only the rows they keep are read (docs/decisions/0037).
    ...publicOrderIndexes("products_public", [], t),
    ...publicOrderIndexes("products_public_category", [t.categoryId], t),
    ...publicOrderIndexes("products_public_merchant", [t.merchantId], t),
    ...publicOrderIndexes("products_public_department", [t.department], t),
    // 'Solo disponibles' counted as the stored public count less these few (issue 36).
    index("products_public_unavailable_idx")
      .on(t.categoryId)
      .where(sql`is_public and not in_stock`),
    // Without the pending list (fastupdate), a search never reads unsorted recent entries.
    index("products_search_idx").using("gin", t.search).with({ fastupdate: false }),
    // The admin panel's search by name (issue 13).
    index("products_admin_search_idx").using("gin", adminSearchIndex(t.name)),
  ],
);

/** The columns of the products table that its public lists' indexes name. */
type OrderColumns = Record<
  "price" | "inStock" | "createdAt" | "id" | "rating" | "reviewCount" | "name",
  ExtraConfigColumn
>;

/**
 * The indexes of one scope's orders (`keys`: none, the category, the merchant or the
 * department; the price index serves both price orders), each followed by price and in_stock.
 * The whole catalogue by name is products_public_name_prefix_idx, which the search also reads
 * for names that start with its words (a prefix is a range of it, in byte order "C").
 */
function publicOrderIndexes(
  prefix: string,
  keys: ExtraConfigColumn[],
  t: OrderColumns,
): IndexBuilder[] {
  const name = sql`(${folded(t.name)} collate "C")`;
  type Key = Partial<ExtraConfigColumn> | SQL;
  const partial = (indexName: string, columns: Key[]) =>
    index(indexName)
      .on(columns[0]!, ...columns.slice(1))
      .where(sql`is_public`);
  return [
    partial(`${prefix}_created_idx`, [
      ...keys,
      t.createdAt.desc(),
      t.id.desc(),
      t.price,
      t.inStock,
    ]),
    // The price is this one's order: only in_stock follows it.
    partial(`${prefix}_price_idx`, [...keys, t.price, t.id, t.inStock]),
    partial(`${prefix}_rating_idx`, [
      ...keys,
      t.rating.desc(),
      t.reviewCount.desc(),
      t.id.desc(),
      t.price,
      t.inStock,
    ]),
    partial(
      prefix === "products_public" ? "products_public_name_prefix_idx" : `${prefix}_name_idx`,
      [...keys, name, t.id, t.price, t.inStock],
    ),
  ];
}
