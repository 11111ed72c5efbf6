import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as partLoader } from "../../app/routes/seo/sitemap-part";
import { loader as indexLoader } from "../../app/routes/seo/sitemap";
import { sitemapSource } from "../../app/routes/seo/sitemap-source";
import { sitemapPartXml, sitemapXml, xmlResponse } from "../../app/routes/seo/sitemap-xml";
import { createTestApp, type TestApp } from "../test/test-app";

/** The sitemap's URLs from the real services (issue 13), with the limit lowered to 3. */
describe("sitemap index", () => {
  let t: TestApp;
  let context: AppLoadContext;
  beforeAll(async () => {
    t = await createTestApp();
    context = {
      services: t.app.services,
      config: t.config,
      currentUser: async () => null,
    } as AppLoadContext;
  });
  afterAll(() => t.close());

  it("stays one urlset under the limit, and becomes an index of parts past it", async () => {
    const source = await sitemapSource(context);
    const base = t.config.publicUrl;
    // The fixed pages alone are 8 URLs.
    expect(source.urls.length).toBeGreaterThanOrEqual(8);
    const single = sitemapXml(source, base);
    expect(single).toContain("<urlset");
    expect(single).toContain(`<loc>${base}/help</loc>`);
    expect(sitemapPartXml(source, 1)).toBeUndefined();

    const limit = 3;
    const parts = Math.ceil(source.urls.length / limit);
    const index = sitemapXml(source, base, limit);
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap>/g)).toHaveLength(parts);
    expect(index).toContain(`<loc>${base}/sitemaps/${parts}.xml</loc>`);
    const first = sitemapPartXml(source, 1, limit)!;
    expect(first.match(/<url>/g)).toHaveLength(limit);
    expect(first).toContain(`<loc>${base}/</loc>`);
    // Every URL is in exactly one part.
    const all = Array.from({ length: parts }, (_, i) => sitemapPartXml(source, i + 1, limit)!)
      .join("")
      .match(/<url>/g);
    expect(all).toHaveLength(source.urls.length);
    expect(sitemapPartXml(source, parts + 1, limit)).toBeUndefined();
    expect(sitemapPartXml(source, 0, limit)).toBeUndefined();
  });

  it("answers Last-Modified, and 304 when the client's copy is as new", async () => {
    const source = await sitemapSource(context);
    const fresh = xmlResponse(new Request("http://x/sitemap.xml"), "<x/>", source.lastModified);
    expect(fresh.status).toBe(200);
    const lastModified = fresh.headers.get("last-modified")!;
    expect(Date.parse(lastModified)).toBe(Math.floor(source.lastModified.getTime() / 1000) * 1000);
    const same = xmlResponse(
      new Request("http://x/sitemap.xml", { headers: { "if-modified-since": lastModified } }),
      "<x/>",
      source.lastModified,
    );
    expect(same.status).toBe(304);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const stale = xmlResponse(
      new Request("http://x/sitemap.xml", { headers: { "if-modified-since": older } }),
      "<x/>",
      source.lastModified,
    );
    expect(stale.status).toBe(200);
  });

  it("builds the URL list once while the catalogue's cached reads are unchanged", async () => {
    await t.app.services.cache.enableForTests();
    const a = await sitemapSource(context);
    expect(await sitemapSource(context)).toBe(a);
  });

  it("answers /sitemaps/N.xml only for an existing part: 404 for anything else", async () => {
    const ask = (file: string) =>
      partLoader({
        context,
        params: { file },
        request: new Request(`http://x/sitemaps/${file}`),
      } as Parameters<typeof partLoader>[0]);
    // Under 50,000 URLs there are no parts at all.
    for (const file of ["1.xml", "0.xml", "../sitemap.xml", "abc", "1.xml.gz", "9999999.xml"]) {
      expect((await ask(file)).status, file).toBe(404);
    }
    const whole = await indexLoader({
      context,
      params: {},
      request: new Request("http://x/sitemap.xml"),
    } as Parameters<typeof indexLoader>[0]);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("last-modified")).toMatch(/GMT$/);
    expect(await whole.text()).toContain("<urlset");
  });
});
