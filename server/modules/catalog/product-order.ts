import { and, eq, gte, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { folded } from "../../../db/schema/columns";
import { products } from "../../../db/schema/index";
import type { ProductShelf, ProductSort } from "../../../shared/schemas/product-sort";

/**
 * Issue 36: the orders and filters of a product list's shelf, written once for the product
 * lists and the search. Each order is written exactly as its index is declared
 * (db/schema/products.ts), or PostgreSQL would sort instead of reading the index: descending
 * keys NULLS LAST like the indexes; a descending price as the price index read backwards;
 * the name folded in byte order ('C'), as products_public_name_prefix_idx. Every order ends
 * in the id, so a page never shares a row with the next one.
 */

/** The columns an order reads: the products table, or a subquery's columns of the same names. */
export interface OrderColumns {
  id: AnyColumn;
  name: AnyColumn;
  price: AnyColumn;
  rating: AnyColumn;
  reviewCount: AnyColumn;
  createdAt: AnyColumn;
}

const descLast = (column: AnyColumn) => sql`${column} desc nulls last`;

/** The ORDER BY of a sort. */
export function productOrder(sort: ProductSort, columns: OrderColumns = products): SQL[] {
  switch (sort) {
    case "price_asc":
      return [sql`${columns.price} asc`, sql`${columns.id} asc`];
    case "price_desc":
      return [sql`${columns.price} desc`, sql`${columns.id} desc`];
    case "rating":
      return [descLast(columns.rating), descLast(columns.reviewCount), descLast(columns.id)];
    case "name":
      return [sql`(${folded(columns.name)} collate "C") asc`, sql`${columns.id} asc`];
    case "newest":
      return [descLast(columns.createdAt), descLast(columns.id)];
  }
}

/**
 * The shelf's filters on products: the price range (products.price, for a product with
 * variants its lowest available variant's price) and 'Solo disponibles' (the stored
 * in_stock; public rows are active already). Undefined when the shelf filters nothing.
 */
export function shelfCondition(shelf: ProductShelf): SQL | undefined {
  return and(
    shelf.minPrice === undefined ? undefined : gte(products.price, shelf.minPrice),
    shelf.maxPrice === undefined ? undefined : lte(products.price, shelf.maxPrice),
    shelf.available ? eq(products.inStock, true) : undefined,
  );
}
