import { and, asc, desc, eq, isNull, like, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { preparedRead } from "../../../db/prepared";
import { categories, merchants, products } from "../../../db/schema/index";
import { folded } from "../../../db/schema/columns";
import type { SvMoment } from "../../../shared/open-now";
import { publicMerchant } from "../catalog/visibility";
import { adminSearch, countAll } from "../catalog/admin-search";
import { openAtCondition, servesCondition } from "../catalog/opening-hours";
import { merchantColumns } from "../catalog/merchant-with-dates";
import type { Zone } from "../../../shared/places";

export type MerchantRow = Omit<typeof merchants.$inferSelect, "search" | "hoursSynced">;

/** What a write may set; counts and ratings belong to the counts repository. */
export type MerchantValues = Omit<
  typeof merchants.$inferInsert,
  | "id"
  | "search"
  | "createdAt"
  | "updatedAt"
  | "rating"
  | "reviewCount"
  | "productCount"
  | "hoursSynced"
>;

export interface PublicMerchantFilter {
  categoryId?: number;
  department?: string;
  /** Open at that moment in El Salvador ('Abierto ahora'). */
  openAt?: SvMoment;
  /** Located in or delivering to that zone (a municipality or a district). */
  serves?: Zone;
}

export const MERCHANT_SLUG_CONSTRAINT = "merchants_slug_unique";

const byName = [folded(merchants.name), asc(merchants.id)] as const;

function publicWhere(
  filter: Omit<PublicMerchantFilter, "categoryId"> & { categoryId?: number | Placeholder },
) {
  return and(
    publicMerchant,
    filter.categoryId === undefined ? undefined : eq(merchants.categoryId, filter.categoryId),
    filter.department === undefined ? undefined : eq(merchants.department, filter.department),
    filter.openAt === undefined ? undefined : openAtCondition(filter.openAt),
    filter.serves === undefined ? undefined : servesCondition(filter.serves),
  );
}

/** A filter by category alone: its count is stored and its page a prepared statement. */
function categoryOnly(filter: PublicMerchantFilter): number | undefined {
  const { categoryId, department, openAt, serves } = filter;
  return department || openAt || serves ? undefined : categoryId;
}

/** The public merchants that match, by name (the id breaks ties, so pages never overlap). */
function publicMerchantsByName(db: Queryable, filter: Parameters<typeof publicWhere>[0]) {
  return db
    .select(merchantColumns)
    .from(merchants)
    .where(publicWhere(filter))
    .orderBy(...byName);
}

// A category page's merchants (db/prepared.ts).
const publicMerchantsOfCategory = preparedRead((db) =>
  publicMerchantsByName(db, { categoryId: sql.placeholder("categoryId") })
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("public_merchants_of_category"),
);

/** One page of the public merchants that match, by name. */
export function listPublicMerchantsPage(
  db: Queryable,
  filter: PublicMerchantFilter & { limit: number; offset: number },
): Promise<MerchantRow[]> {
  const { limit, offset } = filter;
  const categoryId = categoryOnly(filter);
  if (categoryId !== undefined) {
    return publicMerchantsOfCategory(db).execute({ categoryId, limit, offset });
  }
  return publicMerchantsByName(db, filter).limit(limit).offset(offset);
}

/**
 * How many public merchants match (the X-Total-Count of a page). A category's alone is its
 * stored count (categories.merchant_count: the same approved, active merchants, kept true by
 * every write: counts.repository.ts), as products' are (issue 13).
 */
export async function countPublicMerchants(
  db: Queryable,
  filter: PublicMerchantFilter,
): Promise<number> {
  const categoryId = categoryOnly(filter);
  if (categoryId !== undefined) {
    const [stored] = await db
      .select({ count: categories.merchantCount })
      .from(categories)
      .where(eq(categories.id, categoryId));
    return stored?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(merchants)
    .where(publicWhere(filter));
  return row?.count ?? 0;
}

export function listFeaturedMerchants(db: Queryable, limit: number): Promise<MerchantRow[]> {
  // NULLS LAST like merchants_featured_idx, so the index gives the order (never null anyway).
  return db
    .select(merchantColumns)
    .from(merchants)
    .where(publicMerchant)
    .orderBy(
      sql`${merchants.rating} desc nulls last`,
      sql`${merchants.reviewCount} desc nulls last`,
      ...byName,
    )
    .limit(limit);
}

export async function findPublicMerchant(
  db: Queryable,
  key: { id: number } | { slug: string },
): Promise<MerchantRow | undefined> {
  const match = "id" in key ? eq(merchants.id, key.id) : eq(merchants.slug, key.slug);
  const [row] = await db
    .select(merchantColumns)
    .from(merchants)
    .where(and(publicMerchant, match))
    .limit(1);
  return row;
}

export function listPublicMerchantSlugs(
  db: Queryable,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: merchants.slug, updatedAt: merchants.updatedAt })
    .from(merchants)
    .where(publicMerchant)
    .orderBy(asc(merchants.id));
}

/** A page of an admin merchant list (issue 13): `q` searches name, e-mail and address. */
export interface AdminMerchantPage {
  q?: string;
  limit: number;
  offset: number;
  /** Issue 37: only approved merchants still without their razón social or NIT/DUI. */
  legal?: "missing";
}

/** The index merchants_missing_legal_idx reads exactly this. */
const missingLegalIdentity = sql`${merchants.approved} and (${merchants.legalName} is null or ${merchants.taxId} is null)`;

const pendingMerchant = and(eq(merchants.approved, false), isNull(merchants.rejectionReason));

async function adminMerchantPage(
  db: Queryable,
  page: AdminMerchantPage,
  scope: SQL | undefined,
  order: SQL[],
): Promise<{ rows: MerchantRow[]; total: number }> {
  const where = and(
    scope,
    page.legal === "missing" ? missingLegalIdentity : undefined,
    adminSearch(page.q, merchants.name, merchants.email, merchants.address),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(merchantColumns)
      .from(merchants)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: countAll }).from(merchants).where(where),
  ]);
  return { rows, total };
}

/** Every merchant, newest first (the admin list), a page at a time. */
export function listAllMerchants(db: Queryable, page: AdminMerchantPage) {
  return adminMerchantPage(db, page, undefined, [desc(merchants.createdAt), desc(merchants.id)]);
}

/** Awaiting a decision: not approved and never rejected, oldest first, a page at a time. */
export function listPendingMerchants(db: Queryable, page: AdminMerchantPage) {
  return adminMerchantPage(db, page, pendingMerchant, [
    asc(merchants.createdAt),
    asc(merchants.id),
  ]);
}

/** Every merchant's id, name, category and status, by name: the admin forms' pickers. */
export function listMerchantNames(db: Queryable) {
  return db
    .select({
      id: merchants.id,
      name: merchants.name,
      categoryId: merchants.categoryId,
      approved: merchants.approved,
      rejectionReason: merchants.rejectionReason,
    })
    .from(merchants)
    .orderBy(...byName);
}

/** Reads a merchant and locks its row until the transaction ends, so writes see its true old state. */
export async function findMerchantForUpdate(
  db: Queryable,
  id: number,
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select(merchantColumns)
    .from(merchants)
    .where(eq(merchants.id, id))
    .for("update");
  return row;
}

/** Slugs already taken by `base` and its numbered forms (`base-2`, `base-3`…). */
export async function slugsLike(db: Queryable, base: string): Promise<string[]> {
  // Slugs hold only a-z, 0-9 and hyphens, so `base` has no LIKE wildcards.
  const rows = await db
    .select({ slug: merchants.slug })
    .from(merchants)
    .where(or(eq(merchants.slug, base), like(merchants.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export async function insertMerchant(db: Queryable, values: MerchantValues): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(values).returning(merchantColumns);
  return row;
}

export async function updateMerchant(
  db: Queryable,
  id: number,
  values: Partial<MerchantValues>,
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .update(merchants)
    .set(values)
    .where(eq(merchants.id, id))
    .returning(merchantColumns);
  return row;
}

/**
 * Deletes a merchant; the foreign keys remove its products, their reviews and cart
 * lines and its own reviews, and empty the product id of order lines.
 */
export async function deleteMerchant(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .delete(merchants)
    .where(eq(merchants.id, id))
    .returning({ id: merchants.id });
  return rows.length > 0;
}

/** Categories of a merchant's products: their counts move with the merchant's visibility. */
export async function productCategoryIds(db: Queryable, merchantId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.merchantId, merchantId));
  return rows.map((r) => r.categoryId);
}
