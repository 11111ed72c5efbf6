import {
  AVAILABLE_MESSAGE,
  DEFAULT_PRODUCT_SORT,
  MAX_PRICE_MESSAGE,
  MIN_PRICE_MESSAGE,
  parsePriceBound,
  PRICE_RANGE_MESSAGE,
  PRODUCT_SORTS,
  priceRangeIsValid,
  SORT_MESSAGE,
  type ProductShelf,
  type ProductSort,
} from "../../../shared/schemas/product-sort";
import { AppError } from "../../errors";

/**
 * The services' own check of a shelf they are handed (by a route, already parsed, or by a
 * page's loader): a 400 with the field's Spanish message for what the API refuses, and the
 * shelf normalised, so that one list has one cache key: the default order left out
 * (`defaultSort`: newest for the product lists, none for the search), prices as '5.50'.
 */
export function checkShelf(
  shelf: ProductShelf,
  { defaultSort = DEFAULT_PRODUCT_SORT }: { defaultSort?: ProductSort | null } = {},
): ProductShelf {
  const { sort, available } = shelf;
  if (sort !== undefined && !(PRODUCT_SORTS as readonly unknown[]).includes(sort)) {
    throw AppError.badRequest(SORT_MESSAGE);
  }
  const minPrice = bound(shelf.minPrice, MIN_PRICE_MESSAGE);
  const maxPrice = bound(shelf.maxPrice, MAX_PRICE_MESSAGE);
  if (!priceRangeIsValid({ minPrice, maxPrice })) throw AppError.badRequest(PRICE_RANGE_MESSAGE);
  if (available !== undefined && typeof available !== "boolean") {
    throw AppError.badRequest(AVAILABLE_MESSAGE);
  }
  return {
    ...(sort !== undefined && sort !== defaultSort && { sort }),
    ...(minPrice !== undefined && { minPrice }),
    ...(maxPrice !== undefined && { maxPrice }),
    ...(available === true && { available: true as const }),
  };
}

function bound(price: unknown, message: string): string | undefined {
  if (price === undefined) return undefined;
  const parsed = typeof price === "string" ? parsePriceBound(price) : null;
  if (parsed === null) throw AppError.badRequest(message);
  return parsed;
}
