import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { products } from "../../../db/schema/index";
import { DEFAULT_PRODUCT_SORT, type ProductShelf } from "../../../shared/schemas/product-sort";
import { productOrder, shelfCondition } from "../catalog/product-order";
import {
  countPublicProducts,
  listPublicProducts,
  publicWhere,
  selectProducts,
  type ProductRow,
  type PublicFilter,
} from "./products.repository";

/**
 * Issue 36: the public product lists in another order or filtered by price and availability
 * (the shelf, shared/schemas/product-sort.ts), and their counts. Each order reads its index
 * (catalog/product-order.ts); a list without a shelf is products.repository.ts's, newest
 * first through its prepared statements.
 */

export type ShelfFilter = PublicFilter & ProductShelf;

/**
 * Counted exactly up to this many matches of a price range; past it the total says "at
 * least" (`atLeast`). A range over most of a 1M catalogue would otherwise count most of an
 * index on every first page (tens of milliseconds); 10,000 is page 167 at 60 a page.
 */
export const PRICE_COUNT_CAP = 10_000;

/** One page of public products in the shelf's order, filtered by it. */
export function listShelfProducts(
  db: Queryable,
  filter: ShelfFilter & { limit: number; offset: number },
): Promise<ProductRow[]> {
  const sort = filter.sort ?? DEFAULT_PRODUCT_SORT;
  if (sort === DEFAULT_PRODUCT_SORT && shelfCondition(filter) === undefined) {
    return listPublicProducts(db, filter);
  }
  return shelfProductsQuery(db, filter);
}

/** The statement of a shelved page (also what the tests and the bench EXPLAIN). */
export function shelfProductsQuery(
  db: Queryable,
  filter: ShelfFilter & { limit: number; offset: number },
) {
  return selectProducts(db)
    .where(and(publicWhere(filter), shelfCondition(filter)))
    .orderBy(...productOrder(filter.sort ?? DEFAULT_PRODUCT_SORT))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** A list's total, and whether it is only a lower bound (a price range past PRICE_COUNT_CAP). */
export interface ShelfCount {
  total: number;
  atLeast: boolean;
}

/**
 * How many public products the shelf keeps. Without a price range the count is exact: the
 * products' own count, or for 'Solo disponibles' over the catalogue or a category, its
 * stored count less its few unavailable products (products_public_unavailable_idx), instead
 * of counting a category's 62,500 available ones. A price range, or a department's list,
 * counts at most PRICE_COUNT_CAP + 1 rows.
 */
export async function countShelfProducts(db: Queryable, filter: ShelfFilter): Promise<ShelfCount> {
  const byMerchant = filter.merchantId !== undefined || filter.department !== undefined;
  if (filter.minPrice === undefined && filter.maxPrice === undefined) {
    // A department holds a tenth of the catalogue: counting its 100,000 products at 1M took
    // 15 ms of a 30 ms page, so it is counted up to the cap like a price range.
    if (!filter.available && filter.department === undefined) {
      return { total: await countPublicProducts(db, filter), atLeast: false };
    }
    if (!byMerchant) {
      const [stored, unavailable] = await Promise.all([
        countPublicProducts(db, filter),
        unavailableCount(db, filter.categoryId),
      ]);
      return { total: Math.max(0, stored - unavailable), atLeast: false };
    }
  }
  const where = and(publicWhere(filter), shelfCondition(filter));
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(PRICE_COUNT_CAP + 1)
    .as("matches");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  const count = row?.count ?? 0;
  return count > PRICE_COUNT_CAP
    ? { total: PRICE_COUNT_CAP, atLeast: true }
    : { total: count, atLeast: false };
}

/** The public products that are not available ('Agotado'), of a category or of all. */
async function unavailableCount(db: Queryable, categoryId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(
      and(
        sql`${products.isPublic} and not ${products.inStock}`,
        categoryId === undefined ? undefined : eq(products.categoryId, categoryId),
      ),
    );
  return row?.count ?? 0;
}
