import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { CategoryGrid } from "../../components/catalogue/category-card";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/categories";
import { plural } from "../../../shared/plural";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await context.services.categories.list() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/categories",
    title: "Categorías",
    description:
      "Explora los comercios locales de El Salvador por categoría: comida, artesanías, ropa, servicios y más.",
  });
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Categorías</h1>
      <p className="mt-1 mb-6 text-stone-600">
        {categories.length} {plural(categories.length, "categoría", "categorías")} para explorar
        comercios y productos locales.
      </p>
      {categories.length > 0 ? (
        <CategoryGrid categories={categories} />
      ) : (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
          Todavía no hay categorías. Vuelve pronto.
        </p>
      )}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
