import type { z } from "zod";
import { MAX_PRICE, priceToCents } from "../money";
import { forgiving, queryParam } from "./query";

/**
 * Issue 36, the shelf of a product list (/products, a category's and a merchant's products,
 * /search): its order and its price and availability filters, in the URL as
 * `?sort=price_asc|price_desc|rating|name|newest&minPrice=&maxPrice=&available=1`. The API
 * reads them strictly (a 400 with the field's Spanish message), a listing page forgivingly
 * (what the API would refuse is no filter), and the page cache keys on them normalised
 * (page-keys.ts), so no two spellings of one list are kept twice.
 */

export const PRODUCT_SORTS = ["newest", "price_asc", "price_desc", "rating", "name"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The order of a list when the URL gives none (the search's own is its relevance). */
export const DEFAULT_PRODUCT_SORT: ProductSort = "newest";

/** What the sort select says, in the order it offers them. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: "Más recientes",
  price_asc: "Menor precio",
  price_desc: "Mayor precio",
  rating: "Mejor calificados",
  name: "Nombre",
};

export const SORT_MESSAGE = "Orden desconocido: usa newest, price_asc, price_desc, rating o name";
export const MIN_PRICE_MESSAGE =
  "El precio mínimo debe ser un monto en dólares con hasta dos decimales, como 5 o 5.50";
export const MAX_PRICE_MESSAGE =
  "El precio máximo debe ser un monto en dólares con hasta dos decimales, como 20 o 19.99";
export const PRICE_RANGE_MESSAGE = "El precio mínimo no puede ser mayor que el precio máximo";
export const AVAILABLE_MESSAGE = "El filtro 'available' solo acepta 1 (solo disponibles) o 0";

const isSort = (text: string): text is ProductSort =>
  (PRODUCT_SORTS as readonly string[]).includes(text);

/**
 * A price bound as typed in the URL: digits with at most two decimals ('5', '5.5', '5.50'),
 * up to MAX_PRICE; answered as the database writes it ('5.50'). A third decimal is refused,
 * not rounded: a filter must not silently mean another amount.
 */
export function parsePriceBound(text: string): string | null {
  if (!/^\d{1,8}(?:\.\d{1,2})?$/.test(text)) return null;
  const cents = priceToCents(text);
  if (cents === null || cents > priceToCents(MAX_PRICE)!) return null;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const bound = (message: string) => queryParam(message, parsePriceBound);

/** 'Solo disponibles': 1 (or true) filters, 0 (or false) and absent do not. */
const available = queryParam(AVAILABLE_MESSAGE, (text) => {
  if (text === "1" || text === "true") return true as const;
  return text === "0" || text === "false" ? undefined : null;
});

/** The shelf's fields of an API list, checked strictly in this order. */
export const productShelfFields = {
  sort: queryParam(SORT_MESSAGE, (text) => (isSort(text) ? text : null)),
  minPrice: bound(MIN_PRICE_MESSAGE),
  maxPrice: bound(MAX_PRICE_MESSAGE),
  available,
};

/** What a list is asked for beside its scope and page. */
export interface ProductShelf {
  sort?: ProductSort;
  /** Exact decimal strings ('5.50'). */
  minPrice?: string;
  maxPrice?: string;
  available?: true;
}

const cents = (price: string) => priceToCents(price)!;

/** A min above the max is refused by the API (and swapped by a listing page). */
export function priceRangeIsValid(shelf: ProductShelf): boolean {
  return (
    shelf.minPrice === undefined ||
    shelf.maxPrice === undefined ||
    cents(shelf.minPrice) <= cents(shelf.maxPrice)
  );
}

/** The refinement of an API list's schema: both bounds given the wrong way round is a 400. */
export function checkPriceRange(shelf: ProductShelf, ctx: z.RefinementCtx) {
  if (!priceRangeIsValid(shelf)) {
    ctx.addIssue({ code: "custom", message: PRICE_RANGE_MESSAGE, path: ["minPrice"] });
  }
}

/**
 * A listing page's shelf: what the API would refuse is no filter, bounds the wrong way round
 * are swapped (the shopper meant the range between them), and the default order is left out,
 * so `?sort=newest` and no sort are one list.
 */
export const shelfPageFields = {
  sort: forgiving(productShelfFields.sort),
  minPrice: forgiving(productShelfFields.minPrice),
  maxPrice: forgiving(productShelfFields.maxPrice),
  available: forgiving(productShelfFields.available),
};

/** A page's shelf as its loader hands it on, normalised (see shelfPageFields). */
export function normalizeShelf(
  shelf: ProductShelf,
  { defaultSort = DEFAULT_PRODUCT_SORT }: { defaultSort?: ProductSort | null } = {},
): ProductShelf {
  let { minPrice, maxPrice } = shelf;
  if (!priceRangeIsValid(shelf)) [minPrice, maxPrice] = [maxPrice, minPrice];
  const sort = shelf.sort === defaultSort ? undefined : shelf.sort;
  return {
    ...(sort !== undefined && { sort }),
    ...(minPrice !== undefined && { minPrice }),
    ...(maxPrice !== undefined && { maxPrice }),
    ...(shelf.available && { available: true as const }),
  };
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

/** A shelf's part of a cache key: its normalised parameters in one order ('' for none). */
export function shelfKey(shelf: ProductShelf | undefined): string {
  return shelf
    ? shelfParams(shelf)
        .map(([name, value]) => `${name}=${value}`)
        .join("&")
    : "";
}

/** Whether a shelf filters (price or availability): its count is then not a stored one. */
export function shelfFilters(shelf: ProductShelf): boolean {
  return shelf.minPrice !== undefined || shelf.maxPrice !== undefined || shelf.available === true;
}
