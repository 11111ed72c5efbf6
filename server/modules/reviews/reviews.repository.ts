import { and, desc, eq, getTableColumns, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { preparedRead } from "../../../db/prepared";
import { merchants, products, reviews } from "../../../db/schema/index";
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

export interface PublicReviewFilter {
  merchantId?: number;
  productId?: number;
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
}): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(reviews.isApproved, true)];
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
  const { merchantId, productId } = filter;
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
