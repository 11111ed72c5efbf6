import { sql } from "drizzle-orm";
import { customType, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL full-text vector; only ever written by generated columns. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Accent-free, lower-case form used by search indexes. `tiangue_unaccent` is an
 * IMMUTABLE wrapper created by the first migration, so it may appear in indexes
 * and generated columns (the stock `unaccent` is only STABLE).
 */
export const folded = (column: unknown) => sql`tiangue_unaccent(lower(${column}))`;

/**
 * The administrator's search text of a row (issue 13): its columns, blank when null, joined
 * by spaces and folded. A trigram index on this very expression serves `like '%…%'`.
 */
export const adminSearchText = (...columns: unknown[]) =>
  folded(
    sql.join(
      columns.map((column) => sql`coalesce(${column}, '')`),
      sql` || ' ' || `,
    ),
  );

/** The trigram (GIN) index of adminSearchText over the same columns. */
export const adminSearchIndex = (...columns: unknown[]) =>
  sql`${adminSearchText(...columns)} gin_trgm_ops`;
