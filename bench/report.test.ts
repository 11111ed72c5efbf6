import { describe, expect, it } from "vitest";
import type { LoadFigures } from "./load";
import {
  REMEMBERED_MUNICIPALITY,
  targetChecks,
  toMarkdown,
  type BenchReport,
  type EndpointResult,
} from "./report";

const figures = (over: Partial<LoadFigures>): LoadFigures => ({
  requestsPerSecond: 1000,
  mean: 2,
  p50: 2,
  p90: 3,
  p97_5: 4,
  p99: 5,
  errors: 0,
  non2xx: 0,
  total: 10_000,
  ...over,
});

const endpoint = (name: string, product: Partial<LoadFigures>, ratio = 0.5): EndpointResult => ({
  name,
  path: "/x",
  method: "GET",
  connections: 50,
  bytes: 100,
  product: figures(product),
  baseline: figures({ requestsPerSecond: 2000 }),
  ratio,
});

function report(): BenchReport {
  const size = (products: number, slugMean: number, searchP975: number) => ({
    products,
    merchants: 10,
    reviews: 10,
    residentMemoryMb: 200,
    peakMemoryMb: products > 1000 ? 400 : 150,
    endpoints: [
      endpoint("Producto por slug (API)", { mean: slugMean, p99: 12 }, 0.4),
      endpoint("Búsqueda, 3 letras «caf»", { mean: 3, p97_5: searchP975 }),
      endpoint("Página de producto (SSR)", { p50: 8, p99: 70 }),
    ],
  });
  return {
    date: "2026-11-21T08:00:00.000Z",
    machine: { cpu: "cpu", cores: 2, memoryGb: 24, node: "v20" },
    database: "PGlite (embedded)",
    durationSeconds: 10,
    sizes: [size(1000, 2, 5), size(100_000, 4, 45)],
    pages: [
      {
        page: "Inicio",
        url: "/",
        score: 100,
        accessibility: 100,
        bestPractices: 100,
        seo: 100,
        lcpMs: 1500,
        cls: 0,
        tbtMs: 40,
        scriptBytes: 150 * 1024,
        imageBytes: 10_000,
        largestImageBytes: 8000,
        benchmarkIndex: 640,
      },
      {
        page: "Pedido",
        url: "/orders/1",
        score: 100,
        accessibility: 96,
        bestPractices: 100,
        seo: null,
        lcpMs: 1500,
        cls: 0,
        tbtMs: 40,
        scriptBytes: 120 * 1024,
        imageBytes: 0,
        largestImageBytes: 0,
      },
    ],
    slowPages: [
      {
        page: "Inicio",
        url: "/",
        score: 80,
        accessibility: 100,
        bestPractices: 100,
        seo: 100,
        lcpMs: 2600,
        cls: 0,
        tbtMs: 300,
        scriptBytes: 150 * 1024,
        imageBytes: 10_000,
        largestImageBytes: 8000,
      },
    ],
  };
}

describe("targetChecks", () => {
  it("checks the largest size against issue 5's targets and the growth from the smallest", () => {
    const checks = Object.fromEntries(targetChecks(report()).map((c) => [c.target, c]));
    const find = (start: string) =>
      Object.values(checks).find((c) => c.target.startsWith(start)) ?? null;
    expect(find("Producto por slug (API), 100,000 products")?.met).toBe(true);
    expect(find("Búsqueda, 3 letras «caf», 100,000 products")).toMatchObject({
      met: false,
      measured: "p97.5 45.0 ms",
    });
    expect(find("Página de producto (SSR)")?.met).toBe(false);
    // Mean 2 → 4 ms is 2×: over 1.5× for a detail, under 3× for a search.
    expect(find("growth 1,000 → 100,000, Producto por slug (API)")).toMatchObject({ met: false });
    expect(find("growth 1,000 → 100,000, Búsqueda, 3 letras")).toMatchObject({ met: true });
    expect(find("server memory")).toMatchObject({ met: false, measured: "peak 400 MB" });
    expect(find("Lighthouse mobile, Inicio")?.met).toBe(true);
    // A noindex page is not held to SEO; one point off accessibility misses the target.
    expect(find("Lighthouse mobile, Pedido")).toMatchObject({
      target: "Lighthouse mobile, Pedido: 100 in performance, accessibility, best practices",
      met: false,
    });
    expect(find("slow 3G (devtools), Inicio")).toMatchObject({
      measured: "LCP 2600 ms",
      met: false,
    });
    expect(find("slow 3G (devtools), Pedido")).toBeNull();
    expect(find("first load, Inicio")?.met).toBe(false);
    expect(find("first load, Pedido")?.met).toBe(true);
  });

  it("checks issue 13's targets: uncached pages, cached reads near the floor, two processes", () => {
    const r = report();
    r.sizes[1]!.endpoints.push(
      {
        ...endpoint("Página de producto (SSR), sin caché", { requestsPerSecond: 650, p99: 40 }),
        queriesPerRequest: 3,
      },
      endpoint("Página de comercio (SSR), sin caché", { requestsPerSecond: 300, p99: 40 }),
      endpoint("Página de categoría (SSR), sin caché, una a la vez", { p97_5: 12 }),
      endpoint("Comercios destacados (API)", {}, 0.55),
      endpoint("Inicio (SSR)", {}, 0.31),
    );
    r.processes = {
      path: "/api/products?limit=20",
      connections: 50,
      oneProcess: 1000,
      twoProcesses: 1700,
    };
    const find = (start: string) => targetChecks(r).find((c) => c.target.startsWith(start));
    expect(find("Página de producto (SSR), sin caché, 100,000 products: ≥ 600 req/s")?.met).toBe(
      true,
    );
    expect(find("Página de comercio (SSR), sin caché, 100,000 products: ≥ 600")).toMatchObject({
      met: false,
      measured: "300 req/s, p99 40.0 ms",
    });
    expect(find("Página de categoría (SSR), sin caché, una a la vez")?.met).toBe(true);
    expect(find("Comercios destacados (API), 100,000 products: ≥ 0.6")?.met).toBe(false);
    expect(find("Producto por slug (API), 100,000 products: ≥ 0.6")).toMatchObject({
      met: false,
      measured: "×0.40",
    });
    expect(find("Inicio (SSR), 100,000 products: ≥ 0.3")?.met).toBe(true);
    expect(find("WEB_CONCURRENCY=2")).toMatchObject({
      met: true,
      measured: "1000 → 1700 req/s (×1.70)",
    });
    const markdown = toMarkdown(r);
    // Statements per request where they were counted, a dash elsewhere.
    expect(markdown).toMatch(/\| Página de producto \(SSR\), sin caché \|.*\| 0 \| 3\.0 \|/);
    expect(markdown).toMatch(/\| Producto por slug \(API\) \|.*\| 0 \| — \|/);
    expect(markdown).toContain("two processes 1700 req/s (×1.70)");
    // The host's CPU benchmark beside the Lighthouse scores it bears on.
    expect(markdown).toContain("host benchmarkIndex 640, Lighthouse assumes ≥ 1000");
    // Body and head bytes of the captured answer, when the run captured one.
    r.sizes[1]!.endpoints[0]!.headBytes = 420;
    expect(toMarkdown(r)).toMatch(/\| Producto por slug \(API\) \| 50 \| 100 \+ 420 \|/);
  });

  it("checks issue 27's remembered municipality against the same page without it, in the same run", () => {
    const r = report();
    r.sizes[1]!.endpoints.push(
      endpoint("Comercios (SSR)", { requestsPerSecond: 20_000 }),
      endpoint(`Comercios (SSR)${REMEMBERED_MUNICIPALITY}`, { requestsPerSecond: 17_000 }),
      endpoint("Página de categoría (SSR)", { requestsPerSecond: 20_000 }),
      endpoint(`Página de categoría (SSR)${REMEMBERED_MUNICIPALITY}`, { requestsPerSecond: 150 }),
      // Uncached rows are not compared: only the cached pair is the target.
      endpoint(`Comercios (SSR)${REMEMBERED_MUNICIPALITY}, sin caché`, { requestsPerSecond: 100 }),
      endpoint("Comercios (SSR), sin caché", { requestsPerSecond: 200 }),
    );
    const checks = targetChecks(r).filter((c) => c.target.includes(REMEMBERED_MUNICIPALITY));
    expect(checks.filter((c) => c.target.includes("≥ 0.8 ×"))).toEqual([
      {
        target: `Comercios (SSR)${REMEMBERED_MUNICIPALITY}, 100,000 products: ≥ 0.8 × Comercios (SSR) (req/s, same run)`,
        measured: "17000 against 20000 req/s (×0.85)",
        met: true,
      },
      {
        target: `Página de categoría (SSR)${REMEMBERED_MUNICIPALITY}, 100,000 products: ≥ 0.8 × Página de categoría (SSR) (req/s, same run)`,
        measured: "150 against 20000 req/s (×0.01)",
        met: false,
      },
    ]);
  });

  it("puts the checks into the Markdown table", () => {
    const markdown = toMarkdown(report());
    expect(markdown).toContain("#### Targets");
    expect(markdown).toMatch(
      /\| server memory, 100,000 products: < 350 MB resident \| peak 400 MB \| ✗ \|/,
    );
    expect(markdown).toContain("| p97.5 ms |");
  });
});
