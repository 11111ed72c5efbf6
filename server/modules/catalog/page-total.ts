/**
 * The number of matches a page's rows already tell (issue 13): a page with room left, or
 * an empty page at the start, holds the last match, so the count query is not needed (most
 * products have fewer reviews, most merchants fewer products, than a page holds). Undefined
 * when only a count can tell: a full page, or an empty page past the start.
 */
export function pageTotal(
  page: { limit: number; offset: number },
  rowCount: number,
): number | undefined {
  if (rowCount >= page.limit) return undefined;
  if (rowCount === 0 && page.offset > 0) return undefined;
  return page.offset + rowCount;
}
