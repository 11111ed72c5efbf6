import { sql, type SQL } from "drizzle-orm";
import { adminSearchText } from "../../../db/schema/columns";

/** `%`, `_` and `\` typed by the admin are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admin panel's search (issue 13): `q` anywhere in the columns' text, case and accents
 * aside. The expression is the one the tables' `…_admin_search_idx` trigram indexes hold
 * (db/schema/columns.ts), so PostgreSQL answers it from the index; undefined without `q`.
 */
export function adminSearch(q: string | undefined, ...columns: unknown[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return sql`${adminSearchText(...columns)} like '%' || tiangue_unaccent(lower(${escapeLike(text)}::text)) || '%'`;
}

/** The count of a page's list, read beside the page. */
export const countAll = sql<number>`count(*)::int`;
