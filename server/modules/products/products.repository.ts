import { and, eq, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { preparedRead } from "../../../db/prepared";
import { categories, merchants, products } from "../../../db/schema/index";
import type { ProductFields, ProductRecord } from "../../../shared/api-types";
import { publicProduct, publicProductStored } from "../catalog/visibility";
import { productStockColumns } from "../catalog/product-stock";
import { adminSearch, countAll } from "../catalog/admin-search";
import {
  merchantColumns,
  specialDatesColumn,
  toSpecialDates,
} from "../catalog/merchant-with-dates";
import type { MerchantRow } from "../merchants/merchants.repository";
import type { SpecialDate } from "../../../shared/open-now";

/** A product with its seller's public name and slug, as the presenter needs it. */
export interface ProductRow extends ProductRecord<Date> {
  updatedAt: Date;
}

/**
 * What the service writes; counts and ratings are never taken from input, nor `in_stock`
 * (refreshAvailability in stock.repository.ts keeps it, and a product with variants' price).
 */
export type ProductValues = ProductFields &
  Pick<ProductRow, "merchantId" | "categoryId" | "isActive" | "stock" | "soldOut" | "options">;

export interface PublicFilter {
  categoryId?: number;
  merchantId?: number;
  department?: string;
}

// The generated `search` vector never leaves the database.
const productFields = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  price: products.price,
  imageUrl: products.imageUrl,
  images: products.images,
  merchantId: products.merchantId,
  categoryId: products.categoryId,
  rating: products.rating,
  reviewCount: products.reviewCount,
  isActive: products.isActive,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  merchantName: merchants.name,
  merchantSlug: merchants.slug,
  // Issue 36: stock, 'Agotado', options and variants (catalog/product-stock.ts).
  ...productStockColumns,
};

// The indexes are declared DESC NULLS LAST; a plain DESC order (nulls first) could not use them.
const newestFirst = [
  sql`${products.createdAt} desc nulls last`,
  sql`${products.id} desc nulls last`,
];

export function selectProducts(db: Queryable) {
  return db
    .select(productFields)
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId));
}

/** A filter whose ids may be a prepared statement's placeholders (db/prepared.ts). */
export type PublicFilterOrPlaceholders = Omit<PublicFilter, "categoryId" | "merchantId"> & {
  categoryId?: number | Placeholder;
  merchantId?: number | Placeholder;
};

export function publicWhere(filter: PublicFilterOrPlaceholders): SQL {
  return and(
    publicProductStored,
    filter.categoryId === undefined ? undefined : eq(products.categoryId, filter.categoryId),
    filter.merchantId === undefined ? undefined : eq(products.merchantId, filter.merchantId),
    filter.department === undefined ? undefined : eq(products.department, filter.department),
  )!;
}

/** The public products that match, newest first (the id breaks ties, so pages never overlap). */
function publicProductsNewestFirst(db: Queryable, filter: PublicFilterOrPlaceholders) {
  return selectProducts(db)
    .where(publicWhere(filter))
    .orderBy(...newestFirst);
}

/** A merchant page's products, or a category's, one page at a time (db/prepared.ts). */
function preparedPublicProductsOf(key: "merchantId" | "categoryId", name: string) {
  return preparedRead((db) =>
    publicProductsNewestFirst(db, { [key]: sql.placeholder("id") })
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
  );
}
const publicProductsOfMerchant = preparedPublicProductsOf(
  "merchantId",
  "public_products_of_merchant",
);
const publicProductsOfCategory = preparedPublicProductsOf(
  "categoryId",
  "public_products_of_category",
);

/** One page of public products, newest first. */
export function listPublicProducts(
  db: Queryable,
  filter: PublicFilter & { limit: number; offset: number },
): Promise<ProductRow[]> {
  const { categoryId, merchantId, department, limit, offset } = filter;
  if (department === undefined && (categoryId === undefined) !== (merchantId === undefined)) {
    return merchantId !== undefined
      ? publicProductsOfMerchant(db).execute({ id: merchantId, limit, offset })
      : publicProductsOfCategory(db).execute({ id: categoryId, limit, offset });
  }
  return publicProductsNewestFirst(db, filter).limit(limit).offset(offset);
}

/**
 * How many public products match. A category's, or the whole catalogue's, is read from the
 * stored counts (categories.product_count, kept true by every write in its own transaction:
 * counts.repository.ts): counting a category's 62,500 index entries took 30 ms at 1M
 * products (issue 13, docs/decisions/0018). A merchant or department filter still counts.
 */
export async function countPublicProducts(db: Queryable, filter: PublicFilter): Promise<number> {
  if (filter.merchantId === undefined && filter.department === undefined) {
    const [stored] = await db
      .select({ count: sql<number>`coalesce(sum(${categories.productCount}), 0)::int` })
      .from(categories)
      .where(filter.categoryId === undefined ? undefined : eq(categories.id, filter.categoryId));
    return stored?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(publicWhere(filter));
  return row?.count ?? 0;
}

/** Most reviewed, then best rated (decisions §2). */
export function popularProducts(db: Queryable, limit: number): Promise<ProductRow[]> {
  // NULLS LAST like products_popular_idx, so the index gives the order (never null anyway).
  return selectProducts(db)
    .where(publicProduct)
    .orderBy(
      sql`${products.reviewCount} desc nulls last`,
      sql`${products.rating} desc nulls last`,
      ...newestFirst,
    )
    .limit(limit);
}

// A product page's first read, by slug or by id (db/prepared.ts).
const publicProductBySlug = preparedRead((db) =>
  selectProducts(db)
    .where(and(eq(products.slug, sql.placeholder("slug")), publicProduct))
    .limit(1)
    .prepare("public_product_by_slug"),
);
const publicProductById = preparedRead((db) =>
  selectProducts(db)
    .where(and(eq(products.id, sql.placeholder("id")), publicProduct))
    .limit(1)
    .prepare("public_product_by_id"),
);

export async function findPublicProduct(
  db: Queryable,
  key: { id: number } | { slug: string },
): Promise<ProductRow | undefined> {
  const [row] = await ("id" in key
    ? publicProductById(db).execute({ id: key.id })
    : publicProductBySlug(db).execute({ slug: key.slug }));
  return row;
}

// /favorites' products (issue 27): the slugs go as one array parameter (db/prepared.ts).
const publicProductsBySlugs = preparedRead((db) =>
  selectProducts(db)
    .where(and(sql`${products.slug} = any(${sql.placeholder("slugs")}::text[])`, publicProduct))
    .prepare("public_products_by_slugs"),
);

/** The public products among `slugs`, in no particular order: one statement for a whole list. */
export async function findPublicProductsBySlugs(
  db: Queryable,
  slugs: readonly string[],
): Promise<ProductRow[]> {
  if (slugs.length === 0) return [];
  return publicProductsBySlugs(db).execute({ slugs: [...slugs] });
}

/**
 * A product page's read: the product with every column of its seller and the seller's
 * special dates, in one statement instead of one for each (issue 13). By slug or by id, as
 * findPublicProduct (db/prepared.ts).
 */
function selectPublicProductWithSeller(db: Queryable, match: SQL) {
  return db
    .select({
      ...productFields,
      seller: { ...merchantColumns, specialDates: specialDatesColumn(sql.placeholder("fromDate")) },
    })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(match, publicProduct))
    .limit(1);
}
const publicProductWithSellerBySlug = preparedRead((db) =>
  selectPublicProductWithSeller(db, eq(products.slug, sql.placeholder("slug"))).prepare(
    "public_product_with_seller_by_slug",
  ),
);
const publicProductWithSellerById = preparedRead((db) =>
  selectPublicProductWithSeller(db, eq(products.id, sql.placeholder("id"))).prepare(
    "public_product_with_seller_by_id",
  ),
);

/** A public product and its seller with the seller's special dates from `fromDate` on. */
export async function findPublicProductWithSeller(
  db: Queryable,
  key: { id: number } | { slug: string },
  fromDate: string,
): Promise<{ product: ProductRow; seller: MerchantRow; specialDates: SpecialDate[] } | undefined> {
  const [found] = await ("id" in key
    ? publicProductWithSellerById(db).execute({ id: key.id, fromDate })
    : publicProductWithSellerBySlug(db).execute({ slug: key.slug, fromDate }));
  if (!found) return undefined;
  const {
    seller: { specialDates, ...seller },
    ...product
  } = found;
  return { product, seller, specialDates: toSpecialDates(specialDates) };
}

/** Any product, public or not (administration). */
export async function findProductById(db: Queryable, id: number): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  return row;
}

/** The given products (a bulk upload's thousands too: the ids travel as one JSON parameter). */
export function findProductsByIds(db: Queryable, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const list = sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::integer)`;
  return selectProducts(db)
    .where(sql`${products.id} in ${list}`)
    .orderBy(products.id);
}

/** Every product, inactive and non-public ones too, newest first. */
export async function listAllProducts(
  db: Queryable,
  filter: { merchantId?: number; q?: string; limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    filter.merchantId === undefined ? undefined : eq(products.merchantId, filter.merchantId),
    adminSearch(filter.q, products.name),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: countAll }).from(products).where(where),
  ]);
  return { rows, total };
}

export async function listPublicProductSlugs(
  db: Queryable,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(publicProduct)
    .orderBy(products.id);
}

/** Which of the candidate slugs other products (all but `exceptId`) already use. */
export async function takenSlugs(
  db: Queryable,
  candidates: readonly string[],
  exceptId?: number,
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  // One JSON parameter, however many candidates: a bulk upload checks thousands at once.
  const list = sql`(select json_array_elements_text(${JSON.stringify(candidates)}::json))`;
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        sql`${products.slug} in ${list}`,
        exceptId === undefined ? undefined : ne(products.id, exceptId),
      ),
    );
  return new Set(rows.map((r) => r.slug));
}

/**
 * Serialises slug choice among concurrent product writes until their transaction ends,
 * so two writers never pick the same free slug.
 */
export async function lockProductSlugs(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('tiangue.products.slug'))`);
}

/**
 * Inserts every row in one statement, the rows travelling as one JSON parameter (a
 * thousand rows would otherwise need nine thousand bind parameters); answers the new
 * ids in input order.
 */
export async function insertProducts(
  db: Queryable,
  values: readonly ProductValues[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const json = JSON.stringify(
    values.map((v) => ({
      name: v.name,
      slug: v.slug,
      description: v.description,
      price: v.price,
      image_url: v.imageUrl,
      images: v.images,
      merchant_id: v.merchantId,
      category_id: v.categoryId,
      is_active: v.isActive,
      stock: v.stock,
      sold_out: v.soldOut,
      options: v.options,
    })),
  );
  // Both drivers (pg and PGlite) answer raw queries with a `rows` array.
  const result = (await db.execute(sql`
    insert into products (name, slug, description, price, image_url, images, merchant_id, category_id, is_active, stock, sold_out, options)
    select name, slug, description, price, image_url, images, merchant_id, category_id, is_active, stock, sold_out, options
    from json_to_recordset(${json}::json) as r(
      name text, slug text, description text, price numeric(10, 2), image_url text, images text[],
      merchant_id integer, category_id integer, is_active boolean, stock integer, sold_out boolean,
      options jsonb)
    returning id, slug`)) as unknown as { rows: { id: number | string; slug: string }[] };
  // Slugs are unique, so they give each new id its place in the input.
  const idBySlug = new Map(result.rows.map((r) => [r.slug, Number(r.id)]));
  return values.map((v) => idBySlug.get(v.slug)!);
}

export async function updateProduct(
  db: Queryable,
  id: number,
  values: Partial<Omit<ProductValues, "merchantId">>,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Deletes the product; its reviews and cart lines go by cascade, order lines keep a null id. */
export async function deleteProduct(
  db: Queryable,
  id: number,
): Promise<{ merchantId: number; categoryId: number; name: string } | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({
    merchantId: products.merchantId,
    categoryId: products.categoryId,
    name: products.name,
  });
  return row;
}

/** The stored row of one product, for updates (no join: the merchant may be anything). */
export async function findProductForUpdate(
  db: Queryable,
  id: number,
): Promise<
  | {
      id: number;
      slug: string;
      name: string;
      price: string;
      isActive: boolean;
      inStock: boolean;
      merchantId: number;
      categoryId: number;
      hasVariants: boolean;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: products.id,
      slug: products.slug,
      // What the lists sort and filter by: an edit that moves none of it moves no list.
      name: products.name,
      price: products.price,
      isActive: products.isActive,
      inStock: products.inStock,
      merchantId: products.merchantId,
      categoryId: products.categoryId,
      hasVariants: sql<boolean>`jsonb_array_length(${products.options}) > 0`,
    })
    .from(products)
    .where(eq(products.id, id))
    .for("update")
    .limit(1);
  return row;
}
