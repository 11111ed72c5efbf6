import {
  merchantsPageQuery,
  productShelfPageQuery,
  productsPageQuery,
  searchPageQuery,
} from "../../shared/schemas/list-queries";
import { normalizeShelf, shelfParams, type ProductShelf } from "../../shared/schemas/product-sort";
import { queryOf } from "../../shared/schemas/query";

/**
 * The URL a public page is kept under in the page cache (issue 36): its path and only the
 * query parameters its page reads, normalised as its loader reads them, in one order. So
 * `?sort=newest`, `?sort=NEWEST`, `?minPrice=5` and `?minPrice=5.00`, `?utm_source=…` or a
 * Facebook `fbclid` add no entry beside the page they show: an entry per list, not per way of
 * writing its link. Each listing is read by the same shared schemas as its loader (forgiving:
 * a value the page ignores is no parameter here either); a page that reads no parameter is
 * kept by its path alone. A path not listed here keeps its whole URL, as before.
 *
 * The page rendered for one URL is served for another only when both read the same: links
 * and forms are written from the loader's parsed values (only the header's search box shows
 * the URL's own `q`, so /search keeps it as typed), and React Router's hydration data holds
 * no URL.
 */
export function pageCacheUrl(url: string): string {
  const question = url.indexOf("?");
  const path = question < 0 ? url : url.slice(0, question);
  const page = pageOf(path);
  if (!page) return url;
  if (page === "plain" || question < 0) return path;
  const query = canonicalQuery(page, new URL(url, "http://tiangue.invalid"));
  return query ? `${path}?${query}` : path;
}

type Listing = "products" | "merchants" | "search" | "category" | "merchant";

/** Pages that read no query parameter (the catalogue's own pages, the texts). */
const PLAIN_PATHS = new Set([
  "/",
  "/categories",
  "/terms",
  "/privacy",
  "/help",
  "/register-merchant",
]);

function pageOf(path: string): Listing | "plain" | undefined {
  if (PLAIN_PATHS.has(path)) return "plain";
  if (path === "/products") return "products";
  if (path === "/merchants") return "merchants";
  if (path === "/search") return "search";
  const [, first, second, more] = path.split("/");
  if (second === undefined || second === "" || more !== undefined) return undefined;
  if (first === "categories") return "category";
  if (first === "merchants") return "merchant";
  // A product's page reads nothing of its query.
  if (first === "products") return "plain";
  return undefined;
}

/** The query of `url` as its page reads it, written in one order ('' when none). */
function canonicalQuery(page: Listing, url: URL): string {
  const query = queryOf(url);
  const has = (name: string) => url.searchParams.has(name);
  const out: [string, string][] = [];
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") out.push([name, String(value)]);
  };
  const pageParam = (page: number) => put("page", page > 1 ? page : undefined);
  const shelf = (parsed: ProductShelf, defaultSort: "newest" | null = "newest") =>
    out.push(...shelfParams(normalizeShelf(parsed, { defaultSort })));
  // 'Entrega en mi zona' (app/lib/shopper-filter.ts): a zone or municipality in the URL,
  // even an empty or unknown one, overrides the remembered one; absent, the cookie decides
  // (it is part of the key beside this URL, page-cache.ts's pageKey).
  const shopper = (parsed: { open?: "now"; zone?: string; municipality?: string }) => {
    put("open", parsed.open);
    if (has("zone")) out.push(["zone", parsed.zone ?? ""]);
    if (has("municipality")) out.push(["municipality", parsed.municipality ?? ""]);
  };
  switch (page) {
    case "products": {
      const { department, page: number, ...parsed } = productsPageQuery.parse(query);
      put("department", department);
      pageParam(number);
      shelf(parsed);
      break;
    }
    case "merchants": {
      const { department, page: number, ...parsed } = merchantsPageQuery.parse(query);
      put("department", department);
      shopper(parsed);
      pageParam(number);
      break;
    }
    case "search": {
      const { department, open, zone, municipality, ...parsed } = searchPageQuery.parse(query);
      // As typed: the header's search box shows the URL's own text (site-header.tsx).
      if (has("q")) out.push(["q", query.q ?? ""]);
      put("department", department);
      shopper({ open, zone, municipality });
      shelf(parsed, null);
      break;
    }
    case "category": {
      // As category-detail.tsx reads it: the tab, the shown tab's page, the merchants' filter,
      // and the products tab's shelf.
      const products = query.tab === "productos";
      if (products) out.push(["tab", "productos"]);
      const { page: number, ...parsed } = productShelfPageQuery.parse(query);
      pageParam(number);
      shopper(merchantsPageQuery.parse(query));
      if (products) shelf(parsed);
      break;
    }
    case "merchant": {
      const { page: number, ...parsed } = productShelfPageQuery.parse(query);
      pageParam(number);
      shelf(parsed);
      break;
    }
  }
  return new URLSearchParams(out).toString();
}
