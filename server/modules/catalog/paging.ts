import { PAGE_MAX } from "../../../shared/limits";
import { LIMIT_MESSAGE, OFFSET_MESSAGE, type PageQuery } from "../../../shared/schemas/query";
import { AppError } from "../../errors";

// The query string's paging is read by shared/schemas/query.ts (pageFields); these are the
// services' own check of a page they are handed (by a route or a page's loader).
export { PAGE_MAX, LIMIT_MESSAGE, OFFSET_MESSAGE, type PageQuery };

/** The page with its defaults filled in, or a 400 with the Spanish message. */
export function checkPage(page: PageQuery, defaultSize: number): Required<PageQuery> {
  const limit = page.limit ?? defaultSize;
  const offset = page.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) {
    throw AppError.badRequest(LIMIT_MESSAGE);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) throw AppError.badRequest(OFFSET_MESSAGE);
  return { limit, offset };
}

/** One page of a list and how many items match in all (the route's X-Total-Count). */
export interface Paged<T> {
  items: T[];
  total: number;
}
