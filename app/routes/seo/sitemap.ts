import type { Route } from "./+types/sitemap";

// Fixed pages, with the date their text last changed where it matters.
const STATIC_PAGES: { path: string; lastmod?: string }[] = [
  { path: "/" },
  { path: "/categories" },
  { path: "/merchants" },
  { path: "/products" },
  { path: "/register-merchant" },
  { path: "/help" },
  { path: "/terms", lastmod: "2025-01-01" },
  { path: "/privacy", lastmod: "2025-01-01" },
];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** W3C date (YYYY-MM-DD) of an ISO timestamp; undefined when unreadable. */
function w3cDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

function urlEntry(loc: string, lastmod?: string): string {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
}

/** /sitemap.xml: home, fixed pages, every category and every public merchant and product. */
export async function loader({ context }: Route.LoaderArgs) {
  const { categories, merchants, products } = context.services;
  const base = context.config.publicUrl;
  const [categoryList, merchantSlugs, productSlugs] = await Promise.all([
    categories.list(),
    merchants.listPublicSlugs(),
    products.listPublicSlugs(),
  ]);
  const path = (segment: string, slug: string) => `${base}/${segment}/${encodeURIComponent(slug)}`;
  const lines = [
    ...STATIC_PAGES.map((page) => urlEntry(`${base}${page.path}`, page.lastmod)),
    ...categoryList.map((c) => urlEntry(path("categories", c.slug))),
    ...merchantSlugs.map((m) => urlEntry(path("merchants", m.slug), w3cDate(m.updatedAt))),
    ...productSlugs.map((p) => urlEntry(path("products", p.slug), w3cDate(p.updatedAt))),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
