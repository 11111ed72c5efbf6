import { Pagination } from "./pagination";
import { type ProductCardData, ProductGrid } from "./product-card";

/** Products per page of a listing (/products, a category's products tab). */
export const PRODUCTS_PER_PAGE = 60;

/** One page of a product listing: the grid (first row eager), then the page links. */
export function PagedProductGrid({
  products,
  page,
  total,
  search,
}: {
  products: ProductCardData[];
  page: number;
  total: number;
  /** The listing's other query parameters, kept by the page links. */
  search: URLSearchParams;
}) {
  return (
    <>
      <ProductGrid products={products} eagerCount={6} headingLevel="h2" />
      <Pagination
        className="mt-8"
        page={page}
        total={total}
        pageSize={PRODUCTS_PER_PAGE}
        search={search}
      />
    </>
  );
}
