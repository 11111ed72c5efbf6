import { MERCHANTS_PAGE_SIZE } from "../../shared/limits";
import { type MerchantCardData, MerchantGrid } from "./merchant-card";
import { Pagination } from "./pagination";

/** One page of a merchant listing: the grid (first row eager), then the page links. */
export function PagedMerchantGrid({
  merchants,
  page,
  total,
  search,
  now,
}: {
  merchants: MerchantCardData[];
  page: number;
  total: number;
  /** The listing's other query parameters, kept by the page links. */
  search: string | URLSearchParams;
  /** The loader's clock, for the cards' 'Abierto ahora'. */
  now?: string;
}) {
  return (
    <>
      <MerchantGrid merchants={merchants} eagerCount={3} headingLevel="h2" now={now} />
      <Pagination
        className="mt-8"
        page={page}
        total={total}
        pageSize={MERCHANTS_PAGE_SIZE}
        search={search}
      />
    </>
  );
}
