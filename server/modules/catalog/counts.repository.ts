import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";

/**
 * Keeps the stored counts and ratings true (decisions §2): every write that can change
 * them calls these inside its own transaction. Ratings are the one-decimal average of
 * approved reviews; counts include only public items.
 *
 * Concurrency (PostgreSQL, READ COMMITTED): a recount reads the reviews and products as
 * they were when its statement began. Two transactions recounting one target at once
 * would each miss the other's uncommitted change, and the second to write would store
 * its stale count. So each recount first locks its target rows (FOR NO KEY UPDATE, the
 * lock the UPDATE takes anyway; it doesn't conflict with the key-share locks foreign
 * keys take on inserts), then recounts in a new statement, whose snapshot sees what the
 * previous holder committed. Row locks rather than advisory locks: writers already
 * hold the merchant's or product's row lock when they recount (merchant and product
 * updates), and a second kind of lock taken in another order could deadlock with it.
 * Ids are locked in ascending order, and callers lock products, then merchants, then
 * categories, so two recounts never wait on each other in a circle.
 */

const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * Locks the rows whose counts this transaction recomputes, in id order (all rows without
 * ids). The refresh functions take it themselves; a writer takes it first when its own
 * statements would otherwise share-lock the row before the recount: products' is_public
 * trigger reads the merchant FOR SHARE, and two writers each holding that share lock
 * would wait for each other to recount the merchant (a deadlock).
 */
export async function lockCountTargets(
  db: Queryable,
  table: "products" | "merchants" | "categories",
  ids?: readonly number[],
) {
  const only = ids ? sql`where id in ${idList(ids)}` : sql``;
  await db.execute(
    sql`select id from ${sql.identifier(table)} ${only} order by id for no key update`,
  );
}

export async function refreshProductStats(db: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await lockCountTargets(db, "products", productIds);
  await db.execute(sql`
    update products p set
      rating = s.rating,
      review_count = s.review_count
    from (
      select p2.id,
        coalesce(round(avg(r.rating)::numeric, 1), 0) as rating,
        count(r.id)::int as review_count
      from products p2
      left join reviews r on r.product_id = p2.id and r.is_approved
      where p2.id in ${idList(productIds)}
      group by p2.id
    ) s
    where p.id = s.id and (p.rating <> s.rating or p.review_count <> s.review_count)`);
}

export async function refreshMerchantStats(db: Queryable, merchantIds: readonly number[]) {
  if (merchantIds.length === 0) return;
  await lockCountTargets(db, "merchants", merchantIds);
  await db.execute(sql`
    update merchants m set
      rating = s.rating,
      review_count = s.review_count,
      product_count = s.product_count
    from (
      select m2.id,
        coalesce((select round(avg(r.rating)::numeric, 1) from reviews r
                  where r.merchant_id = m2.id and r.is_approved), 0) as rating,
        (select count(*)::int from reviews r where r.merchant_id = m2.id and r.is_approved) as review_count,
        (select count(*)::int from products p where p.merchant_id = m2.id and p.is_active) as product_count
      from merchants m2
      where m2.id in ${idList(merchantIds)}
    ) s
    where m.id = s.id
      and (m.rating <> s.rating or m.review_count <> s.review_count or m.product_count <> s.product_count)`);
}

/** Recounts the given categories, or all of them when no ids are given. */
export async function refreshCategoryCounts(db: Queryable, categoryIds?: readonly number[]) {
  if (categoryIds && categoryIds.length === 0) return;
  await lockCountTargets(db, "categories", categoryIds);
  const only = categoryIds ? sql`where c2.id in ${idList(categoryIds)}` : sql``;
  await db.execute(sql`
    update categories c set
      merchant_count = s.merchant_count,
      product_count = s.product_count
    from (
      select c2.id,
        (select count(*)::int from merchants m
          where m.category_id = c2.id and m.approved and m.is_active) as merchant_count,
        (select count(*)::int from products p join merchants m on m.id = p.merchant_id
          where p.category_id = c2.id and p.is_active and m.approved and m.is_active) as product_count
      from categories c2
      ${only}
    ) s
    where c.id = s.id and (c.merchant_count <> s.merchant_count or c.product_count <> s.product_count)`);
}
