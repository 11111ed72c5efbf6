import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { countLabel } from "../../../shared/plural";
import { PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import { productsPageQuery } from "../../../shared/schemas/list-queries";
import { pageWindow, queryOf } from "../../../shared/schemas/query";
import { DepartmentFilter } from "../../components/catalogue/department-filter";
import { EmptyState } from "../../components/layout/empty-state";
import { PageHeader } from "../../components/layout/page-header";
import { PagedProductGrid } from "../../components/catalogue/paged-grid";
import { productCardData } from "../../components/catalogue/product-card";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/products";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { department, page } = productsPageQuery.parse(queryOf(request.url));
  const { items, total } = await context.services.products.listPublic({
    department,
    ...pageWindow(page, PRODUCTS_PAGE_SIZE),
  });
  return { products: items.map(productCardData), total, page, department: department ?? "" };
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
  const { products, total, page, department } = loaderData;
  const search = new URLSearchParams();
  if (department) search.set("department", department);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title={department ? `Productos en ${department}` : "Productos"}
        summary={countLabel(total, "producto", "productos")}
      >
        <DepartmentFilter selected={department} />
      </PageHeader>
      {products.length > 0 ? (
        <PagedProductGrid products={products} page={page} total={total} search={search} />
      ) : (
        <EmptyState
          kind="products"
          description={
            total > 0
              ? "Esta página no tiene productos. Vuelve a la primera página."
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
              : undefined
          }
        />
      )}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
