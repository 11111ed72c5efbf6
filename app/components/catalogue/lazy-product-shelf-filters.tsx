import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";
import { cn } from "../ui/cn";

/*
 * The shelf's form (issue 36) is not needed to paint a listing, and its code in the catalog
 * chunk would reach every catalogue page (the product and merchant pages sit at the 140 KiB
 * first-load budget, issue 27). As the registration form does: the server renders the whole
 * form into the HTML (the listing's loader has imported its module, shelfFiltersOnServer), so
 * a page never shows a placeholder; the browser hydrates the rest of the page without it and
 * the form once its small chunk has arrived (React's selective hydration of a lazy boundary).
 * Without JavaScript it is a plain GET form either way.
 */
const loadShelf = () => import("./product-shelf-filters");

/** The form's module on the server, set by a listing's loader; always undefined in the browser. */
let serverShelf: Awaited<ReturnType<typeof loadShelf>> | undefined;

/** Called by each listing's loader, so that the server renders the form itself. */
export async function shelfFiltersOnServer(): Promise<void> {
  serverShelf ??= await loadShelf();
}

type Props = ComponentProps<Awaited<ReturnType<typeof loadShelf>>["ProductShelfFilters"]>;

/** A failed download (offline, a new deploy) must not take the page down: the list stays. */
function NoShelf(_props: Props): ReactNode {
  return null;
}

const LazyShelf = lazy(() =>
  loadShelf().then(
    (module): { default: (props: Props) => ReactNode } => ({
      default: module.ProductShelfFilters,
    }),
    () => ({ default: NoShelf }),
  ),
);

/** 'Ordenar por', the price range and 'Solo disponibles' (product-shelf-filters.tsx). */
export function ProductShelfFilters(props: Props) {
  const Shelf = serverShelf?.ProductShelfFilters ?? LazyShelf;
  return (
    // Only a page reached by a link in the browser waits for the chunk: a space of its height.
    <Suspense fallback={<div aria-hidden className={cn("min-h-16", props.className)} />}>
      <Shelf {...props} />
    </Suspense>
  );
}
