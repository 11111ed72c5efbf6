import { countLabel } from "../../shared/plural";
import {
  normalizeShelf,
  shelfParams,
  type ProductShelf,
  type ProductSort,
} from "../../shared/schemas/product-sort";

/**
 * A product list's shelf as its page reads it (issue 36): from the page's parsed query
 * (productsPageQuery, productShelfPageQuery, searchPageQuery), normalised: the default
 * order left out, bounds the wrong way round swapped.
 */
export function pageShelf(
  parsed: ProductShelf,
  defaultSort: ProductSort | null = "newest",
): ProductShelf {
  return normalizeShelf(
    {
      sort: parsed.sort,
      minPrice: parsed.minPrice,
      maxPrice: parsed.maxPrice,
      available: parsed.available,
    },
    { defaultSort },
  );
}

/** The shelf's parameters, for a form's hidden fields or page links that keep it. */
export function shelfFields(shelf: ProductShelf): Record<string, string> {
  return Object.fromEntries(shelfParams(shelf));
}

/** `search` with the shelf's parameters added (page links keep the shelf). */
export function withShelf(search: URLSearchParams, shelf: ProductShelf): URLSearchParams {
  for (const [name, value] of shelfParams(shelf)) search.set(name, value);
  return search;
}

/** Whether the shopper narrowed the list (then an empty list says so, and how to undo it). */
export function shelfNarrows(shelf: ProductShelf): boolean {
  return shelf.minPrice !== undefined || shelf.maxPrice !== undefined || shelf.available === true;
}

/** '12 productos', or 'Más de 10000 productos' where a price range stopped counting. */
export function productCount(total: number, atLeast?: boolean): string {
  return atLeast ? `Más de ${total} productos` : countLabel(total, "producto", "productos");
}

export const NO_SHELF_MATCH = "Ningún producto coincide con estos filtros.";
