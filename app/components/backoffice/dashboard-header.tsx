import { Store } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../ui/cn";

/**
 * The header of a signed-in area (the admin panel, the merchant portal): the way home, the
 * area's title with who is signed in under it, and the area's actions.
 */
export function DashboardHeader({
  title,
  subtitle,
  alignActions = "center",
  children,
}: {
  title: string;
  subtitle: ReactNode;
  /** 'end' when an action has a label above it (the portal's merchant switcher). */
  alignActions?: "center" | "end";
  children: ReactNode;
}) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-center gap-3">
          <Link
            to="/"
            className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Store aria-hidden className="size-5" />
            <span className="sr-only">Ir a Tiangue</span>
          </Link>
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-stone-900 sm:text-2xl">{title}</h1>
            <p className="text-sm break-all text-stone-700">{subtitle}</p>
          </div>
        </div>
        <div
          className={cn(
            "flex flex-wrap gap-2",
            alignActions === "end" ? "items-end" : "items-center",
          )}
        >
          {children}
        </div>
      </div>
    </header>
  );
}
