import { AppError } from "../../errors";

/** Public lists answer at most this many items a request (docs/decisions/0002, 0004). */
export const PAGE_MAX = 100;
export const LIMIT_MESSAGE = `El límite debe ser un número entero entre 1 y ${PAGE_MAX}`;
export const OFFSET_MESSAGE = "El desplazamiento debe ser un número entero mayor o igual a 0";

/** Which page of a public list: `limit` items after the first `offset`. */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

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

/**
 * `limit` and `offset` as the query string carries them: absent or empty is the default;
 * anything but digits (or a repeated parameter, which arrives as an array) is a 400.
 * Their range is checkPage's.
 */
export function parsePageQuery(query: { limit?: unknown; offset?: unknown }): PageQuery {
  const count = (value: unknown, message: string) => {
    if (value === undefined || value === "") return undefined;
    if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) throw AppError.badRequest(message);
    return Number(value);
  };
  return { limit: count(query.limit, LIMIT_MESSAGE), offset: count(query.offset, OFFSET_MESSAGE) };
}
