import type { Route } from "./+types/sitemap-part";
import { sitemapSource } from "./sitemap-source";
import { sitemapPartXml, xmlResponse } from "./sitemap-xml";

/** /sitemaps/N.xml: part N of the sitemap index (only when the site passes 50,000 URLs). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(params.file);
  const source = await sitemapSource(context);
  const xml = match ? sitemapPartXml(source, Number(match[1])) : undefined;
  if (xml === undefined) {
    return new Response("Mapa del sitio no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return xmlResponse(request, xml, source.lastModified);
}
