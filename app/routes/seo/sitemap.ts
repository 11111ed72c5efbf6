import type { Route } from "./+types/sitemap";
import { sitemapSource } from "./sitemap-source";
import { sitemapXml, xmlResponse } from "./sitemap-xml";

/** /sitemap.xml: every public URL, or the index of /sitemaps/N.xml past 50,000 URLs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const source = await sitemapSource(context);
  return xmlResponse(request, sitemapXml(source, context.config.publicUrl), source.lastModified);
}
