import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { preparedRead } from "../../../db/prepared";
import { merchants, orders, products, reviews } from "../../../db/schema/index";
import { publicMerchant, publicProductStored } from "../catalog/visibility";
import { adminSearch, countAll } from "../catalog/admin-search";

export type ReviewRow = typeof reviews.$inferSelect;
export type AdminReviewRow = ReviewRow & { targetName: string | null };

export interface NewReview {
  userId: string | null;
  userName: string;
  userEmail: string;
  rating: number;
  comment: string;
  merchantId: number | null;
  productId: number | null;
}

/** Issue 37: a review written with a delivered order's token. */
export interface NewOrderReview extends NewReview {
  orderId: number;
}

export interface PublicReviewFilter {
  merchantId?: number;
  productId?: number;
  /** Issue 37: 'Solo compras verificadas'. */
  verified?: true;
}

/**
 * Approved reviews of public merchants and products, matching the filter, over reviews
 * left-joined to their merchant and product. A review names exactly one target: only
 * its kind needs checking when the filter says which. The product side reads the stored
 * visibility (is_public), so no second merchants join.
 *
 * Joins rather than EXISTS subqueries: PostgreSQL can't make an OR of two EXISTS a join,
 * and at 100,000 products priced that plan so high that compiling it (JIT) took longer
 * than running it (over a second of the first page's 3.7 s, uncached).
 */
function approvedPublicReviews(filter: {
  merchantId?: number | Placeholder;
  productId?: number | Placeholder;
  verified?: true;
}): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(reviews.isApproved, true)];
  if (filter.verified) conditions.push(eq(reviews.verifiedPurchase, true));
  if (filter.merchantId !== undefined) conditions.push(eq(reviews.merchantId, filter.merchantId));
  if (filter.productId !== undefined) conditions.push(eq(reviews.productId, filter.productId));
  if (filter.productId !== undefined) conditions.push(publicProductStored);
  else if (filter.merchantId !== undefined) conditions.push(publicMerchant);
  else conditions.push(or(publicMerchant, publicProductStored));
  return and(...conditions);
}

function selectApprovedPublicReviews(db: Queryable, where: SQL | undefined) {
  return db
    .select(getTableColumns(reviews))
    .from(reviews)
    .leftJoin(merchants, eq(merchants.id, reviews.merchantId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** A product page's reviews, or a merchant page's, one page at a time (db/prepared.ts). */
function preparedReviewsOf(target: "productId" | "merchantId", name: string) {
  return preparedRead((db) =>
    selectApprovedPublicReviews(db, approvedPublicReviews({ [target]: sql.placeholder("id") }))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
  );
}
const reviewsOfProduct = preparedReviewsOf("productId", "public_reviews_of_product");
const reviewsOfMerchant = preparedReviewsOf("merchantId", "public_reviews_of_merchant");

/** One page of approved public reviews, newest first (the id breaks ties, so pages never overlap). */
export function listApprovedPublicReviews(
  db: Queryable,
  filter: PublicReviewFilter,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  const { merchantId, productId, verified } = filter;
  if (verified) {
    return selectApprovedPublicReviews(db, approvedPublicReviews(filter))
      .limit(page.limit)
      .offset(page.offset);
  }
  if (productId !== undefined && merchantId === undefined) {
    return reviewsOfProduct(db).execute({ id: productId, ...page });
  }
  if (merchantId !== undefined && productId === undefined) {
    return reviewsOfMerchant(db).execute({ id: merchantId, ...page });
  }
  return selectApprovedPublicReviews(db, approvedPublicReviews(filter))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many approved public reviews match the filter (every page's X-Total-Count). */
export async function countApprovedPublicReviews(
  db: Queryable,
  filter: PublicReviewFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .leftJoin(merchants, eq(merchants.id, reviews.merchantId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(approvedPublicReviews(filter));
  return row.total;
}

export interface AdminReviewFilter {
  status?: "pending" | "approved";
  verified?: true;
  /** In the author's name or the comment, case and accents aside. */
  q?: string;
}

/**
 * One page of every review with the name of what it reviews, newest first (the id breaks
 * ties), and how many match.
 */
export async function listAllReviews(
  db: Queryable,
  filter: AdminReviewFilter & { limit: number; offset: number },
): Promise<{ rows: AdminReviewRow[]; total: number }> {
  const where = and(
    filter.status === undefined ? undefined : eq(reviews.isApproved, filter.status === "approved"),
    filter.verified ? eq(reviews.verifiedPurchase, true) : undefined,
    adminSearch(filter.q, reviews.userName, reviews.comment),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...getTableColumns(reviews),
        targetName: sql<string | null>`coalesce(${merchants.name}, ${products.name})`,
      })
      .from(reviews)
      .leftJoin(merchants, eq(merchants.id, reviews.merchantId))
      .leftJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: countAll }).from(reviews).where(where),
  ]);
  return { rows, total };
}

export async function insertReview(db: Queryable, values: NewReview): Promise<ReviewRow> {
  const [row] = await db
    .insert(reviews)
    .values({ ...values, isApproved: false })
    .returning();
  return row;
}

export async function approveReview(db: Queryable, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ isApproved: true })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

export async function deleteReview(db: Queryable, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db.delete(reviews).where(eq(reviews.id, id)).returning();
  return row;
}

/**
 * Issue 37: an order's reviews, each target once. `on conflict do nothing` answers fewer rows
 * when another request of the same order wrote one of them first (the unique indexes).
 */
export async function insertOrderReviews(
  db: Queryable,
  values: NewOrderReview[],
): Promise<ReviewRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(reviews)
    .values(values.map((value) => ({ ...value, isApproved: false, verifiedPurchase: true })))
    .onConflictDoNothing()
    .returning();
}

/** The reviews written with one order's token, oldest first. */
export function listOrderReviews(db: Queryable, orderId: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.orderId, orderId)).orderBy(reviews.id);
}

/**
 * Locks the order's reviews' slot: two requests of one order take turns, so the second sees
 * what the first wrote (the unique indexes are the last guard).
 */
export async function lockOrderForReviews(db: Queryable, orderId: number): Promise<void> {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
}

/** Of these products, the ones that still exist (an order line keeps a deleted one's name). */
export async function existingProductIds(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * A review of this merchant or of one of its products (the merchant's own to answer), with
 * the merchant's name; undefined for any other review.
 */
export async function findMerchantReview(
  db: Queryable,
  merchantId: number,
  reviewId: number,
): Promise<(ReviewRow & { merchantName: string }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(reviews), merchantName: merchants.name })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .innerJoin(
      merchants,
      eq(merchants.id, sql`coalesce(${reviews.merchantId}, ${products.merchantId})`),
    )
    .where(and(eq(reviews.id, reviewId), eq(merchants.id, merchantId)));
  return row;
}

/** Writes (or rewrites) a review's reply; null removes it. */
export async function setReply(
  db: Queryable,
  id: number,
  reply: string | null,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ reply, repliedAt: reply === null ? null : sql`now()` })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

/** The merchant whose review this is (its own, or its product's), for the admin's audit. */
export async function reviewMerchantId(db: Queryable, review: ReviewRow): Promise<number | null> {
  if (review.merchantId !== null) return review.merchantId;
  if (review.productId === null) return null;
  const [row] = await db
    .select({ merchantId: products.merchantId })
    .from(products)
    .where(eq(products.id, review.productId));
  return row?.merchantId ?? null;
}

/** How many published reviews of a merchant came from its delivered orders. */
// The merchant page's 'N compras verificadas', prepared like the page's other reads.
const verifiedReviewsOfMerchant = preparedRead((db) =>
  db
    .select({ total: countAll })
    .from(reviews)
    .where(
      and(
        eq(reviews.merchantId, sql.placeholder("id")),
        eq(reviews.isApproved, true),
        eq(reviews.verifiedPurchase, true),
      ),
    )
    .prepare("public_verified_reviews_of_merchant"),
);

export async function countVerifiedMerchantReviews(
  db: Queryable,
  merchantId: number,
): Promise<number> {
  const [row] = await verifiedReviewsOfMerchant(db).execute({ id: merchantId });
  return row.total;
}

export function findReviews(db: Queryable, ids: number[]): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(inArray(reviews.id, ids));
}
