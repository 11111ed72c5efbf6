/**
 * A product list's shelf (issue 36): its order and its price and availability filters, and
 * how they are written in a URL. Only this reaches a listing's first load (its links keep the
 * shelf); the labels, the messages and the parsing are ./product-sort.ts.
 */

export const PRODUCT_SORTS = ["newest", "price_asc", "price_desc", "rating", "name"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** What a list is asked for beside its scope and page. */
export interface ProductShelf {
  sort?: ProductSort;
  /** Exact decimal strings ('5.50'). */
  minPrice?: string;
  maxPrice?: string;
  available?: true;
}

/** The shelf's query parameters, in one order, for links and keys ('available=1'). */
export function shelfParams(shelf: ProductShelf): [string, string][] {
  const params: [string, string][] = [];
  if (shelf.sort) params.push(["sort", shelf.sort]);
  if (shelf.minPrice) params.push(["minPrice", shelf.minPrice]);
  if (shelf.maxPrice) params.push(["maxPrice", shelf.maxPrice]);
  if (shelf.available) params.push(["available", "1"]);
  return params;
}

/** Whether a shelf filters (price or availability): its count is then not a stored one. */
export function shelfFilters(shelf: ProductShelf): boolean {
  return shelf.minPrice !== undefined || shelf.maxPrice !== undefined || shelf.available === true;
}
