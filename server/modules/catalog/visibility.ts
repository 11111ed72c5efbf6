import { and, eq, sql } from "drizzle-orm";
import { merchants, products } from "../../../db/schema/index";

/**
 * What the public may see (decisions §2): approved and active merchants, and active
 * products of such merchants. Every public query filters with these.
 */
export const publicMerchant = and(eq(merchants.approved, true), eq(merchants.isActive, true))!;

/** Use with a join of products to merchants. */
export const publicProduct = and(eq(products.isActive, true), publicMerchant)!;

/**
 * publicProduct as stored on the product (`products.is_public`, kept by the triggers of
 * migration 0004): the same rows, with no join. For counts and lists over many products.
 */
export const publicProductStored = eq(products.isPublic, true);

/** For raw SQL over aliases `m` (merchants) and `p` (products). */
export const publicMerchantSql = sql`m.approved and m.is_active`;
export const publicProductSql = sql`p.is_active and m.approved and m.is_active`;
