/**
 * `npm run bench`: for 1k, 10k and 100k products (BENCH_SIZES), a fresh database (embedded
 * PGlite, or a new database on DATABASE_URL's server) filled by the synthetic generator,
 * the production build started on it, every endpoint measured beside the bare node:http
 * baseline, the server's memory read, and Lighthouse on the public pages.
 * Results: bench/results/<date>-<db>.{md,json} and docs/performance.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../db/client";
import { generateCatalogue } from "./generate";
import { chooseLoadGenerator } from "./load";
import {
  benchmarkEndpoints,
  sampleTargets,
  selectRows,
  standardEndpoints,
  uncachedEndpoints,
  type Endpoint,
} from "./harness";
import { measurePages } from "./lighthouse";
import { publicPages } from "./lighthouse-pages";
import { compareProcesses } from "./processes";
import { queriesPerRequest } from "./queries";
import { machineInfo, writeReport, type BenchReport, type SizeResult } from "./report";
import { startBaselineServer, startProductServer } from "./servers";

const sizes = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const serverUrl = process.env.DATABASE_URL;
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const lighthouseSlowRuns = Number(process.env.BENCH_LIGHTHOUSE_SLOW_RUNS ?? lighthouseRuns);
/**
 * Only the rows whose name holds this text (e.g. "sin caché"), or one of several separated
 * by "|" (e.g. "Comercios (SSR)|Página de categoría (SSR)"), for a quick look at a few.
 */
const rowFilter = process.env.BENCH_FILTER;
const only = (endpoints: Endpoint[]) => selectRows(endpoints, rowFilter);
/** Another checkout with its own build to measure (e.g. a copy for an A/B run); default this one. */
const root = process.env.BENCH_ROOT || undefined;
/** PostgreSQL: WEB_CONCURRENCY=2 against 1 on the largest size (0 leaves it out). */
const processRounds = Number(process.env.BENCH_PROCESSES_ROUNDS ?? 3);

async function prepareDatabase(products: number) {
  const dataDir = mkdtempSync(join(tmpdir(), `tiangue-bench-${products}-`));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `tiangue_bench_${products}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const handle = await openDatabase({ url: databaseUrl, dataDir });
  const started = Date.now();
  const generated = await generateCatalogue(handle.db, { products });
  const version = await handle.db.execute<{ version: string }>(sql`select version()`);
  await handle.close();
  console.log(
    `  catálogo de ${products} productos generado en ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const versionText = String(
    (version as unknown as { rows: { version: string }[] }).rows?.[0]?.version ?? "",
  );
  return {
    dataDir,
    databaseUrl,
    generated,
    database: serverUrl
      ? `PostgreSQL ${/PostgreSQL ([\d.]+)/.exec(versionText)?.[1] ?? ""}`.trim()
      : "PGlite (embedded)",
    async cleanup() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const baseline = await startBaselineServer();
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: machineInfo(),
    database: serverUrl ? "PostgreSQL" : "PGlite (embedded)",
    durationSeconds: duration,
    loadGenerator: chooseLoadGenerator(),
    sizes: [],
    pages: [],
    lighthouseRuns,
    lighthouseSlowRuns,
  };
  const measure = (server: { url: string }, endpoints: Endpoint[]) =>
    benchmarkEndpoints(server.url, baseline.url, endpoints, {
      duration,
      warmup,
      onResult: (r) =>
        console.log(
          `  ${r.name.padEnd(46)} ${String(r.product.requestsPerSecond).padStart(6)} req/s  p50 ${r.product.p50} ms  p97.5 ${r.product.p97_5} ms  p99 ${r.product.p99} ms  ×${r.ratio.toFixed(2)} de ${r.baseline.requestsPerSecond}`,
        ),
    });
  try {
    for (const products of sizes) {
      console.log(`\n== ${products} productos (${report.database})`);
      const db = await prepareDatabase(products);
      report.database = db.database;
      let server = await startProductServer({
        dataDir: db.dataDir,
        databaseUrl: db.databaseUrl,
        root,
      });
      try {
        const targets = await sampleTargets(server.url);
        const endpoints = await measure(server, only(standardEndpoints(targets)));
        const size: SizeResult = {
          products,
          merchants: db.generated.merchants,
          reviews: db.generated.reviews,
          endpoints,
          residentMemoryMb: server.residentMemoryMb(),
          peakMemoryMb: server.peakMemoryMb(),
        };
        console.log(
          `  memoria residente del servidor: ${size.residentMemoryMb} MB (máximo ${size.peakMemoryMb} MB)`,
        );
        report.sizes.push(size);
        if (withLighthouse && products === sizes[sizes.length - 1]) {
          // Every public page (issue 27), on both profiles: the scores on Lighthouse's
          // default mobile run, the LCP again on slow 3G with real (devtools) throttling.
          const pages = await publicPages(server.url);
          report.pages = await measurePages(pages, lighthouseRuns);
          report.slowPages = await measurePages(pages, lighthouseSlowRuns, "slow-3g");
          for (const p of report.pages) {
            const slow = report.slowPages.find((s) => s.page === p.page);
            console.log(
              `  Lighthouse ${p.page}: ${p.score}/${p.accessibility}/${p.bestPractices}/${p.seo ?? "noindex"}, LCP ${p.lcpMs} ms (3G lento ${slow?.lcpMs} ms), CLS ${p.cls}, TBT ${p.tbtMs} ms, JS ${(p.scriptBytes / 1024).toFixed(1)} KB`,
            );
          }
        }
        // The same reads with the catalogue cache off: what a first request costs.
        await server.stop();
        server = await startProductServer({
          dataDir: db.dataDir,
          databaseUrl: db.databaseUrl,
          catalogueCache: false,
          root,
        });
        const uncachedRows = only(uncachedEndpoints(targets));
        const uncached = await measure(server, uncachedRows);
        size.endpoints.push(...uncached);
        size.uncachedPeakMemoryMb = server.peakMemoryMb();
        // Statements per uncached page, counted by PostgreSQL (issue 13): load does not change them.
        if (db.databaseUrl) {
          for (const e of uncached.filter((e) => e.name.includes("(SSR)"))) {
            const { headers } = uncachedRows.find((row) => row.name === e.name) ?? {};
            e.queriesPerRequest = await queriesPerRequest(
              db.databaseUrl,
              server.url + e.path,
              40,
              headers,
            );
            console.log(
              `  ${e.name.padEnd(46)} ${e.queriesPerRequest.toFixed(1)} consultas por petición`,
            );
          }
        }
        if (db.databaseUrl && processRounds > 0 && products === sizes[sizes.length - 1]) {
          await server.stop();
          report.processes = await compareProcesses({
            dataDir: db.dataDir,
            databaseUrl: db.databaseUrl,
            rounds: processRounds,
            seconds: duration,
            onRun: (workers, rps) =>
              console.log(`  WEB_CONCURRENCY=${workers}: ${Math.round(rps)} req/s`),
          });
        }
      } finally {
        await server.stop();
        await db.cleanup();
      }
    }
  } finally {
    await baseline.stop();
  }
  // A filtered run is a partial look: its own file, and the full tables in the docs stay.
  const path = writeReport(report, {
    updateDocs: !rowFilter,
    // BENCH_LABEL names what the run compares, in its file name (bench/results/README.md).
    stemSuffix: process.env.BENCH_LABEL ?? (rowFilter ? "partial" : undefined),
  });
  console.log(`\nResultados: ${path}.md`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
