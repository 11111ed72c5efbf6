import type { z } from "zod";
import {
  parsePriceBound,
  priceRangeIsValid,
  type ProductShelf,
  AVAILABLE_MESSAGE,
  MAX_PRICE_MESSAGE,
  MIN_PRICE_MESSAGE,
  PRICE_RANGE_MESSAGE,
  PRODUCT_SORTS,
  SORT_MESSAGE,
  type ProductSort,
} from "../product-sort";
import { forgiving, queryParam } from "./query";

/**
 * The shelf's query-string fields (issue 36; what they mean: shared/product-sort.ts, also
 * re-exported here for the server): strict for the API lists, forgiving for the pages.
 */
export * from "../product-sort";

const isSort = (text: string): text is ProductSort =>
  (PRODUCT_SORTS as readonly string[]).includes(text);

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
