import { normalizeShelf, type ProductShelf, type ProductSort } from "../../shared/product-sort";

/**
 * A product list's shelf as its page's loader reads it (issue 36): from the page's parsed
 * query (productsPageQuery, productShelfPageQuery, searchPageQuery), normalised: the default
 * order left out, bounds the wrong way round swapped. Loaders only: the parsing stays out of
 * the pages' first-load JavaScript.
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
