import { DepartmentFilter, parseDepartment } from "../../components/department-filter";
import { EmptyState } from "../../components/empty-state";
import { Pagination, parsePage } from "../../components/pagination";
import { ProductGrid } from "../../components/product-card";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/products";

const PAGE_SIZE = 60;

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const department = parseDepartment(params.get("department"));
  const page = parsePage(params.get("page"));
  const { items, total } = await context.services.products.listPublic({
    department,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return { products: items, total, page, department: department ?? "" };
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
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-stone-900">
            {department ? `Productos en ${department}` : "Productos"}
          </h1>
          <p className="mt-1 text-stone-600" aria-live="polite">
            {total} {total === 1 ? "producto" : "productos"}
          </p>
        </div>
        <DepartmentFilter selected={department} />
      </div>
      {products.length > 0 ? (
        <>
          <ProductGrid products={products} eagerCount={6} headingLevel="h2" />
          <Pagination
            className="mt-8"
            page={page}
            total={total}
            pageSize={PAGE_SIZE}
            search={search}
          />
        </>
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
