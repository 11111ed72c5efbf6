import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { categories, merchants, products } from "../../../db/schema/index";
import { publicMerchant, publicProduct } from "./visibility";

/*
 * The catalogue reads that several modules need from tables they do not own: whether a
 * product or merchant is public (locked for the write that depends on it), a merchant's
 * name for a product, which categories exist. One copy here, used by cart, reviews,
 * products and merchants alike.
 */

/** True when the product is public; locks it (FOR SHARE) so it can't vanish before the insert. */
export async function lockPublicProduct(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(eq(products.id, id), publicProduct))
    .for("share");
  return rows.length > 0;
}

/** True when the merchant is public; locks it (FOR SHARE) so it can't vanish before the insert. */
export async function lockPublicMerchant(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, id), publicMerchant))
    .for("share");
  return rows.length > 0;
}

/** A merchant, public or not, as a product write needs it: names for slugs, its category. */
export async function findMerchantSummary(
  db: Queryable,
  id: number,
): Promise<{ id: number; name: string; slug: string; categoryId: number } | undefined> {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      slug: merchants.slug,
      categoryId: merchants.categoryId,
    })
    .from(merchants)
    .where(eq(merchants.id, id))
    .limit(1);
  return row;
}

/** Which of the given category ids exist. */
export async function existingCategoryIds(
  db: Queryable,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
