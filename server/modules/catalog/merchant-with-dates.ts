import { getTableColumns, sql, type Placeholder, type SQL } from "drizzle-orm";
import { merchants, merchantSpecialDates } from "../../../db/schema/index";
import { svMoment, timeOfMinutes, type SpecialDate } from "../../../shared/open-now";

/**
 * A public merchant read with its special dates in the same statement (issue 13): a
 * merchant page reads its merchant this way (merchants/opening.repository.ts), and a product
 * page reads its product and its seller in one statement with these same columns
 * (products/products.repository.ts).
 */

// The generated full-text column is only for search; hours_synced only for the hours' fill.
const {
  search: _search,
  hoursSynced: _hoursSynced,
  ...merchantColumns
} = getTableColumns(merchants);

/** Every column of a merchant that its DTO is made from (merchants' `MerchantRow`). */
export { merchantColumns };

/** A special date as the statement returns it, in minutes after midnight. */
export interface StoredSpecialDate {
  date: string;
  closed: boolean;
  openMinute: number | null;
  closeMinute: number | null;
}

/**
 * The merchant's special dates from `fromDate` on, oldest first, as one JSON column of a
 * statement over `merchants` ('[]' when none).
 */
export function specialDatesColumn(fromDate: Placeholder): SQL<StoredSpecialDate[]> {
  const d = merchantSpecialDates;
  return sql<StoredSpecialDate[]>`coalesce((
        select json_agg(json_build_object('date', ${d.date}, 'closed', ${d.closed},
          'openMinute', ${d.openMinute}, 'closeMinute', ${d.closeMinute}) order by ${d.date})
        from ${d} where ${d.merchantId} = ${merchants.id}
          and ${d.date} >= ${fromDate}), '[]'::json)`;
}

/** The stored dates as the API writes them ('09:00', or null when closed all day). */
export function toSpecialDates(stored: readonly StoredSpecialDate[]): SpecialDate[] {
  return stored.map((s) => ({
    date: s.date,
    closed: s.closed,
    open: s.openMinute === null ? null : timeOfMinutes(s.openMinute),
    close: s.closeMinute === null ? null : timeOfMinutes(s.closeMinute),
  }));
}

/** Yesterday in El Salvador: special dates before it can no longer matter to any page. */
export function specialDatesFrom(now: Date): string {
  return svMoment(new Date(now.getTime() - 24 * 60 * 60 * 1000)).date;
}
