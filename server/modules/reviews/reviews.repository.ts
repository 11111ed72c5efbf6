import { and, desc, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
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

// Subqueries keep the one definition of visibility usable without table aliases.
const publicMerchantIds = (db: Queryable) =>
  db.select({ id: merchants.id }).from(merchants).where(publicMerchant);
const publicProductIds = (db: Queryable) =>
  db
    .select({ id: products.id })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(publicProduct);

/** Approved reviews of public merchants and products, newest first. */
export function listApprovedPublicReviews(
  db: Queryable,
  filter: { merchantId?: number; productId?: number },
): Promise<ReviewRow[]> {
  const conditions = [
    eq(reviews.isApproved, true),
    or(
      inArray(reviews.merchantId, publicMerchantIds(db)),
      inArray(reviews.productId, publicProductIds(db)),
    ),
  ];
  if (filter.merchantId !== undefined) conditions.push(eq(reviews.merchantId, filter.merchantId));
  if (filter.productId !== undefined) conditions.push(eq(reviews.productId, filter.productId));
  return db
    .select()
    .from(reviews)
    .where(and(...conditions))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
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
