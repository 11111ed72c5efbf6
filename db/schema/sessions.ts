import { index, json, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Server-side sessions, in the shape of spec §3 (the connect-pg-simple layout). */
export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the session id; only the cookie carries the id itself. */
    sid: text().primaryKey(),
    sess: json().notNull(),
    expire: timestamp({ precision: 6, withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);
