import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Hit counters of the rate limiter, shared by every app process. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
