import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";

const PREVIOUS_ICON = staticIcon("chevron-left", "size-4");
const NEXT_ICON = staticIcon("chevron-right", "size-4");

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons to show: first, last, and the current one with one neighbour each
 * side; gaps become "…" (1 … 4 5 6 … 20).
 */
export function pageItems(page: number, count: number): (number | "…")[] {
  const pages = new Set([1, count, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const items: (number | "…")[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push("…");
    items.push(p);
  });
  return items;
}

/** The query string for another page, keeping the other parameters; page 1 has no ?page. */
export function pageSearch(search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** A page's link, or with `onPageChange` a button that asks for that page. */
function PageLink({
  to,
  href,
  onPageChange,
  rel,
  ...props
}: { to: number; href: string; onPageChange?: (page: number) => void } & Omit<
  ComponentProps<"a">,
  "href"
>) {
  if (onPageChange) {
    return (
      <button
        type="button"
        {...(props as ComponentProps<"button">)}
        onClick={() => onPageChange(to)}
      />
    );
  }
  return <Link to={href} rel={rel} {...props} />;
}

const itemClasses =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium";

/**
 * Links to the pages of a long list (works without JavaScript). Nothing when one page.
 * With `onPageChange` (a list inside a page, such as the admin tabs) they are buttons.
 */
export function Pagination({
  page,
  total,
  pageSize,
  search = "",
  onPageChange,
  className,
}: {
  page: number;
  total: number;
  pageSize: number;
  /** The current query string (other filters are kept in every link). */
  search?: string | URLSearchParams;
  onPageChange?: (page: number) => void;
  className?: string;
}) {
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  const current = Math.min(page, count);
  const link = (p: number) => pageSearch(search, p);

  return (
    <nav aria-label="Paginación" className={cn("flex flex-col items-center gap-3", className)}>
      <p className="text-sm text-stone-600">
        Página {current} de {count}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {current > 1 ? (
            <PageLink
              to={current - 1}
              href={link(current - 1)}
              onPageChange={onPageChange}
              rel="prev"
              className={cn(itemClasses, "border-stone-300 bg-white hover:bg-stone-100")}
            >
              {PREVIOUS_ICON}
              Anterior
            </PageLink>
          ) : (
            <span
              aria-disabled="true"
              className={cn(itemClasses, "border-stone-200 text-stone-500")}
            >
              {PREVIOUS_ICON}
              Anterior
            </span>
          )}
        </li>
        {pageItems(current, count).map((item, i) =>
          item === "…" ? (
            <li key={`gap-${i}`} aria-hidden className="hidden px-1 text-stone-600 sm:block">
              …
            </li>
          ) : (
            <li key={item} className="hidden sm:block">
              <PageLink
                to={item}
                href={link(item)}
                onPageChange={onPageChange}
                aria-label={`Página ${item}`}
                aria-current={item === current ? "page" : undefined}
                className={cn(
                  itemClasses,
                  item === current
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-stone-300 bg-white hover:bg-stone-100",
                )}
              >
                {item}
              </PageLink>
            </li>
          ),
        )}
        <li>
          {current < count ? (
            <PageLink
              to={current + 1}
              href={link(current + 1)}
              onPageChange={onPageChange}
              rel="next"
              className={cn(itemClasses, "border-stone-300 bg-white hover:bg-stone-100")}
            >
              Siguiente
              {NEXT_ICON}
            </PageLink>
          ) : (
            <span
              aria-disabled="true"
              className={cn(itemClasses, "border-stone-200 text-stone-500")}
            >
              Siguiente
              {NEXT_ICON}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
