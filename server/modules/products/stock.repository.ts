import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { products, productVariants } from "../../../db/schema/index";

/*
 * Issue 36: a product's variants, its stored availability (`in_stock`) and lowest price, and
 * the stock a checkout takes and a cancellation gives back. See db/schema/products.ts.
 */

export interface VariantValues {
  id?: number;
  options: Record<string, string>;
  name: string;
  price: string;
  stock: number | null;
  soldOut: boolean;
  sku: string | null;
}

/** Which of a product's variants exist, by id. */
export async function variantIdsOf(db: Queryable, productId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return new Set(rows.map((row) => row.id));
}

/**
 * Writes a product's variants whole, in order: those with a kept id are updated, the others
 * inserted, and the ones not sent deleted (their cart lines go with them; order lines keep
 * their name). The caller checked that every id is this product's.
 */
export async function replaceVariants(
  db: Queryable,
  productId: number,
  variants: readonly VariantValues[],
): Promise<void> {
  const kept = variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  await db
    .delete(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        kept.length > 0 ? sql`${productVariants.id} <> all(${sql.param(kept)}::int[])` : undefined,
      ),
    );
  for (const [position, v] of variants.entries()) {
    const values = {
      options: v.options,
      name: v.name,
      price: v.price,
      stock: v.stock,
      soldOut: v.soldOut,
      sku: v.sku,
      position,
    };
    if (v.id === undefined) {
      await db.insert(productVariants).values({ productId, ...values });
    } else {
      await db
        .update(productVariants)
        .set(values)
        .where(and(eq(productVariants.id, v.id), eq(productVariants.productId, productId)));
    }
  }
}

/** Inserts the variants of many new products at once (the CSV): one JSON parameter. */
export async function insertVariants(
  db: Queryable,
  rows: readonly (VariantValues & { productId: number; position: number })[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((v) => ({
      product_id: v.productId,
      options: v.options,
      name: v.name,
      price: v.price,
      stock: v.stock,
      sold_out: v.soldOut,
      sku: v.sku,
      position: v.position,
    })),
  );
  await db.execute(sql`
    insert into product_variants (product_id, options, name, price, stock, sold_out, sku, position)
    select product_id, options, name, price, stock, sold_out, sku, position
    from json_to_recordset(${json}::json) as r(product_id integer, options jsonb, name text,
      price numeric(10, 2), stock integer, sold_out boolean, sku text, position integer)`);
}

/** A product whose stored availability or lowest variant price has just changed. */
export interface AvailabilityChange {
  id: number;
  merchantId: number;
  inStock: boolean;
  price: string;
}

/**
 * Recomputes `in_stock`, and a product with variants' `price` (its lowest available
 * variant's, else its lowest), of these products; answers those that changed. Rows are
 * only written when something changes, so an unchanged product keeps its row as it was.
 */
export async function refreshAvailability(
  db: Queryable,
  productIds: readonly number[],
): Promise<AvailabilityChange[]> {
  if (productIds.length === 0) return [];
  const ids = [...new Set(productIds)];
  const result = (await db.execute(sql`
    with next as (
      select p.id,
        not p.sold_out and case
          when jsonb_array_length(p.options) > 0 then exists (
            select 1 from product_variants v
            where v.product_id = p.id and not v.sold_out and (v.stock is null or v.stock > 0))
          else p.stock is null or p.stock > 0
        end as in_stock,
        (select coalesce(
            min(v.price) filter (where not p.sold_out and not v.sold_out and (v.stock is null or v.stock > 0)),
            min(v.price))
          from product_variants v where v.product_id = p.id) as variant_price
      from products p where p.id = any(${sql.param(ids)}::int[])
    )
    update products p
    set in_stock = n.in_stock, price = coalesce(n.variant_price, p.price)
    from next n
    where p.id = n.id
      and (p.in_stock <> n.in_stock or (n.variant_price is not null and p.price <> n.variant_price))
    returning p.id, p.merchant_id, p.in_stock, p.price::text as price`)) as unknown as {
    rows: { id: number; merchant_id: number; in_stock: boolean; price: string }[];
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    merchantId: Number(row.merchant_id),
    inStock: row.in_stock,
    price: row.price,
  }));
}

/** A line of stock to take or give back: a product's own, or one of its variants'. */
export interface StockLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** The stock of what the lines name, once locked (products and variants by id). */
export interface StockState {
  products: Map<
    number,
    {
      name: string;
      merchantId: number;
      stock: number | null;
      soldOut: boolean;
      isActive: boolean;
      hasVariants: boolean;
    }
  >;
  variants: Map<
    number,
    { productId: number; name: string; stock: number | null; soldOut: boolean }
  >;
}

/**
 * Locks what the lines count, always in one order (products by id, then variants by id) so
 * that two checkouts never wait on each other in a circle: the products with a counted stock,
 * and those with a counted variant among the lines, FOR UPDATE. An uncounted product is not
 * locked (its checkouts need not take turns). Then reads every line's product and variant.
 */
export async function lockStock(db: Queryable, lines: readonly StockLine[]): Promise<StockState> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const variantIds = [
    ...new Set(lines.flatMap((l) => (l.variantId === null ? [] : [l.variantId]))),
  ];
  if (productIds.length === 0) return { products: new Map(), variants: new Map() };
  await db.execute(sql`
    select p.id from products p
    where p.id = any(${sql.param(productIds)}::int[])
      and (p.stock is not null or exists (
        select 1 from product_variants v
        where v.product_id = p.id and v.id = any(${sql.param(variantIds)}::int[]) and v.stock is not null))
    order by p.id
    for update of p`);
  if (variantIds.length > 0) {
    await db.execute(sql`
      select id from product_variants
      where id = any(${sql.param(variantIds)}::int[]) and stock is not null
      order by id
      for update`);
  }
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      merchantId: products.merchantId,
      stock: products.stock,
      soldOut: products.soldOut,
      isActive: products.isActive,
      hasVariants: sql<boolean>`jsonb_array_length(${products.options}) > 0`,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const variantRows =
    variantIds.length === 0
      ? []
      : await db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            name: productVariants.name,
            stock: productVariants.stock,
            soldOut: productVariants.soldOut,
          })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds))
          .orderBy(asc(productVariants.id));
  return {
    products: new Map(productRows.map(({ id, ...row }) => [id, row])),
    variants: new Map(variantRows.map(({ id, ...row }) => [id, row])),
  };
}

/**
 * Adds `delta` units (negative: takes them) to each counted product or variant; an uncounted
 * one (stock null) stays uncounted. The rows are locked by lockStock first.
 */
export async function changeStock(
  db: Queryable,
  changes: readonly { productId: number; variantId: number | null; delta: number }[],
): Promise<void> {
  const own = changes.filter((c) => c.variantId === null);
  const ofVariants = changes.filter((c) => c.variantId !== null);
  if (own.length > 0) {
    const json = JSON.stringify(own.map((c) => ({ id: c.productId, delta: c.delta })));
    await db.execute(sql`
      update products p set stock = p.stock + r.delta
      from json_to_recordset(${json}::json) as r(id integer, delta integer)
      where p.id = r.id and p.stock is not null`);
  }
  if (ofVariants.length > 0) {
    const json = JSON.stringify(ofVariants.map((c) => ({ id: c.variantId, delta: c.delta })));
    await db.execute(sql`
      update product_variants v set stock = v.stock + r.delta
      from json_to_recordset(${json}::json) as r(id integer, delta integer)
      where v.id = r.id and v.stock is not null`);
  }
}

/** The merchant's one-tap 'Marcar agotado' / 'Hay de nuevo', and its count when given. */
export async function setProductStock(
  db: Queryable,
  id: number,
  values: { soldOut?: boolean; stock?: number | null },
): Promise<boolean> {
  if (values.soldOut === undefined && values.stock === undefined) {
    return (
      (await db.select({ id: products.id }).from(products).where(eq(products.id, id))).length > 0
    );
  }
  const rows = await db
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}
