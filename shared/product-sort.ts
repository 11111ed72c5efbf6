import { MAX_PRICE, priceToCents } from "./money";
import { shelfParams, type ProductShelf, type ProductSort } from "./shelf";

// The shelf itself (its orders, its shape, its parameters) is ./shelf.ts, small enough for
// every listing's first load; this module adds what the forms' chunk and the server read.
export * from "./shelf";

/**
 * Issue 36, the shelf of a product list (/products, a category's and a merchant's products,
 * /search): its orders and its price and availability filters, in the URL as
 * `?sort=price_asc|price_desc|rating|name|newest&minPrice=&maxPrice=&available=1`. Plain
 * TypeScript, for the pages' forms too (no zod on a page's first load); the query strings'
 * schemas are shared/schemas/product-sort.ts. The API reads them strictly (a 400 with the
 * field's Spanish message), a listing page forgivingly, and the page cache keys on them
 * normalised (server/http/page-key.ts), so no two spellings of one list are kept twice.
 */

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

const cents = (price: string) => priceToCents(price)!;

/** A min above the max is refused by the API (and swapped by a listing page). */
export function priceRangeIsValid(shelf: ProductShelf): boolean {
  return (
    shelf.minPrice === undefined ||
    shelf.maxPrice === undefined ||
    cents(shelf.minPrice) <= cents(shelf.maxPrice)
  );
}

/** A page's shelf as its loader hands it on, normalised (the forgiving shelfPageFields read it). */
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

/** A shelf's part of a cache key: its normalised parameters in one order ('' for none). */
export function shelfKey(shelf: ProductShelf | undefined): string {
  return shelf
    ? shelfParams(shelf)
        .map(([name, value]) => `${name}=${value}`)
        .join("&")
    : "";
}
