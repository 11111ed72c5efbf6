import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { MapPin, Store } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { isSearchQuery, SEARCH_MIN_LENGTH } from "../../../shared/limits";
import { searchPageQuery } from "../../../shared/schemas/list-queries";
import { queryOf } from "../../../shared/schemas/query";
import { DepartmentFilter } from "../../components/catalogue/department-filter";
import { EmptyState } from "../../components/layout/empty-state";
import { PageHeader } from "../../components/layout/page-header";
import { ShopperFilters } from "../../components/catalogue/shopper-filters";
import { searchSummary, shownOfTotal } from "../../lib/search-totals";
import { shopperFilterOf, shopperParams, type ShopperFilter } from "../../lib/shopper-filter";
import { ProductGrid } from "../../components/catalogue/product-card";
import {
  ProductShelfFilters,
  shelfFiltersOnServer,
} from "../../components/catalogue/lazy-product-shelf-filters";
import { NO_SHELF_MATCH, shelfFields, shelfNarrows } from "../../lib/product-shelf";
import { pageShelf } from "../../lib/page-shelf";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/search";

export async function loader({ context, request }: Route.LoaderArgs) {
  // The shelf's form is rendered from its own module (lazy-product-shelf-filters.tsx).
  await shelfFiltersOnServer();
  const { q: query, department, ...parsed } = searchPageQuery.parse(queryOf(request.url));
  // Issue 12: open now, and the zone (issue 36) of the URL or the shopper's cookie.
  const shopper = shopperFilterOf(request, parsed);
  // Issue 36: the products' order (none: relevance), price range and 'Solo disponibles'.
  const shelf = pageShelf(parsed, null);
  const result = isSearchQuery(query)
    ? await context.services.search.search(query, { department, ...shopper, ...shelf })
    : null;
  return { query, department: department ?? "", shopper, shelf, result };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.query ?? "";
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: query ? `/search?q=${encodeURIComponent(query)}` : "/search",
    title: query ? `Resultados para "${query}"` : "Buscar",
    description: query
      ? `Comercios y productos locales de El Salvador que coinciden con "${query}".`
      : "Busca comercios y productos locales de El Salvador en Tiangue.",
    // Result pages change constantly and would compete with the real pages.
    noindex: true,
  });
}

/** One kind of result (merchants or products): its heading, how many, then the list. */
function ResultSection({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        <p className="text-sm text-stone-600">{count}</p>
      </div>
      {children}
    </section>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, department, shopper, shelf, result } = loaderData;
  const nothing = result && result.merchantTotal === 0 && result.productTotal === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title={query ? `Resultados para "${query}"` : "Buscar"}
        summary={
          result && !nothing
            ? `${searchSummary(result)}${department ? ` en ${department}` : ""}`
            : undefined
        }
      >
        {query && (
          <DepartmentFilter
            selected={department}
            hiddenFields={{ q: query, ...shopperParams(shopper), ...shelfFields(shelf) }}
          />
        )}
      </PageHeader>
      {query && (
        <ShopperFilters
          className="mb-6"
          open={shopper.open}
          zone={shopper.zone}
          hiddenFields={{ q: query, department, ...shelfFields(shelf) }}
        />
      )}

      {!result && (
        <form method="get" action="/search" role="search" className="flex max-w-xl gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            ¿Qué estás buscando?
          </label>
          <input
            id="search-page-q"
            name="q"
            type="search"
            defaultValue={query}
            required
            minLength={SEARCH_MIN_LENGTH}
            placeholder="Pupusas, café, artesanías…"
            className="h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-base focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <button
            type="submit"
            className="h-10 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            Buscar
          </button>
        </form>
      )}
      {!result && (
        <p className="mt-3 text-stone-600">
          {query
            ? `Escribe al menos ${SEARCH_MIN_LENGTH} caracteres para buscar.`
            : "Escribe el nombre de un comercio o producto."}
        </p>
      )}

      {nothing && (
        <EmptyState
          kind="search"
          description={
            shelfNarrows(shelf)
              ? `No encontramos resultados para "${query}" con estos filtros de precio y disponibilidad.`
              : `No encontramos resultados para "${query}"${department ? ` en ${department}` : ""}. Revisa cómo está escrito o prueba con otras palabras.`
          }
          action={
            shelfNarrows(shelf)
              ? { label: "Quitar filtros", to: searchWithout(query, department, shopper) }
              : undefined
          }
        />
      )}

      {result && !nothing && (
        <div className="flex flex-col gap-10">
          <ResultSection
            id="search-merchants"
            title="Comercios"
            count={shownOfTotal(result, "merchant")}
          >
            {result.merchants.length > 0 ? (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {result.merchants.map((merchant) => (
                  <li key={merchant.id}>
                    <Link
                      to={`/merchants/${merchant.slug}`}
                      className="flex h-full items-start gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:shadow-md"
                    >
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700">
                        <Store aria-hidden className="size-5" />
                      </span>
                      <span className="min-w-0">
                        <span className="block font-semibold text-stone-900">{merchant.name}</span>
                        <span className="mt-0.5 flex items-start gap-1 text-sm text-stone-600">
                          <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                          <span className="line-clamp-2">{merchant.address}</span>
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-600">Ningún comercio coincide con tu búsqueda.</p>
            )}
          </ResultSection>

          <ResultSection
            id="search-products"
            title="Productos"
            count={shownOfTotal(result, "product")}
          >
            <ProductShelfFilters
              className="mb-6"
              shelf={shelf}
              defaultSort={null}
              hiddenFields={{ q: query, department, ...shopperParams(shopper) }}
            />
            {result.products.length > 0 ? (
              <ProductGrid products={result.products} />
            ) : (
              <p className="text-stone-600">
                {shelfNarrows(shelf) ? NO_SHELF_MATCH : "Ningún producto coincide con tu búsqueda."}
              </p>
            )}
          </ResultSection>
        </div>
      )}
    </div>
  );
}

/** The search's URL without the shelf (its order and filters). */
function searchWithout(query: string, department: string, shopper: ShopperFilter): string {
  const search = new URLSearchParams({ q: query });
  if (department) search.set("department", department);
  for (const [name, value] of Object.entries(shopperParams(shopper))) {
    if (value) search.set(name, value);
  }
  return `/search?${search}`;
}

export const ErrorBoundary = routeErrorBoundary();
