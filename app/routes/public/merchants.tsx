import { DepartmentFilter, parseDepartment } from "../../components/department-filter";
import { countLabel } from "../../components/category-card";
import { EmptyState } from "../../components/empty-state";
import { MerchantGrid } from "../../components/merchant-card";
import { PageHeader } from "../../components/page-header";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/merchants";

export async function loader({ context, request }: Route.LoaderArgs) {
  const department = parseDepartment(new URL(request.url).searchParams.get("department"));
  const merchants = await context.services.merchants.listPublic({ department });
  return { merchants, department: department ?? "" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const department = loaderData?.department;
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: department ? `/merchants?department=${encodeURIComponent(department)}` : "/merchants",
    title: department ? `Comercios en ${department}` : "Comercios",
    description: department
      ? `Comercios locales de ${department}, El Salvador: conoce sus productos, horarios y opiniones, y contáctalos por WhatsApp.`
      : "Todos los comercios locales de El Salvador en Tiangue: conoce sus productos, horarios y opiniones, y contáctalos por WhatsApp.",
  });
}

export default function Merchants({ loaderData }: Route.ComponentProps) {
  const { merchants, department } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title={department ? `Comercios en ${department}` : "Comercios"}
        summary={countLabel(merchants.length, "comercio", "comercios")}
      >
        <DepartmentFilter selected={department} />
      </PageHeader>
      {merchants.length > 0 ? (
        <MerchantGrid merchants={merchants} eagerCount={3} headingLevel="h2" />
      ) : (
        <EmptyState
          kind="merchants"
          description={
            department
              ? `Aún no hay comercios en ${department}. Prueba con otro departamento o registra el tuyo.`
              : undefined
          }
        />
      )}
    </div>
  );
}
