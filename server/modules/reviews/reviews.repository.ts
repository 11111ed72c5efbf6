import { and, desc, eq, exists, getTableColumns, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchants, products, reviews } from "../../../db/schema/index";
import { publicMerchant, publicProduct } from "../catalog/visibility";

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

// Correlated subqueries (one index probe per review) keep the one definition of
// visibility; an IN over every public product would read the whole catalogue.
const ofPublicMerchant = (db: Queryable) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(merchants)
      .where(and(eq(merchants.id, reviews.merchantId), publicMerchant)),
  );
const ofPublicProduct = (db: Queryable) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .where(and(eq(products.id, reviews.productId), publicProduct)),
  );

export interface PublicReviewFilter {
  merchantId?: number;
  productId?: number;
}

/** Approved reviews of public merchants and products, matching the filter. */
function approvedPublicReviews(db: Queryable, filter: PublicReviewFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(reviews.isApproved, true)];
  if (filter.merchantId !== undefined) conditions.push(eq(reviews.merchantId, filter.merchantId));
  if (filter.productId !== undefined) conditions.push(eq(reviews.productId, filter.productId));
  // A review names exactly one target: only its kind needs checking when the filter says which.
  if (filter.productId !== undefined) conditions.push(ofPublicProduct(db));
  else if (filter.merchantId !== undefined) conditions.push(ofPublicMerchant(db));
  else conditions.push(or(ofPublicMerchant(db), ofPublicProduct(db)));
  return and(...conditions);
}

/** One page of approved public reviews, newest first (the id breaks ties, so pages never overlap). */
export function listApprovedPublicReviews(
  db: Queryable,
  filter: PublicReviewFilter,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(approvedPublicReviews(db, filter))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
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
    .where(approvedPublicReviews(db, filter));
  return row.total;
}

/** Every review with the name of what it reviews, newest first. */
export function listAllReviews(db: Queryable): Promise<AdminReviewRow[]> {
  return db
    .select({
      ...getTableColumns(reviews),
      targetName: sql<string | null>`coalesce(${merchants.name}, ${products.name})`,
    })
    .from(reviews)
    .leftJoin(merchants, eq(merchants.id, reviews.merchantId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** True when the merchant is public; locks it so it can't vanish before the insert. */
export async function lockPublicMerchant(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, id), publicMerchant))
    .for("share");
  return rows.length > 0;
}

/** True when the product is public; locks it so it can't vanish before the insert. */
export async function lockPublicProduct(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(eq(products.id, id), publicProduct))
    .for("share");
  return rows.length > 0;
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
