import { z } from "zod";
import { findDepartment, isDepartment } from "../el-salvador";
import { PAGE_MAX } from "../limits";

/**
 * The building blocks of every query string: ids, paging and filters. The API's lists parse
 * them strictly (a wrong value is a 400 with the field's Spanish message); the listing pages
 * read the same fields forgivingly (a wrong value is no filter, or the first page), so a link
 * someone typed never shows an error page. Each list's schemas are in ./list-queries.ts.
 */

/** Ids are PostgreSQL integers: a larger number can't name a row (and would make a query fail). */
export const ROW_ID_MAX = 2_147_483_647;

/** A whole number that can be a row's id (1 to ROW_ID_MAX). */
export function isRowId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= ROW_ID_MAX;
}

/** The id a text names ("42"), or null: digits only (no sign, point or spaces), in range. */
export function parseRowId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return isRowId(id) ? id : null;
}

export const LIMIT_MESSAGE = `El límite debe ser un número entero entre 1 y ${PAGE_MAX}`;
export const OFFSET_MESSAGE = "El desplazamiento debe ser un número entero mayor o igual a 0";

/** A whole number in digits, up to 15 of them (larger ones are not safe integers). */
function parseCount(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/**
 * One query-string value, as Fastify's parser gives it: absent is undefined, and so is an
 * empty value (`?categoryId=`), which means "any"; a repeated name arrives as an array and is
 * refused like anything `parse` refuses (null), with `message`. `parse` may also answer
 * undefined: no filter.
 */
export function queryParam<T>(
  message: string,
  parse: (text: string) => T | null | undefined,
  { emptyIsAbsent = true } = {},
) {
  return z
    .unknown()
    .transform((value, ctx): T | undefined => {
      if (value === undefined || (emptyIsAbsent && value === "")) return undefined;
      const parsed = typeof value === "string" ? parse(value) : null;
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();
}

/** A text value given once, kept as sent ("" included). */
export const queryText = (message: string) =>
  queryParam(message, (text) => text, { emptyIsAbsent: false });

/** An optional id filter (`?merchantId=4`). */
export const queryId = (message: string) => queryParam(message, parseRowId);

/**
 * A department filter on text already read: blank is none; otherwise one of the 14 by its
 * exact name, or with `loose` whatever its accents and case, answered as its proper name.
 */
export function departmentFilter(message: string, { loose = false } = {}) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      const name = text?.trim();
      if (!name) return undefined;
      const department = loose ? findDepartment(name) : isDepartment(name) ? name : undefined;
      if (department === undefined) {
        ctx.addIssue({ code: "custom", message, input: text });
        return z.NEVER;
      }
      return department;
    });
}

/** A department filter in the query string (`?department=La%20Paz`). */
export const queryDepartment = (message: string, options?: { loose?: boolean }) =>
  queryText(message).pipe(departmentFilter(message, options));

/** Which page of an API list: `limit` items (1–PAGE_MAX) after the first `offset`. */
export const pageFields = {
  limit: queryParam(LIMIT_MESSAGE, (text) => {
    const limit = parseCount(text);
    return limit !== null && limit >= 1 && limit <= PAGE_MAX ? limit : null;
  }),
  offset: queryParam(OFFSET_MESSAGE, (text) => {
    const offset = parseCount(text);
    return offset !== null && Number.isSafeInteger(offset) ? offset : null;
  }),
};

/** Which page of a list, its defaults (the list's page size, 0) left to the service. */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

/** A listing page's `?page=`: a whole number ≥ 1; anything else is the first page. */
export const pageNumber = z
  .unknown()
  .optional()
  .transform((value) =>
    typeof value === "string" && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1,
  );

/** The API page a listing page shows: page 2 of 60 a page is items 61 to 120. */
export function pageWindow(page: number, pageSize: number): Required<PageQuery> {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** A listing page's reading of an API filter: a value the API would refuse means no filter. */
export function forgiving<T extends z.ZodType>(field: T) {
  return field.catch(undefined as z.output<T>);
}

/**
 * A page's URL query as the schemas read it: one text per name, the first when repeated (as
 * URLSearchParams.get reads it).
 */
export function queryOf(url: string | URL): Record<string, string> {
  // No prototype: a parameter named __proto__ is just a name.
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of new URL(url).searchParams) {
    if (!Object.hasOwn(query, name)) query[name] = value;
  }
  return query;
}
