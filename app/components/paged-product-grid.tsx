import { PRODUCTS_PAGE_SIZE } from "../../shared/limits";
import { Pagination } from "./pagination";
import { type ProductCardData, ProductGrid } from "./product-card";

/** One page of a product listing: the grid (first row eager), then the page links. */
export function PagedProductGrid({
  products,
  page,
  total,
  search,
  eagerCount = 6,
  headingLevel = "h2",
}: {
  products: ProductCardData[];
  page: number;
  total: number;
  /** The listing's other query parameters, kept by the page links. */
  search: URLSearchParams | string;
  /** Leading pictures loaded with priority: 0 when the grid is below the fold. */
  eagerCount?: number;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <>
      <ProductGrid products={products} eagerCount={eagerCount} headingLevel={headingLevel} />
      <Pagination
        className="mt-8"
        page={page}
        total={total}
        pageSize={PRODUCTS_PAGE_SIZE}
        search={search}
      />
    </>
  );
}
