import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";

/**
 * Keeps the stored counts and ratings true (decisions §2): every write that can change
 * them calls these inside its own transaction. Ratings are the one-decimal average of
 * approved reviews; counts include only public items.
 */

const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

export async function refreshProductStats(db: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return;
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
