import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import type { ContactEvent } from "../../../shared/merchant-portal";

/** Today in El Salvador, as PostgreSQL computes it (one clock for every process). */
const svToday = sql`(now() at time zone 'America/El_Salvador')::date`;

/**
 * Counts one event on today's row of its merchant, product and type. Only a public
 * merchant, and only a product of that merchant, are counted: anything else is ignored
 * (a beacon never fails the page that sent it).
 */
export async function countEvent(db: Queryable, event: ContactEvent): Promise<boolean> {
  const productId = event.productId ?? null;
  const result = await db.execute(sql`
    insert into merchant_daily_events (day, merchant_id, product_id, type, count)
    select ${svToday}, m.id, coalesce(p.id, 0), ${event.type}, 1
    from merchants m
    left join products p on p.id = ${productId}::int and p.merchant_id = m.id and p.is_active
    where m.id = ${event.merchantId} and m.approved and m.is_active
      and (${productId}::int is null or p.id is not null)
    on conflict (merchant_id, day, product_id, type)
    do update set count = merchant_daily_events.count + 1
    returning 1 as counted`);
  return rowsOf(result).length > 0;
}

export interface DailyRow {
  date: string;
  type: string;
  count: number;
}

/** The merchant's counts per day and type over its last `days` El Salvador days. */
export async function dailyCounts(
  db: Queryable,
  merchantId: number,
  days: number,
): Promise<DailyRow[]> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as date, type, sum(count)::int as count
    from merchant_daily_events
    where merchant_id = ${merchantId} and day > ${svToday} - ${days}::int
    group by day, type`);
  return rowsOf<DailyRow>(result);
}

/** Today's date in El Salvador ('2026-11-25'). */
export async function today(db: Queryable): Promise<string> {
  const result = await db.execute(sql`select to_char(${svToday}, 'YYYY-MM-DD') as today`);
  return rowsOf<{ today: string }>(result)[0].today;
}

/** Its products by views over the last `days` days, most viewed first. */
export async function topViewedProducts(
  db: Queryable,
  merchantId: number,
  days: number,
  limit: number,
): Promise<{ id: number; name: string; slug: string; views: number }[]> {
  const result = await db.execute(sql`
    select p.id, p.name, p.slug, sum(e.count)::int as views
    from merchant_daily_events e
    join products p on p.id = e.product_id and p.merchant_id = e.merchant_id
    where e.merchant_id = ${merchantId} and e.type = 'view' and e.day > ${svToday} - ${days}::int
    group by p.id, p.name, p.slug
    order by views desc, p.name, p.id
    limit ${limit}`);
  return rowsOf(result);
}

/** Both drivers (pg and PGlite) answer raw queries with a `rows` array. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
