import { useEffect, useId } from "react";
import { Pagination, pageCount } from "../catalogue/pagination";
import { Label } from "../ui/label";
import { SearchInput } from "./search-input";
import type { ListPaging } from "./use-list-paging";

/** A tab's search box: the server searches once typing pauses, from page 1. */
export function ListSearch({
  paging,
  label,
  placeholder = label,
  visibleLabel = false,
  className,
}: {
  paging: ListPaging;
  label: string;
  placeholder?: string;
  visibleLabel?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id} className={visibleLabel ? undefined : "sr-only"}>
        {label}
      </Label>
      <SearchInput
        id={id}
        className={visibleLabel ? "mt-1" : undefined}
        placeholder={placeholder}
        value={paging.input}
        onChange={(event) => paging.setInput(event.target.value)}
      />
    </div>
  );
}

/**
 * Under a page of a list: how many of how many ('Mostrando 20 de 135 comercios'),
 * and the page buttons. A delete that empties the last page shows the one before.
 */
export function ListPager({
  paging,
  total,
  shown,
  noun,
}: {
  paging: ListPaging;
  total: number;
  shown: number;
  /** The plural of what the list holds ('comercios'). */
  noun: string;
}) {
  const { page, setPage, pageSize } = paging;
  useEffect(() => {
    const last = pageCount(total, pageSize);
    if (page > last) setPage(last);
  }, [page, pageSize, setPage, total]);
  return (
    <div className="grid gap-3">
      {shown > 0 && (
        <p className="text-center text-sm text-stone-700" role="status">
          Mostrando {shown} de {total} {noun}
        </p>
      )}
      <Pagination page={page} total={total} pageSize={pageSize} onPageChange={setPage} />
    </div>
  );
}
