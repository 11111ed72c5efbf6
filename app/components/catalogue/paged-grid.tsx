import type { ReactNode } from "react";
import { MERCHANTS_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import { type MerchantCardData, MerchantGrid } from "./merchant-card";
import { Pagination } from "./pagination";
import { type ProductCardData, ProductGrid } from "./product-card";

/** Where a listing stands: its page, how many items in all, and its other query parameters. */
interface Paging {
  page: number;
  total: number;
  /** The listing's other query parameters, kept by the page links. */
  search: string | URLSearchParams;
}

/** One page of a listing: the grid (first row eager), then the page links. */
export function PagedGrid({
  children,
  pageSize,
  page,
  total,
  search,
}: Paging & { children: ReactNode; pageSize: number }) {
  return (
    <>
      {children}
      <Pagination className="mt-8" page={page} total={total} pageSize={pageSize} search={search} />
    </>
  );
}

/** A page of merchant cards, `MERCHANTS_PAGE_SIZE` to a page. */
export function PagedMerchantGrid({
  merchants,
  now,
  ...paging
}: Paging & {
  merchants: MerchantCardData[];
  /** The loader's clock, for the cards' 'Abierto ahora'. */
  now?: string;
}) {
  return (
    <PagedGrid pageSize={MERCHANTS_PAGE_SIZE} {...paging}>
      <MerchantGrid merchants={merchants} eagerCount={3} headingLevel="h2" now={now} />
    </PagedGrid>
  );
}

/** A page of product cards, `PRODUCTS_PAGE_SIZE` to a page. */
export function PagedProductGrid({
  products,
  eagerCount = 6,
  headingLevel = "h2",
  ...paging
}: Paging & {
  products: ProductCardData[];
  /** Leading pictures loaded with priority: 0 when the grid is below the fold. */
  eagerCount?: number;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <PagedGrid pageSize={PRODUCTS_PAGE_SIZE} {...paging}>
      <ProductGrid products={products} eagerCount={eagerCount} headingLevel={headingLevel} />
    </PagedGrid>
  );
}
