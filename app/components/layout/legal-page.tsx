import type { ReactNode } from "react";

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalPageProps = {
  title: string;
  /** Shown after "Última actualización:", e.g. "enero de 2025". */
  updated: string;
  sections: LegalSection[];
};

/** A legal text (Términos, Privacidad): title, date, table of contents and numbered sections. */
export function LegalPage({ title, updated, sections }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-sm text-stone-600">{`Última actualización: ${updated}`}</p>
      <nav aria-label="Contenido" className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="mt-8 scroll-mt-24">
          <h2 className="text-xl font-semibold text-stone-900">{section.title}</h2>
          <div className="mt-3 space-y-3 text-stone-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}
