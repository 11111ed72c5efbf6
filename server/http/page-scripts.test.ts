import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createElement as h, Suspense } from "react";
import { Await, createRequestHandler, useLoaderData, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import * as root from "../../app/root";
import type { ProductCardData, ProductGrid } from "../../app/components/catalogue/product-card";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { testServerBuild } from "../test/page-build";
import { openTestDatabase } from "../test/test-database";
import { etagOf } from "./compression";
import { mountPages } from "./web-app";

/**
 * Issue 26: a page's Content-Security-Policy allows, by hash, only the inline scripts
 * Tiangue wrote into it itself, not every inline script found in the finished page. A real
 * page is rendered here (app/entry.server.tsx, app/root.tsx with DeferredScripts, React
 * Router's handler, its streamed data, React's streaming scripts, the web app's page cache)
 * while a component, broken on purpose, writes a script beside every product card, as a
 * field set as HTML (`dangerouslySetInnerHTML`) unescaped would.
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const INJECTED = 'window.__injected = "tarjeta";';
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

const PRODUCTS: ProductCardData[] = ["pan-dulce", "quesadilla", "semita"].map((slug) => ({
  slug,
  name: `Producto ${slug}`,
  imageUrl: "/uploads/products/1-800.webp",
  price: "1.50",
  merchantName: "Panadería",
  rating: "4.5",
  reviewCount: 2,
}));

/** The bug: a product's field written into the page as HTML, unescaped. */
const fieldAsHtml = (product: ProductCardData) =>
  h("div", {
    key: product.slug,
    dangerouslySetInnerHTML: { __html: `<p>${product.name}</p><script>${INJECTED}</script>` },
  });

/**
 * The page: a product grid, each product's field written as HTML, and a part whose data
 * comes later (streamed after the shell).
 */
function productPageModule(Grid: typeof ProductGrid) {
  return {
    loader: () => ({
      products: PRODUCTS,
      later: new Promise<string>((resolve) => setTimeout(() => resolve("Recién horneado"), 30)),
    }),
    default: function Page() {
      const { products, later } = useLoaderData<{
        products: ProductCardData[];
        later: Promise<string>;
      }>();
      return h(
        "main",
        null,
        h(Grid, { products }),
        products.map(fieldAsHtml),
        h(
          Suspense,
          { fallback: h("p", null, "Cargando…") },
          h(Await<Promise<string>>, {
            resolve: later,
            children: (text: string) => h("p", null, text),
          }),
        ),
      );
    },
  };
}

/** What `react-router build` makes of app/, cut down to the root and one page. */
function serverBuild(page: ReturnType<typeof productPageModule>) {
  return testServerBuild({
    root: { path: "", module: root },
    "routes/products": { parentId: "root", path: "products", module: page },
  });
}

/** Every inline script of a page that may run (as security-headers.ts reads them): attributes, text. */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes, text]) => ({ attributes, text }))
    .filter(({ attributes }) => !/\ssrc=|type="application\/ld\+json"/.test(attributes));
}

const policyHashes = (policy: string) =>
  new Set([...policy.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map(([, hash]) => hash));

describe("a page's policy allows only the scripts Tiangue wrote (issue 26)", () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  const markers = new Set<string>();
  let renders = 0;

  beforeAll(async () => {
    // The cards as a server build renders them (SiteLink's plain links).
    vi.stubEnv("SSR", true);
    const cards = await import("../../app/components/catalogue/product-card");
    const handle = createRequestHandler(
      serverBuild(productPageModule(cards.ProductGrid)),
      "production",
    );

    dataDir = mkdtempSync(join(tmpdir(), "tiangue-page-scripts-"));
    database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      sessionSecret: "s".repeat(48),
      web: async (fastify) =>
        mountPages(
          fastify,
          (request: Request, context?: AppLoadContext) => {
            renders++;
            markers.add(context!.scriptMarker);
            return handle(request, context);
          },
          { keepPages: true },
        ),
    });
    await app.ready();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A browser's: a crawler's request would wait for the whole page (no streamed part).
  const get = () =>
    app.inject({
      method: "GET",
      url: "/products",
      headers: {
        "user-agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
      },
    });

  it("hashes Tiangue's own inline scripts and not one a field brought in", async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    const allowed = policyHashes(String(res.headers["content-security-policy"]));

    // The injected script is in the page, once per product…
    expect(html.split(`<script>${INJECTED}</script>`)).toHaveLength(PRODUCTS.length + 1);
    // …and is not allowed.
    expect(allowed.has(sha256(INJECTED))).toBe(false);

    // Every other inline script is, and the page has each kind of ours.
    const own = inlineScripts(html).filter(({ text }) => text !== INJECTED);
    for (const { attributes, text } of own) {
      expect(allowed.has(sha256(text)), `<script${attributes}>${text.slice(0, 80)}`).toBe(true);
    }
    expect(allowed).toEqual(new Set(own.map(({ text }) => sha256(text))));
    const texts = own.map(({ text }) => text).join("\n");
    for (const part of [
      "__zod_globalConfig", // the root's
      "window.__reactRouterContext = ", // React Router's data hand-off
      "streamController.enqueue(", // React Router's streamed data
      "$RC", // React's streaming scripts
      "sessionStorage", // <ScrollRestoration>
      "import(", // the module code DeferredScripts holds back…
      "requestAnimationFrame", // …and the script that starts it
    ]) {
      expect(texts, part).toContain(part);
    }
    expect(html).toContain('<script type="text/x-deferred-module">');
  });

  it("never sends the marker: cut out before the page is tagged, kept and sent", async () => {
    const first = await get();
    const rendered = renders;
    const kept = await get();
    expect(renders).toBe(rendered);
    expect(kept.body).toBe(first.body);
    expect(kept.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);

    expect(markers.size).toBe(1);
    const [marker] = markers;
    expect(marker).toMatch(/^[0-9a-f]{32}$/);
    for (const res of [first, kept]) {
      expect(res.body).not.toContain(marker);
      expect(res.body).not.toMatch(/\snonce=/);
      expect(JSON.stringify(res.headers)).not.toContain(marker);
      expect(res.headers.etag).toBe(etagOf(res.rawPayload));
    }
  });
});
