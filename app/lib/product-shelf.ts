import { countLabel } from "../../shared/plural";
import { shelfFilters, shelfParams, type ProductShelf } from "../../shared/shelf";

/**
 * What a product listing's page writes of its shelf (issue 36) on first load: links and
 * hidden fields that keep it, and its words. The loaders read the shelf with ./page-shelf.ts;
 * the form is its own chunk (components/catalogue/lazy-product-shelf-filters.tsx).
 */

/** The shelf's parameters, for a form's hidden fields. */
export function shelfFields(shelf: ProductShelf): Record<string, string> {
  return Object.fromEntries(shelfParams(shelf));
}

/** `search` with the shelf's parameters added (page links keep the shelf). */
export function withShelf(search: URLSearchParams, shelf: ProductShelf): URLSearchParams {
  for (const [name, value] of shelfParams(shelf)) search.set(name, value);
  return search;
}

/** Whether the shopper narrowed the list (then an empty list says so, and how to undo it). */
export const shelfNarrows = shelfFilters;

/** '12 productos', or 'Más de 10000 productos' where a price range stopped counting. */
export function productCount(total: number, atLeast?: boolean): string {
  return atLeast ? `Más de ${total} productos` : countLabel(total, "producto", "productos");
}

export const NO_SHELF_MATCH = "Ningún producto coincide con estos filtros.";
