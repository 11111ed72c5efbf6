import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/env";
import { generateCatalogue, type GeneratedCatalogue } from "./generate";
import { benchmarkEndpoints, sampleTargets } from "./harness";
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

  it("measures the product beside a same-size baseline", async () => {
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
      expect(r.ratio).toBeCloseTo(r.product.requestsPerSecond / r.baseline.requestsPerSecond, 5);
    }
  }, 60_000);
});
