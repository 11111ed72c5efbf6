import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { preparedRead } from "../../../db/prepared";
import { merchants, merchantSpecialDates } from "../../../db/schema/index";
import {
  minutesOfTime,
  scheduleRanges,
  timeOfMinutes,
  type SpecialDate,
} from "../../../shared/open-now";
import { replaceRanges } from "../catalog/opening-hours";
import { publicMerchant } from "../catalog/visibility";
import {
  merchantColumns,
  specialDatesColumn,
  toSpecialDates,
} from "../catalog/merchant-with-dates";
import type { MerchantRow } from "./merchants.repository";

/**
 * The queryable side of 'Abierto ahora' and 'Entrega a mi municipio' (docs/decisions/0011):
 * merchant_hours holds the weekly ranges of each schedule, merchant_special_dates the
 * holidays; both are rewritten with the merchant in one transaction.
 */

/** Replaces the merchant's weekly ranges with those of `schedule` and marks them in step. */
export async function writeHours(db: Queryable, merchantId: number, schedule: string) {
  await replaceRanges(db, merchantId, scheduleRanges(schedule));
  await db.update(merchants).set({ hoursSynced: true }).where(eq(merchants.id, merchantId));
}

export async function replaceSpecialDates(
  db: Queryable,
  merchantId: number,
  dates: readonly SpecialDate[],
) {
  await db.delete(merchantSpecialDates).where(eq(merchantSpecialDates.merchantId, merchantId));
  if (dates.length === 0) return;
  await db.insert(merchantSpecialDates).values(
    dates.map((d) => ({
      merchantId,
      date: d.date,
      closed: d.closed,
      openMinute: d.closed || !d.open ? null : minutesOfTime(d.open),
      closeMinute: d.closed || !d.close ? null : minutesOfTime(d.close),
    })),
  );
}

/**
 * Every merchant list (a category page, /merchants, featured merchants, a search) reads its
 * cards' dates here. The ids go as one array parameter (`= any($1)`), not an IN list of
 * their own length, so the statement's text is the same for every list and it runs prepared
 * (db/prepared.ts): parsed and planned once per connection.
 */
const specialDatesOfMerchants = preparedRead((db) =>
  db
    .select()
    .from(merchantSpecialDates)
    .where(
      and(
        sql`${merchantSpecialDates.merchantId} = any(${sql.placeholder("merchantIds")}::int[])`,
        gte(merchantSpecialDates.date, sql.placeholder("fromDate")),
      ),
    )
    .orderBy(asc(merchantSpecialDates.date))
    .prepare("special_dates_of_merchants"),
);

/** The special dates of these merchants from `fromDate` on, by merchant, oldest first. */
export async function specialDatesOf(
  db: Queryable,
  merchantIds: readonly number[],
  fromDate: string,
): Promise<Map<number, SpecialDate[]>> {
  const byMerchant = new Map<number, SpecialDate[]>();
  if (merchantIds.length === 0) return byMerchant;
  const rows = await specialDatesOfMerchants(db).execute({
    merchantIds: [...merchantIds],
    fromDate,
  });
  for (const row of rows) {
    const list = byMerchant.get(row.merchantId) ?? [];
    list.push({
      date: row.date,
      closed: row.closed,
      open: row.openMinute === null ? null : timeOfMinutes(row.openMinute),
      close: row.closeMinute === null ? null : timeOfMinutes(row.closeMinute),
    });
    byMerchant.set(row.merchantId, list);
  }
  return byMerchant;
}

function selectPublicMerchantWithDates(db: Queryable, match: SQL) {
  return db
    .select({ ...merchantColumns, specialDates: specialDatesColumn(sql.placeholder("fromDate")) })
    .from(merchants)
    .where(and(publicMerchant, match))
    .limit(1);
}

// A merchant page's read (by slug), and the API's by id: db/prepared.ts.
const publicMerchantWithDatesById = preparedRead((db) =>
  selectPublicMerchantWithDates(db, eq(merchants.id, sql.placeholder("id"))).prepare(
    "public_merchant_with_dates_by_id",
  ),
);
const publicMerchantWithDatesBySlug = preparedRead((db) =>
  selectPublicMerchantWithDates(db, eq(merchants.slug, sql.placeholder("slug"))).prepare(
    "public_merchant_with_dates_by_slug",
  ),
);

// /favorites' merchants (issue 27): the slugs go as one array parameter, as merchantIds above.
const publicMerchantsWithDatesBySlugs = preparedRead((db) =>
  db
    .select({ ...merchantColumns, specialDates: specialDatesColumn(sql.placeholder("fromDate")) })
    .from(merchants)
    .where(and(publicMerchant, sql`${merchants.slug} = any(${sql.placeholder("slugs")}::text[])`))
    .prepare("public_merchants_with_dates_by_slugs"),
);

/**
 * The public merchants among `slugs`, in no particular order, each with its special dates
 * from `fromDate` on: one statement for a shopper's whole list of favourites.
 */
export async function findPublicMerchantsWithDates(
  db: Queryable,
  slugs: readonly string[],
  fromDate: string,
): Promise<{ row: MerchantRow; specialDates: SpecialDate[] }[]> {
  if (slugs.length === 0) return [];
  const found = await publicMerchantsWithDatesBySlugs(db).execute({ slugs: [...slugs], fromDate });
  return found.map(({ specialDates, ...row }) => ({
    row,
    specialDates: toSpecialDates(specialDates),
  }));
}

/**
 * A public merchant by id or slug with its special dates from `fromDate` on (oldest first),
 * in one statement: a merchant page reads its merchant this way, one query instead of two
 * (issue 13). A product page reads its seller with the product (products.repository.ts).
 */
export async function findPublicMerchantWithDates(
  db: Queryable,
  key: { id: number } | { slug: string },
  fromDate: string,
): Promise<{ row: MerchantRow; specialDates: SpecialDate[] } | undefined> {
  const [found] = await ("id" in key
    ? publicMerchantWithDatesById(db).execute({ id: key.id, fromDate })
    : publicMerchantWithDatesBySlug(db).execute({ slug: key.slug, fromDate }));
  if (!found) return undefined;
  const { specialDates, ...row } = found;
  return { row, specialDates: toSpecialDates(specialDates) };
}
