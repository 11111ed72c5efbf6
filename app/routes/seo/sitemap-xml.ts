/**
 * The sitemap's XML (issue 13): one <urlset> while the site has at most SITEMAP_LIMIT URLs
 * (the protocol's limit), else a <sitemapindex> at /sitemap.xml pointing to parts
 * /sitemaps/1.xml, /sitemaps/2.xml… of at most that many URLs each. Answers carry
 * Last-Modified (the newest change of any listed page) and 304 on If-Modified-Since.
 */

export const SITEMAP_LIMIT = 50_000;

export interface SitemapUrl {
  loc: string;
  /** W3C date (YYYY-MM-DD). */
  lastmod?: string;
}

export interface SitemapSource {
  urls: SitemapUrl[];
  /** Newest change of any page listed; drives Last-Modified. */
  lastModified: Date;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function urlset(urls: SitemapUrl[]): string {
  const lines = urls.map(
    (u) =>
      `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines.join("\n")}
</urlset>
`;
}

export function partCount(source: SitemapSource, limit = SITEMAP_LIMIT): number {
  return Math.ceil(source.urls.length / limit);
}

/** /sitemap.xml: the URLs themselves, or the index of the parts when there are too many. */
export function sitemapXml(source: SitemapSource, base: string, limit = SITEMAP_LIMIT): string {
  const parts = partCount(source, limit);
  if (parts <= 1) return urlset(source.urls);
  const lastmod = source.lastModified.toISOString().slice(0, 10);
  const entries = Array.from(
    { length: parts },
    (_, i) =>
      `  <sitemap><loc>${escapeXml(`${base}/sitemaps/${i + 1}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</sitemapindex>
`;
}

/** Part `n` (from 1) of a sitemap index; undefined when there is no such part. */
export function sitemapPartXml(
  source: SitemapSource,
  n: number,
  limit = SITEMAP_LIMIT,
): string | undefined {
  const parts = partCount(source, limit);
  if (parts <= 1 || !Number.isInteger(n) || n < 1 || n > parts) return undefined;
  return urlset(source.urls.slice((n - 1) * limit, n * limit));
}

/** The XML answer, or 304 when the client's copy is as new (HTTP dates have whole seconds). */
export function xmlResponse(request: Request, xml: string, lastModified: Date): Response {
  const seconds = Math.floor(lastModified.getTime() / 1000) * 1000;
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    "Last-Modified": new Date(seconds).toUTCString(),
  };
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  if (!Number.isNaN(since) && seconds <= since) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(xml, { headers });
}
