import type { AppLoadContext } from "react-router";
import type { SitemapSource, SitemapUrl } from "./sitemap-xml";

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

/** W3C date (YYYY-MM-DD) of an ISO timestamp; undefined when unreadable. */
function w3cDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/**
 * Built once per catalogue read: the slug lists come from the public-read cache, which
 * returns the same arrays until the catalogue changes, so the 100k URLs are not rebuilt
 * for every part a crawler asks for.
 */
const built = new WeakMap<object, SitemapSource>();

/** Home, fixed pages, every category and every public merchant and product. */
export async function sitemapSource(context: AppLoadContext): Promise<SitemapSource> {
  const { categories, merchants, products } = context.services;
  const base = context.config.publicUrl;
  const [categoryList, merchantSlugs, productSlugs] = await Promise.all([
    categories.list(),
    merchants.listPublicSlugs(),
    products.listPublicSlugs(),
  ]);
  const known = built.get(productSlugs);
  if (known && built.get(merchantSlugs) === known) return known;
  const path = (segment: string, slug: string) => `${base}/${segment}/${encodeURIComponent(slug)}`;
  let newest = Date.parse("2025-01-01T00:00:00Z");
  const dated = (iso: string) => {
    const time = Date.parse(iso);
    if (time > newest) newest = time;
    return w3cDate(iso);
  };
  const urls: SitemapUrl[] = [
    ...STATIC_PAGES.map((page) => ({ loc: `${base}${page.path}`, lastmod: page.lastmod })),
    ...categoryList.map((c) => ({ loc: path("categories", c.slug) })),
    ...merchantSlugs.map((m) => ({ loc: path("merchants", m.slug), lastmod: dated(m.updatedAt) })),
    ...productSlugs.map((p) => ({ loc: path("products", p.slug), lastmod: dated(p.updatedAt) })),
  ];
  const source = { urls, lastModified: new Date(newest) };
  built.set(productSlugs, source);
  built.set(merchantSlugs, source);
  return source;
}
