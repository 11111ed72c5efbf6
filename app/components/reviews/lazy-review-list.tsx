import { lazy, Suspense, type ReactNode } from "react";
import type { ReviewListProps } from "./review-list";

/*
 * The product and merchant pages' reviews sit below their tabs, and the list's code (its
 * pages, 'Ver más reseñas', 'Solo compras verificadas', the replies) would otherwise put
 * 2.6 KB on the first load of the two heaviest public pages (issue 27's budget, decision
 * 0035). As the shelf's form does (lazy-product-shelf-filters.tsx): the server renders the
 * whole list into the HTML (the page's loader has imported its module, reviewListOnServer),
 * so nobody sees a placeholder; the browser hydrates the rest of the page first and the list
 * once its chunk has arrived. Without JavaScript the reviews are there all the same.
 */
const loadList = () => import("./review-list");

/** The list's module on the server, set by a page's loader; always undefined in the browser. */
let serverList: Awaited<ReturnType<typeof loadList>> | undefined;

/** Called by the loaders of the pages that show reviews, so that the server renders them. */
export async function reviewListOnServer(): Promise<void> {
  serverList ??= await loadList();
}

/** A failed download (offline, a new deploy) keeps what the server wrote, read-only. */
function NoList(_props: ReviewListProps): ReactNode {
  return null;
}

const LazyList = lazy(() =>
  loadList().then(
    (module): { default: (props: ReviewListProps) => ReactNode } => ({
      default: module.ReviewList,
    }),
    () => ({ default: NoList }),
  ),
);

/** The reviews of a product or a merchant (review-list.tsx). */
export function ReviewList(props: ReviewListProps) {
  const List = serverList?.ReviewList ?? LazyList;
  return (
    // Only a page reached by a link in the browser waits for the chunk: a space of its height.
    <Suspense fallback={<div aria-hidden className="min-h-40" />}>
      <List {...props} />
    </Suspense>
  );
}
