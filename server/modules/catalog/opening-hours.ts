import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Queryable } from "../../../db/client";
import { merchantHours, merchants, merchantSpecialDates } from "../../../db/schema/index";
import { scheduleRanges, type SvMoment, type WeekRange } from "../../../shared/open-now";
import { districtLabelsOf, type Zone } from "../../../shared/places";

/**
 * The queries 'Abierto ahora' and 'Entrega en mi zona' share (merchant lists and
 * search; docs/decisions/0011): conditions on the merchants table over merchant_hours and
 * merchant_special_dates, and the one-time fill of the hours of rows older than them.
 */

/** Replaces a merchant's weekly ranges (merchant_hours). */
export async function replaceRanges(db: Queryable, merchantId: number, ranges: WeekRange[]) {
  await db.delete(merchantHours).where(eq(merchantHours.merchantId, merchantId));
  if (ranges.length === 0) return;
  await db
    .insert(merchantHours)
    .values(ranges.map((r) => ({ merchantId, startMinute: r.start, endMinute: r.end })));
}

const SYNC_BATCH = 500;

/**
 * Fills merchant_hours for rows written before it existed (hours_synced false), in
 * batches; returns how many it filled. SQL cannot read every shape spec §3 allows for a
 * schedule, so the migration marks them and this, run before the first open-now query of
 * a process, reads them with the same parser as the pages.
 */
async function syncPendingHours(db: Queryable): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: merchants.id, schedule: merchants.schedule })
      .from(merchants)
      .where(sql`not ${merchants.hoursSynced}`)
      .orderBy(asc(merchants.id))
      .limit(SYNC_BATCH);
    if (rows.length === 0) return filled;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await replaceRanges(tx, row.id, scheduleRanges(row.schedule));
      }
      await tx
        .update(merchants)
        .set({ hoursSynced: true })
        .where(
          inArray(
            merchants.id,
            rows.map((r) => r.id),
          ),
        );
    });
    filled += rows.length;
  }
}

/**
 * Open at that moment, on the merchants table: not temporarily closed, and today's
 * special date open now, or no special date today and a weekly range holding the minute.
 * Three uncorrelated subqueries, each read once into a hash that every merchant probes: a
 * CASE over correlated EXISTS ran two index probes per merchant, and the count of
 * 'Abierto ahora' over 4,000 merchants took 18 ms instead of 7 (issue 13).
 */
export function openAtCondition(moment: SvMoment): SQL {
  const today = sql`${moment.date}::date`;
  return sql`(not ${merchants.temporarilyClosed} and (
    ${merchants.id} in (select s.merchant_id from ${merchantSpecialDates} s where s.date = ${today}
      and not s.closed and s.open_minute <= ${moment.dayMinute} and s.close_minute > ${moment.dayMinute})
    or (${merchants.id} not in (select s.merchant_id from ${merchantSpecialDates} s where s.date = ${today})
      and ${merchants.id} in (select h.merchant_id from ${merchantHours} h
        where h.start_minute <= ${moment.weekMinute} and h.end_minute > ${moment.weekMinute}))))`;
}

/**
 * What served_places holds that puts a merchant in a zone (migration 0021): for a
 * municipality, being there ('en:M'), delivering to all of it (M) or to one of its districts,
 * to its department or the country; for a district, being in it ('en:M/D'), delivering to it
 * (its label) or to its whole municipality, its department or the country. Being somewhere
 * else in the district's municipality is not being in the district.
 */
export function zonePlaceKeys(zone: Zone): string[] {
  const keys = new Set<string>();
  for (const place of zone.places) {
    keys.add(place.municipality);
    if (place.kind === "municipality") {
      keys.add(`en:${place.municipality}`);
      for (const label of districtLabelsOf(place.municipality)) keys.add(label);
    } else {
      keys.add(place.label);
      keys.add(`en:${place.municipality}/${place.district}`);
    }
    keys.add(`departamento:${place.department}`);
  }
  keys.add("*");
  return [...keys];
}

/**
 * Located in the zone or delivering there: an overlap with the places the merchant serves
 * (merchants.served_places, one GIN index), whatever the zone.
 */
export function servesCondition(zone: Zone): SQL {
  return sql`${merchants.servedPlaces} && ${sql.param(zonePlaceKeys(zone))}::text[]`;
}

const filled = new WeakMap<object, Promise<number>>();

/**
 * Before the first open-now query of a process: fills the hours of rows written before
 * merchant_hours existed (once per database; a failure is tried again next time).
 */
export function ensureMerchantHours(db: Database): Promise<number> {
  let done = filled.get(db);
  if (!done) {
    done = syncPendingHours(db).catch((error: unknown) => {
      filled.delete(db);
      throw error;
    });
    filled.set(db, done);
  }
  return done;
}
