import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchants, products } from "../../../db/schema/index";
import { shelfFilters, type ProductSort } from "../../../shared/schemas/product-sort";
import { productOrder, shelfCondition } from "../catalog/product-order";
import {
  bestFirst,
  candidatesOf,
  except,
  matchOf,
  merchantFilter,
  type SearchPass,
} from "./search.repository";

// The products a search finds: matched through the GIN index, or the newest (or first in a
// shelf's order) for a very common word; ranked by search.repository.ts's order.

export interface ProductHit {
  id: number;
  slug: string;
  name: string;
  imageUrl: string;
  price: string;
  /** What a shelf's order reads (issue 36), when the exact and the typo pass are merged. */
  rating: string;
  reviewCount: number;
  createdAt: Date;
  total: number;
}

const hasMerchantFilter = (pass: SearchPass) =>
  pass.department !== undefined || pass.openAt !== undefined || pass.serves !== undefined;

/**
 * Matches of `pass` through the GIN index on `search`, best first (nameTier, then rank),
 * among the first `ranked` matches the index gives (table order): `total` counts those, so
 * `total === ranked` says there may be more. Issue 13: 'hamaca' at 1M products matched
 * 25,000 rows, and reading and ranking all of them took 440 ms; the bitmap scan stops
 * after `ranked` rows (docs/decisions/0018). Visibility is the stored products.is_public, so
 * no match is joined to its merchant (only a merchant filter reads merchants, by its index).
 */
export async function matchingProducts(
  db: Queryable,
  pass: SearchPass,
  limit: number,
  ranked: number,
): Promise<ProductHit[]> {
  const capped = db
    .select({ id: products.id })
    .from(products)
    .where(productMatch(db, pass))
    .limit(ranked);
  return bestProducts(db, pass, capped.getSQL(), limit);
}

/**
 * The best `limit` of a product list's candidates (candidatesOf around `capped`): nameTier,
 * then rank, then name. `total` counts the candidates.
 */
function bestProducts(db: Queryable, pass: SearchPass, capped: SQL, limit: number) {
  const found = db
    .select({ ...productFields, search: products.search })
    .from(products)
    .where(
      candidatesOf(db, products, pass, capped, {
        visible: PUBLIC_PRODUCT,
        match: productMatch(db, pass, true),
      }),
    )
    .as("found");
  // Issue 36: a shelf's order replaces relevance; the candidates are the same.
  const sort = pass.shelf?.sort;
  return db
    .select({
      id: found.id,
      slug: found.slug,
      name: found.name,
      imageUrl: found.imageUrl,
      price: found.price,
      rating: found.rating,
      reviewCount: found.reviewCount,
      createdAt: found.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(found)
    .orderBy(...(sort ? productOrder(sort, found) : bestFirst(found, pass)))
    .limit(limit);
}

/** The public rows, as the prefix index's predicate writes them. */
const PUBLIC_PRODUCT = sql`is_public`;

function productMatch(db: Queryable, pass: SearchPass, unindexed = false): SQL {
  return and(
    matchOf(products.search, pass.tsquery, unindexed),
    eq(products.isPublic, true),
    pass.shelf ? shelfCondition(pass.shelf) : undefined,
    except(products.search, pass.except),
    hasMerchantFilter(pass)
      ? inArray(
          products.merchantId,
          db.select({ id: merchants.id }).from(merchants).where(merchantFilter(pass)),
        )
      : undefined,
  )!;
}

/**
 * Matches of a very common query (see commonness): the newest `candidates` matches, read
 * through the newest-first index and stopping there, ranked like matchingProducts. GIN only
 * offers bitmap scans, which would first collect every match; the match is written so that
 * the index cannot serve it (matchOf). `total` counts the candidates; the caller estimates
 * the matches. With a shelf's order (issue 36) the first `limit` matches in that order are
 * the answer itself, exact however many rows match, when they lie within ORDER_WALK rows of
 * its index (firstInOrder); else the newest `candidates` are ranked in that order. A shelf
 * that filters reads its first `candidates` in its order, which the statistics' estimate
 * cannot count (the caller then says "at least" them).
 */
export async function commonMatchingProducts(
  db: Queryable,
  pass: SearchPass,
  limit: number,
  candidates: number,
): Promise<ProductHit[]> {
  const sort = pass.shelf?.sort;
  const filtered = pass.shelf !== undefined && shelfFilters(pass.shelf);
  if (sort !== undefined && sort !== "newest" && !filtered) {
    const ids = await firstInOrder(db, pass, sort, limit);
    if (ids.length >= limit) {
      return bestProducts(db, pass, sql`select unnest(${sql.param(ids)}::int[])`, limit);
    }
  }
  const first = db
    .select({ id: products.id })
    .from(products)
    .where(productMatch(db, pass, true))
    // Unfiltered, newest first whatever the order asked: another order's index could hold the
    // word's matches only at its far end (ORDER_WALK). A filtered shelf walks its order's
    // index, its filters checked inside it, so 'Menor precio' is the cheapest of them.
    .orderBy(...productOrder(filtered ? (sort ?? "newest") : "newest"))
    .limit(sort === "newest" && !filtered ? limit : candidates);
  return bestProducts(db, pass, first.getSQL(), limit);
}

/**
 * How many rows of an order's index a common query walks for its first page (issue 36). A
 * word in 2 % of the rows, spread evenly, has its 20 first matches within 1,000 of them; but
 * a word may gather where the order puts it last («café» among the worst rated: 277,000 rows
 * walked, 600 ms at 1M), so the walk stops a little past that. Past this many rows the page is ranked from the newest matches in
 * that order instead, as relevance ranks them (decision 0018).
 */
const ORDER_WALK = 1_200;

/**
 * The ids of the first `limit` matches among the first ORDER_WALK public products in `sort`'s
 * order: every match of the page when there are `limit` of them (none better in that order
 * lies further on). The walk reads each row once, for its `search`; the match is checked
 * outside the LIMIT, so the walk stops there (no merchant filter reaches a common query).
 */
async function firstInOrder(
  db: Queryable,
  pass: SearchPass,
  sort: ProductSort,
  limit: number,
): Promise<number[]> {
  const walked = db
    .select({ id: products.id, search: products.search })
    .from(products)
    .where(eq(products.isPublic, true))
    .orderBy(...productOrder(sort))
    .limit(ORDER_WALK)
    .as("walked");
  const rows = await db
    .select({ id: walked.id })
    .from(walked)
    .where(and(matchOf(walked.search, pass.tsquery, true), except(walked.search, pass.except)))
    .limit(limit);
  return rows.map((row) => row.id);
}

const productFields = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  rating: products.rating,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
};
