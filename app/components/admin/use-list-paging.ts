import { useEffect, useState } from "react";
import { ADMIN_TAB_PAGE_SIZE, isSearchQuery } from "../../../shared/limits";

/** How long the search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A tab's page and search (issue 13): `input` is what the box shows, `q` the same text
 * once typing pauses (from 3 characters on); a new search or filter (`resetPage`) goes back
 * to page 1. `params` is what the list's API reads (`q`, `limit`, `offset`).
 */
export function useListPaging(pageSize = ADMIN_TAB_PAGE_SIZE) {
  const [input, setInput] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);

  useEffect(() => {
    // Like the public search, fewer than 3 characters search nothing: the trigram indexes
    // can't narrow them, so the server would read every row (1.2 s at 100,000 products).
    const text = isSearchQuery(input) ? input.trim() : "";
    if (text === q) return;
    const timer = setTimeout(() => {
      setQ(text);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, q]);

  return {
    input,
    setInput,
    q,
    page,
    setPage,
    pageSize,
    resetPage: () => setPage(1),
    params: { q: q || undefined, limit: pageSize, offset: (page - 1) * pageSize },
  };
}

export type ListPaging = ReturnType<typeof useListPaging>;
