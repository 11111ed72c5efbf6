import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { data, Link, useNavigate, useSearchParams } from "react-router";
import type { MouseEvent, ReactNode } from "react";
import { MERCHANTS_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import { pageNumber, pageWindow } from "../../../shared/schemas/query";
import { EmptyState } from "../../components/layout/empty-state";
import { merchantCardData, MerchantGridSkeleton } from "../../components/catalogue/merchant-card";
import { productCardData, ProductGridSkeleton } from "../../components/catalogue/product-card";
import { PagedMerchantGrid, PagedProductGrid } from "../../components/catalogue/paged-grid";
import { ShopperFilters } from "../../components/catalogue/shopper-filters";
import { merchantsPageQuery, productShelfPageQuery } from "../../../shared/schemas/list-queries";
import {
  ProductShelfFilters,
  shelfFiltersOnServer,
} from "../../components/catalogue/lazy-product-shelf-filters";
import { NO_SHELF_MATCH, shelfNarrows, withShelf } from "../../lib/product-shelf";
import { pageShelf } from "../../lib/page-shelf";
import { queryOf } from "../../../shared/schemas/query";
import { shopperFilterOf, shopperParams } from "../../lib/shopper-filter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { pageMeta, pageTitle, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/category-detail";

type Tab = "comercios" | "productos";

function tabOf(value: string | null): Tab {
  return value === "productos" ? "productos" : "comercios";
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // The shelf's form is rendered from its own module (lazy-product-shelf-filters.tsx).
  await shelfFiltersOnServer();
  const { categories, merchants, products } = context.services;
  const category = await categories.getBySlug(params.categorySlug);
  if (!category) throw data(null, { status: 404 });

  const url = new URL(request.url);
  // ?page= pages the tab shown; the other tab shows its first page.
  const page = pageNumber.parse(url.searchParams.get("page") ?? undefined);
  const tab = tabOf(url.searchParams.get("tab"));
  const merchantPageNumber = tab === "comercios" ? page : 1;
  // Issue 12: the merchants tab takes open now and the shopper's municipality (URL or cookie).
  const { open, zone, municipality } = merchantsPageQuery.parse(queryOf(request.url));
  const shopper = shopperFilterOf(request, { open, zone, municipality });
  const productPageNumber = tab === "productos" ? page : 1;
  // Only the tab shown is loaded; the other tab's label needs only its count (the products'
  // is the category's stored count). Both lists made every visit carry a list it doesn't
  // show (issue 13): at 1M products, 229 KB of HTML instead of 203 KB, 6 statements instead of 4.
  const merchantFilter = { categoryId: category.id, ...shopper };
  if (tab === "comercios") {
    const merchantPage = await merchants.listPublic(
      merchantFilter,
      pageWindow(merchantPageNumber, MERCHANTS_PAGE_SIZE),
    );
    return {
      tab,
      category,
      merchants: merchantPage.items.map(merchantCardData),
      merchantTotal: merchantPage.total,
      merchantPage: merchantPageNumber,
      products: [],
      productTotal: category.productCount,
      productTotalAtLeast: false,
      page: productPageNumber,
      shelf: {},
      shopper,
      now: new Date().toISOString(),
    };
  }
  // Issue 36: the products tab's order, price range and 'Solo disponibles'.
  const shelf = pageShelf(productShelfPageQuery.parse(queryOf(request.url)));
  const [merchantTotal, productPage] = await Promise.all([
    merchants.countPublic(merchantFilter),
    products.listPublic({
      categoryId: category.id,
      ...shelf,
      ...pageWindow(productPageNumber, PRODUCTS_PAGE_SIZE),
    }),
  ]);
  return {
    tab,
    category,
    merchants: [],
    merchantTotal,
    merchantPage: merchantPageNumber,
    products: productPage.items.map(productCardData),
    productTotal: productPage.total,
    productTotalAtLeast: productPage.totalAtLeast === true,
    page: productPageNumber,
    shelf,
    shopper,
    now: new Date().toISOString(),
  };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const publicUrl = publicUrlOf(matches);
  if (!loaderData) {
    return [
      { title: pageTitle("Categoría no encontrada") },
      { name: "robots", content: "noindex" },
    ];
  }
  const { category } = loaderData;
  return pageMeta({
    publicUrl,
    path: `/categories/${params.categorySlug}`,
    title: category.name,
    description: `${category.name} en El Salvador: ${category.merchantCount} comercios locales y ${category.productCount} productos. Compara, conoce sus horarios y contáctalos por WhatsApp en Tiangue.`,
    image: category.imageUrl ?? undefined,
  });
}

/** Plain clicks are handled by the tabs; modified clicks (new tab) keep the link's behaviour. */
function plainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A tab trigger that is also a real link to its panel's URL. */
function TabLink({ value, to, children }: { value: Tab; to: string; children: ReactNode }) {
  return (
    <TabsTrigger value={value} asChild>
      <Link
        to={to}
        replace
        preventScrollReset
        onClick={(event) => plainClick(event) && event.preventDefault()}
      >
        {children}
      </Link>
    </TabsTrigger>
  );
}

export default function CategoryDetail({ loaderData }: Route.ComponentProps) {
  const {
    tab: loadedTab,
    category,
    merchants,
    merchantTotal,
    merchantPage,
    products,
    productTotal,
    productTotalAtLeast,
    page,
    shelf,
    shopper,
    now,
  } = loaderData;
  const merchantSearch = new URLSearchParams();
  for (const [name, value] of Object.entries(shopperParams(shopper))) {
    if (value) merchantSearch.set(name, value);
  }
  const navigate = useNavigate();
  // From the URL, not the loader: a switch shows the new tab at once, its list follows.
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams.get("tab"));
  // Right after a switch the new tab's list is still on its way: grey cards until it is here.
  const loading = tab !== loadedTab;
  const base = `/categories/${category.slug}`;
  const hrefFor = (value: Tab) => (value === "productos" ? `${base}?tab=productos` : base);
  const productSearch = withShelf(new URLSearchParams({ tab: "productos" }), shelf);
  if (page > 1) productSearch.set("page", String(page));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Ruta de navegación" className="mb-4 text-sm text-stone-600">
        <Link to="/categories" className="hover:text-brand-700 hover:underline">
          Categorías
        </Link>
        <span aria-hidden> / </span>
        <span aria-current="page">{category.name}</span>
      </nav>
      <div className="mb-6 flex items-center gap-4">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-maiz-100 text-3xl"
        >
          {category.icon || "🛍️"}
        </span>
        <div>
          <h1 className="text-3xl font-bold text-stone-900">{category.name}</h1>
          <p className="text-stone-600">
            Comercios y productos locales de {category.name.toLowerCase()} en El Salvador.
          </p>
        </div>
      </div>

      {/* Each tab is also a link (?tab=productos) so the server renders the right panel without JavaScript. */}
      <Tabs
        value={tab}
        onValueChange={(value) =>
          navigate(hrefFor(tabOf(value)), { replace: true, preventScrollReset: true })
        }
      >
        <TabsList aria-label="Ver comercios o productos">
          <TabLink value="comercios" to={hrefFor("comercios")}>
            Comercios ({merchantTotal})
          </TabLink>
          <TabLink value="productos" to={hrefFor("productos")}>
            Productos ({productTotal}
            {productTotalAtLeast && "+"})
          </TabLink>
        </TabsList>
        <TabsContent value="comercios">
          <ShopperFilters className="mb-6" open={shopper.open} zone={shopper.zone} />
          {loading ? (
            <MerchantGridSkeleton />
          ) : merchants.length > 0 ? (
            <PagedMerchantGrid
              merchants={merchants}
              page={merchantPage}
              total={merchantTotal}
              search={merchantSearch}
              now={now}
            />
          ) : (
            <EmptyState
              kind="merchants"
              description={
                merchantTotal > 0
                  ? "Esta página no tiene comercios. Vuelve a la primera página."
                  : `Aún no hay comercios en ${category.name}. ¿Tienes uno? Regístralo en Tiangue.`
              }
              action={merchantTotal > 0 ? { label: "Ir a la primera página", to: base } : undefined}
            />
          )}
        </TabsContent>
        <TabsContent value="productos">
          <ProductShelfFilters className="mb-6" shelf={shelf} hiddenFields={{ tab: "productos" }} />
          {loading ? (
            <ProductGridSkeleton />
          ) : products.length > 0 ? (
            <PagedProductGrid
              products={products}
              page={page}
              total={productTotal}
              search={productSearch}
            />
          ) : (
            <EmptyState
              kind="products"
              description={
                shelfNarrows(shelf) ? NO_SHELF_MATCH : `Aún no hay productos en ${category.name}.`
              }
              action={
                shelfNarrows(shelf)
                  ? { label: "Quitar filtros", to: hrefFor("productos") }
                  : undefined
              }
            />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: { title: "Categoría no encontrada", text: "La categoría que buscas no existe." },
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar esta categoría. Intenta de nuevo en un momento.",
  },
  link: { to: "/categories", label: "Ver todas las categorías" },
});
