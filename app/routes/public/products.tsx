import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import { productsPageQuery } from "../../../shared/schemas/list-queries";
import { pageWindow, queryOf } from "../../../shared/schemas/query";
import { DepartmentFilter } from "../../components/catalogue/department-filter";
import { EmptyState } from "../../components/layout/empty-state";
import { PageHeader } from "../../components/layout/page-header";
import { PagedProductGrid } from "../../components/catalogue/paged-grid";
import { productCardData } from "../../components/catalogue/product-card";
import {
  ProductShelfFilters,
  shelfFiltersOnServer,
} from "../../components/catalogue/lazy-product-shelf-filters";
import {
  NO_SHELF_MATCH,
  productCount,
  shelfFields,
  shelfNarrows,
  withShelf,
} from "../../lib/product-shelf";
import { pageShelf } from "../../lib/page-shelf";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/products";

export async function loader({ context, request }: Route.LoaderArgs) {
  // The shelf's form is rendered from its own module (lazy-product-shelf-filters.tsx).
  await shelfFiltersOnServer();
  const { department, page, ...parsed } = productsPageQuery.parse(queryOf(request.url));
  // Issue 36: 'Ordenar por', the price range and 'Solo disponibles'.
  const shelf = pageShelf(parsed);
  const { items, total, totalAtLeast } = await context.services.products.listPublic({
    department,
    ...shelf,
    ...pageWindow(page, PRODUCTS_PAGE_SIZE),
  });
  return {
    products: items.map(productCardData),
    total,
    totalAtLeast: totalAtLeast === true,
    page,
    department: department ?? "",
    shelf,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const department = loaderData?.department ?? "";
  const page = loaderData?.page ?? 1;
  const search = new URLSearchParams();
  if (department) search.set("department", department);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: `/products${query ? `?${query}` : ""}`,
    title: `${department ? `Productos en ${department}` : "Productos"}${page > 1 ? ` (página ${page})` : ""}`,
    description: department
      ? `Productos de comercios locales de ${department}, El Salvador, con precios en dólares. Compra o pide por WhatsApp en Tiangue.`
      : "Productos de los comercios locales de El Salvador, con precios en dólares. Compra o pide directo por WhatsApp en Tiangue.",
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, total, totalAtLeast, page, department, shelf } = loaderData;
  const unshelved = new URLSearchParams();
  if (department) unshelved.set("department", department);
  const search = withShelf(new URLSearchParams(unshelved), shelf);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title={department ? `Productos en ${department}` : "Productos"}
        summary={productCount(total, totalAtLeast)}
      >
        <DepartmentFilter selected={department} hiddenFields={shelfFields(shelf)} />
      </PageHeader>
      <ProductShelfFilters className="mb-6" shelf={shelf} hiddenFields={{ department }} />
      {products.length > 0 ? (
        <PagedProductGrid products={products} page={page} total={total} search={search} />
      ) : (
        <EmptyState
          kind="products"
          description={
            total > 0
              ? "Esta página no tiene productos. Vuelve a la primera página."
              : shelfNarrows(shelf)
                ? NO_SHELF_MATCH
                : department
                  ? `Aún no hay productos de comercios de ${department}. Prueba con otro departamento.`
                  : undefined
          }
          action={
            total > 0
              ? {
                  label: "Ir a la primera página",
                  to: `/products${search.size ? `?${search}` : ""}`,
                }
              : shelfNarrows(shelf)
                ? {
                    label: "Quitar filtros",
                    to: `/products${unshelved.size ? `?${unshelved}` : ""}`,
                  }
                : undefined
          }
        />
      )}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
