import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { MERCHANTS_PAGE_SIZE } from "../../../shared/limits";
import { merchantsPageQuery } from "../../../shared/schemas/list-queries";
import { pageWindow, queryOf } from "../../../shared/schemas/query";
import { DepartmentFilter } from "../../components/catalogue/department-filter";
import { countLabel } from "../../../shared/plural";
import { EmptyState } from "../../components/layout/empty-state";
import { merchantCardData } from "../../components/catalogue/merchant-card";
import { PagedMerchantGrid } from "../../components/catalogue/paged-grid";
import { PageHeader } from "../../components/layout/page-header";
import { ShopperFilters } from "../../components/catalogue/shopper-filters";
import { shopperFilterOf, shopperParams } from "../../lib/shopper-filter";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/merchants";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { department, page, ...parsed } = merchantsPageQuery.parse(queryOf(request.url));
  // Issue 12: open now, and the zone (issue 36) of the URL or the shopper's cookie.
  const shopper = shopperFilterOf(request, parsed);
  const { items, total } = await context.services.merchants.listPublic(
    { department, ...shopper },
    pageWindow(page, MERCHANTS_PAGE_SIZE),
  );
  return {
    merchants: items.map(merchantCardData),
    total,
    page,
    department: department ?? "",
    shopper,
    now: new Date().toISOString(),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const department = loaderData?.department;
  const page = loaderData?.page ?? 1;
  const query = [
    department ? `department=${encodeURIComponent(department)}` : "",
    page > 1 ? `page=${page}` : "",
  ].filter(Boolean);
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: `/merchants${query.length ? `?${query.join("&")}` : ""}`,
    title: `${department ? `Comercios en ${department}` : "Comercios"}${page > 1 ? ` (página ${page})` : ""}`,
    description: department
      ? `Comercios locales de ${department}, El Salvador: conoce sus productos, horarios y opiniones, y contáctalos por WhatsApp.`
      : "Todos los comercios locales de El Salvador en Tiangue: conoce sus productos, horarios y opiniones, y contáctalos por WhatsApp.",
  });
}

export default function Merchants({ loaderData }: Route.ComponentProps) {
  const { merchants, total, page, department, shopper, now } = loaderData;
  // The page links keep the filters.
  const search = new URLSearchParams();
  if (department) search.set("department", department);
  for (const [name, value] of Object.entries(shopperParams(shopper))) {
    if (value) search.set(name, value);
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title={department ? `Comercios en ${department}` : "Comercios"}
        summary={countLabel(total, "comercio", "comercios")}
      >
        <DepartmentFilter selected={department} hiddenFields={shopperParams(shopper)} />
      </PageHeader>
      <ShopperFilters
        className="mb-6"
        open={shopper.open}
        zone={shopper.zone}
        hiddenFields={{ department }}
      />
      {merchants.length > 0 ? (
        <PagedMerchantGrid
          merchants={merchants}
          page={page}
          total={total}
          search={search}
          now={now}
        />
      ) : (
        <EmptyState
          kind="merchants"
          description={
            total > 0
              ? "Esta página no tiene comercios. Vuelve a la primera página."
              : department
                ? `Aún no hay comercios en ${department}. Prueba con otro departamento o registra el tuyo.`
                : undefined
          }
          action={
            total > 0
              ? {
                  label: "Ir a la primera página",
                  to: `/merchants${search.size ? `?${search}` : ""}`,
                }
              : undefined
          }
        />
      )}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
