import type { ReactNode } from "react";

/** A listing page's top: its <h1>, a live summary under it ('3 comercios') and a filter beside. */
export function PageHeader({
  title,
  summary,
  children,
}: {
  title: string;
  /** Announced politely when it changes; left out when empty. */
  summary?: ReactNode;
  /** The filter shown beside the title (e.g. DepartmentFilter). */
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
        {summary && (
          <p className="mt-1 text-stone-600" aria-live="polite">
            {summary}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}
