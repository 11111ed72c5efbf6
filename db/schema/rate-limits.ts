import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Hit counters of the rate limiter, shared by every app process. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The hourly purge deletes by reset_at.
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
