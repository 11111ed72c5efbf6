import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

/** Minutes in a week: Monday 00:00 is minute 0, Sunday 23:59 is minute 10079. */
export const MINUTES_PER_WEEK = 7 * 24 * 60;

/**
 * The weekly hours of `merchants.schedule` in a form 'Abierto ahora' can query
 * (docs/decisions/0011): one row per open range, in minutes of the week in El Salvador's
 * time, `[start_minute, end_minute)`. A range past Sunday midnight is stored as two rows.
 * Written with the schedule in the same transaction; never edited on its own.
 */
export const merchantHours = pgTable(
  "merchant_hours",
  {
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.startMinute] }),
    // 'Open at minute m': start <= m and end > m; the range scan reads only the early starts.
    index("merchant_hours_open_idx").on(t.startMinute, t.endMinute, t.merchantId),
    check(
      "merchant_hours_range",
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= ${sql.raw(String(MINUTES_PER_WEEK))}`,
    ),
  ],
);

/**
 * Special dates (holidays, closures) of the merchant portal: the calendar day in El
 * Salvador is closed, or open only `[open_minute, close_minute)` of that day, whatever
 * the weekly hours say (including a range of the day before that crosses midnight).
 */
export const merchantSpecialDates = pgTable(
  "merchant_special_dates",
  {
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    closed: boolean().notNull(),
    openMinute: integer(),
    closeMinute: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.date] }),
    index("merchant_special_dates_date_idx").on(t.date),
    check(
      "merchant_special_dates_hours",
      sql`${t.closed} or (${t.openMinute} >= 0 and ${t.openMinute} < ${t.closeMinute} and ${t.closeMinute} <= 1440)`,
    ),
  ],
);
