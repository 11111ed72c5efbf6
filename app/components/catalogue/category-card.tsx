import { SiteLink } from "../layout/site-link";
import type { CategoryDto } from "../../../shared/api-types";
import { countLabel } from "../../../shared/plural";
import { ResponsiveImage } from "./responsive-image";

/** A category tile: icon (emoji) or picture, name, and how many merchants and products. */
export function CategoryCard({ category }: { category: CategoryDto }) {
  return (
    <SiteLink
      to={`/categories/${category.slug}`}
      className="group flex h-full flex-col items-center gap-2 rounded-lg border border-stone-200 bg-white p-4 text-center shadow-sm transition hover:border-brand-300 hover:shadow-md"
    >
      {category.imageUrl ? (
        <ResponsiveImage
          src={category.imageUrl}
          alt=""
          width={96}
          height={96}
          sizes="96px"
          className="size-16 rounded-full"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-16 items-center justify-center rounded-full bg-maiz-100 text-3xl"
        >
          {category.icon || "🛍️"}
        </span>
      )}
      <span className="font-semibold text-stone-900 group-hover:text-brand-700">
        {category.name}
      </span>
      <span className="text-xs text-stone-600">
        {countLabel(category.merchantCount, "comercio", "comercios")} ·{" "}
        {countLabel(category.productCount, "producto", "productos")}
      </span>
    </SiteLink>
  );
}

/** Categories 2 to 6 per row by screen width (spec §2). */
export function CategoryGrid({ categories }: { categories: CategoryDto[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
      {categories.map((category) => (
        <li key={category.id}>
          <CategoryCard category={category} />
        </li>
      ))}
    </ul>
  );
}
