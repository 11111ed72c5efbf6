import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/env";
import { generateCatalogue, type GeneratedCatalogue } from "./generate";
import {
  benchmarkEndpoints,
  captureAnswer,
  loadOptions,
  registerWithBaseline,
  sampleTargets,
  selectRows,
  standardEndpoints,
  uncachedEndpoints,
  type Endpoint,
} from "./harness";
import { REMEMBERED_MUNICIPALITY } from "./report";
import { startBaselineServer, type RunningServer } from "./servers";

// A 1,000-product run of the harness: checks that it measures, never how fast.
describe("benchmark harness", () => {
  let database: DatabaseHandle;
  let generated: GeneratedCatalogue;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let productUrl: string;
  let baseline: RunningServer;

  beforeAll(async () => {
    database = await openDatabase({});
    generated = await generateCatalogue(database.db, { products: 1000 });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/tiangue-bench-test" }),
      database,
      sessionSecret: "b".repeat(48),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    productUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    baseline = await startBaselineServer();
  }, 120_000);

  afterAll(async () => {
    await baseline?.stop();
    await app?.close();
    await database?.close();
  });

  it("generates a catalogue in proportion, with Spanish accents", async () => {
    expect(generated).toMatchObject({ products: 1000, merchants: 40, reviews: 500 });
    const response = await app.inject({ url: "/api/search?q=artesania" });
    expect(response.statusCode).toBe(200);
    expect(response.json().productTotal).toBeGreaterThan(0);
  });

  it("has the baseline send the bytes the product sent: status line, headers and body", async () => {
    // A compressed one (brotli) and one under the compression threshold.
    for (const path of ["/api/merchants/featured", "/api/categories?bench=1"]) {
      const product = await captureAnswer(productUrl + path);
      const copy = await captureAnswer(
        baseline.url + (await registerWithBaseline(baseline.url, product)),
      );
      expect(copy.status).toBe(product.status);
      expect(copy.body.equals(product.body)).toBe(true);
      // Date is Node's own on both sides; every other header, its case and order, equal.
      const withoutDate = (h: string[]) =>
        h.flatMap((v, i) => (i % 2 === 0 ? [[v, h[i + 1]]] : [])).filter(([n]) => n !== "Date");
      expect(withoutDate(copy.headers)).toEqual(withoutDate(product.headers));
      expect(copy.headBytes).toBe(product.headBytes);
    }
    const featured = await captureAnswer(productUrl + "/api/merchants/featured");
    expect(featured.headers.map((h) => h.toLowerCase())).toContain("content-encoding");
  });

  it("measures the product beside a same-bytes baseline", async () => {
    const targets = await sampleTargets(productUrl);
    const results = await benchmarkEndpoints(
      productUrl,
      baseline.url,
      [
        { name: "producto", path: `/api/products/${targets.product.slug}`, connections: 4 },
        {
          name: "carrito",
          path: "/api/cart/bench",
          method: "POST",
          body: JSON.stringify({ productId: targets.product.id, quantity: 1 }),
          connections: 4,
          uniqueClient: true,
        },
        // Search allows 120 a minute per address: each request comes from another one.
        { name: "búsqueda", path: "/api/search?q=artesania", connections: 4, manyClients: true },
      ],
      // Three seconds, not one: on a loaded 2-core machine a 1 s window once closed
      // before the first uncached search answered, and measured nothing.
      { duration: 3, warmup: 0 },
    );
    expect(results).toHaveLength(3);
    for (const r of results) {
      expect(r.product.total).toBeGreaterThan(0);
      expect(r.product.errors).toBe(0);
      expect(r.product.non2xx).toBe(0);
      expect(r.baseline.requestsPerSecond).toBeGreaterThan(0);
      expect(r.product.p99).toBeGreaterThanOrEqual(r.product.p50);
      expect(r.bytes).toBeGreaterThan(50);
      expect(r.headBytes).toBeGreaterThan(200);
      expect(r.baseline.non2xx).toBe(0);
      expect(r.ratio).toBeCloseTo(r.product.requestsPerSecond / r.baseline.requestsPerSecond, 5);
    }
  }, 60_000);

  it("has rows of /merchants and a category page with the municipality cookie, cached and not (issue 27)", async () => {
    const targets = await sampleTargets(productUrl);
    const cached = standardEndpoints(targets).filter((e) =>
      e.name.endsWith(REMEMBERED_MUNICIPALITY),
    );
    expect(cached.map((e) => [e.name, e.path])).toEqual([
      [
        `Página de categoría (SSR)${REMEMBERED_MUNICIPALITY}`,
        `/categories/${targets.categorySlug}`,
      ],
      [`Comercios (SSR)${REMEMBERED_MUNICIPALITY}`, "/merchants"],
    ]);
    for (const e of cached) {
      expect(e.headers).toEqual({ cookie: "tiangue_municipio=San%20Salvador%20Centro" });
      // The same page without the cookie is measured in the same run, to compare.
      expect(
        standardEndpoints(targets).some((p) => `${p.name}${REMEMBERED_MUNICIPALITY}` === e.name),
      ).toBe(true);
      const uncached = uncachedEndpoints(targets).find((u) => u.name === `${e.name}, sin caché`);
      expect(uncached?.headers).toEqual(e.headers);
    }
  });

  it("picks rows by one or several parts of their names (BENCH_FILTER)", async () => {
    const targets = await sampleTargets(productUrl);
    const rows = [...standardEndpoints(targets), ...uncachedEndpoints(targets)];
    expect(selectRows(rows, undefined)).toEqual(rows);
    expect(selectRows(rows, "").length).toBe(rows.length);
    const names = selectRows(rows, "Comercios (SSR)|Página de categoría (SSR)").map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Comercios (SSR)",
        `Comercios (SSR)${REMEMBERED_MUNICIPALITY}`,
        `Comercios (SSR)${REMEMBERED_MUNICIPALITY}, sin caché`,
        "Página de categoría (SSR)",
        `Página de categoría (SSR)${REMEMBERED_MUNICIPALITY}`,
        `Página de categoría (SSR)${REMEMBERED_MUNICIPALITY}, sin caché`,
      ]),
    );
    expect(
      names.every(
        (n) => n.startsWith("Comercios (SSR)") || n.startsWith("Página de categoría (SSR)"),
      ),
    ).toBe(true);
  });

  it("sends a row's own headers with its warm-up, its captured answer and its load", async () => {
    const cookie = "tiangue_municipio=San%20Salvador%20Centro";
    const endpoint: Endpoint = {
      name: "cookie",
      path: "/merchants",
      connections: 2,
      headers: { cookie },
    };
    expect(loadOptions(endpoint, 1).headers).toEqual({ cookie });
    expect(loadOptions({ ...endpoint, method: "POST", body: "{}" }, 1).headers).toEqual({
      cookie,
      "content-type": "application/json",
    });
    const perClient = loadOptions({ ...endpoint, manyClients: true }, 1);
    const request = perClient.setupRequest!({ path: "/", headers: perClient.headers }, {});
    expect(request.headers).toMatchObject({ cookie });
    expect(request.headers?.["x-forwarded-for"]).toMatch(/^10\./);

    // A server that counts what it is sent.
    const seen = { with: 0, without: 0 };
    const server = createServer((req, res) => {
      if (req.headers.cookie === cookie) seen.with++;
      else seen.without++;
      res.setHeader("content-type", "text/html");
      res.end("<p>comercios</p>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const [result] = await benchmarkEndpoints(url, baseline.url, [endpoint], {
        duration: 2,
        warmup: 1,
      });
      expect(result!.product.total).toBeGreaterThan(0);
      expect(seen.without).toBe(0);
      // The warm-up's, the captured answer and the measured requests.
      expect(seen.with).toBeGreaterThan(result!.product.total);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});
