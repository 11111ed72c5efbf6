import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../server/project-root";
import type { PageFigures } from "./lighthouse";
import { lighthouseTable, meetsTargets, SLOW_3G_LCP_TARGET_MS } from "./lighthouse-pages";
import type { LoadFigures } from "./load";

export interface EndpointResult {
  name: string;
  path: string;
  method: "GET" | "POST";
  connections: number;
  /** Body bytes as sent (compressed when the product compressed the answer). */
  bytes: number;
  /** Status line and header bytes as sent (runs since issue 13's same-bytes baseline). */
  headBytes?: number;
  product: LoadFigures;
  baseline: LoadFigures;
  /** product requests/s divided by the baseline's sending the same bytes. */
  ratio: number;
  /** Database statements per request, one at a time (bench/queries.ts; PostgreSQL only). */
  queriesPerRequest?: number;
}

/**
 * The end of a row's name measured with a remembered municipality's cookie (issue 27): the
 * listings are kept per municipality, and the row is read against the same page without it.
 */
export const REMEMBERED_MUNICIPALITY = ", municipio recordado";

/** WEB_CONCURRENCY=2 against 1 on cached product reads (issue 13), medians of alternating runs. */
export interface ProcessesResult {
  path: string;
  connections: number;
  oneProcess: number;
  twoProcesses: number;
}

export interface SizeResult {
  products: number;
  merchants: number;
  reviews: number;
  endpoints: EndpointResult[];
  residentMemoryMb: number;
  /** The server's peak resident memory over its run (VmHWM), as configured for production. */
  peakMemoryMb: number;
  /** The same for the diagnostic server with CATALOGUE_CACHE=off (not a target). */
  uncachedPeakMemoryMb?: number;
}

export interface BenchReport {
  date: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string };
  database: string;
  durationSeconds: number;
  /** What drove the load (bench/load.ts); reports before it was recorded used autocannon. */
  loadGenerator?: "wrk" | "autocannon";
  sizes: SizeResult[];
  /** Lighthouse's default mobile profile (simulated slow 4G, 4× CPU). */
  pages: PageFigures[];
  /** The same pages on slow 3G with devtools throttling (issue 27); older reports lack it. */
  slowPages?: PageFigures[];
  /** Cold loads per page behind each Lighthouse median. */
  lighthouseRuns?: number;
  lighthouseSlowRuns?: number;
  /** PostgreSQL runs: one process against two on the largest size. */
  processes?: ProcessesResult;
}

export function machineInfo(): BenchReport["machine"] {
  return {
    cpu: cpus()[0]?.model ?? "desconocido",
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "—");
const kb = (v: number) => (v / 1024).toFixed(1);

/** Issue 5's targets, checked against a report's largest size and its pages. */
export function targetChecks(
  report: BenchReport,
): { target: string; measured: string; met: boolean }[] {
  const checks: { target: string; measured: string; met: boolean }[] = [];
  const largest = report.sizes[report.sizes.length - 1];
  const smallest = report.sizes[0];
  if (!largest) return checks;
  const at = (size: SizeResult, name: string) => size.endpoints.find((e) => e.name === name);
  const size = `${largest.products.toLocaleString("en")} products`;
  for (const suffix of ["", ", sin caché"]) {
    for (const name of ["Producto por slug (API)", "Productos de una categoría (API)"]) {
      const e = at(largest, name + suffix);
      if (!e) continue;
      checks.push({
        target: `${name + suffix}, ${size}: ≥ 0.35 × baseline, p99 < 25 ms`,
        measured: `×${e.ratio.toFixed(2)}, p99 ${ms(e.product.p99)} ms`,
        met: e.ratio >= 0.35 && e.product.p99 < 25,
      });
    }
    for (const name of [
      "Búsqueda, 3 letras «caf»",
      "Búsqueda, 6 letras «hamaca»",
      "Búsqueda con error «pupuza»",
      "Búsqueda de palabra muy común «salvador»",
    ]) {
      const e = at(largest, name + suffix);
      if (!e) continue;
      checks.push({
        target: `${name + suffix}, ${size}: p95 < 30 ms (p97.5 shown)`,
        measured: `p97.5 ${ms(e.product.p97_5)} ms`,
        met: e.product.p97_5 < 30,
      });
    }
  }
  for (const e of largest.endpoints.filter((e) => e.name.includes("(SSR)"))) {
    checks.push({
      target: `${e.name}, ${size}: p50 < 20 ms, p99 < 60 ms`,
      measured: `p50 ${ms(e.product.p50)} ms, p99 ${ms(e.product.p99)} ms`,
      met: e.product.p50 < 20 && e.product.p99 < 60,
    });
  }
  // Issue 13: the long tail (pages nobody asked for yet) and cached reads near the floor.
  for (const name of [
    "Página de producto (SSR), sin caché",
    "Página de comercio (SSR), sin caché",
  ]) {
    const e = at(largest, name);
    if (!e) continue;
    checks.push({
      target: `${name}, ${size}: ≥ 600 req/s, p99 < 50 ms at ${e.connections} connections`,
      measured: `${e.product.requestsPerSecond} req/s, p99 ${ms(e.product.p99)} ms`,
      met: e.product.requestsPerSecond >= 600 && e.product.p99 < 50,
    });
  }
  for (const e of largest.endpoints.filter((e) => e.name.endsWith(", una a la vez"))) {
    checks.push({
      target: `${e.name}, ${size}: p95 < 30 ms (p97.5 shown)`,
      measured: `p97.5 ${ms(e.product.p97_5)} ms`,
      met: e.product.p97_5 < 30,
    });
  }
  // "A cached GET /api/products or featured merchants": the list and the product by slug.
  for (const [name, floor] of [
    ["Productos de una categoría (API)", 0.6],
    ["Producto por slug (API)", 0.6],
    ["Comercios destacados (API)", 0.6],
    ["Inicio (SSR)", 0.3],
  ] as const) {
    const e = at(largest, name);
    if (!e) continue;
    checks.push({
      target: `${name}, ${size}: ≥ ${floor} × baseline`,
      measured: `×${e.ratio.toFixed(2)}`,
      met: e.ratio >= floor,
    });
  }
  // Issue 27: a remembered municipality's page served from the cache about as fast as the
  // page without it, in the same run (the cookie rows come right after their plain row).
  for (const e of largest.endpoints.filter((e) => e.name.endsWith(REMEMBERED_MUNICIPALITY))) {
    const plain = at(largest, e.name.slice(0, -REMEMBERED_MUNICIPALITY.length));
    if (!plain) continue;
    const ratio = plain.product.requestsPerSecond
      ? e.product.requestsPerSecond / plain.product.requestsPerSecond
      : 0;
    checks.push({
      target: `${e.name}, ${size}: ≥ 0.8 × ${plain.name} (req/s, same run)`,
      measured: `${e.product.requestsPerSecond} against ${plain.product.requestsPerSecond} req/s (×${ratio.toFixed(2)})`,
      met: ratio >= 0.8,
    });
  }
  if (report.processes) {
    const p = report.processes;
    const ratio = p.twoProcesses / p.oneProcess;
    checks.push({
      target: `WEB_CONCURRENCY=2, cached GET ${p.path}: ≥ 1.6 × one process (load generator on the same cores)`,
      measured: `${Math.round(p.oneProcess)} → ${Math.round(p.twoProcesses)} req/s (×${ratio.toFixed(2)})`,
      met: ratio >= 1.6,
    });
  }
  if (smallest && smallest !== largest) {
    for (const e of largest.endpoints) {
      const small = at(smallest, e.name);
      if (!small || e.method === "POST") continue;
      const limit = e.name.startsWith("Búsqueda") ? 3 : 1.5;
      const growth = e.product.mean / small.product.mean;
      checks.push({
        target: `growth ${smallest.products.toLocaleString("en")} → ${largest.products.toLocaleString("en")}, ${e.name}: mean latency < ${limit}×`,
        measured: `${ms(small.product.mean)} → ${ms(e.product.mean)} ms (×${growth.toFixed(2)})`,
        met: growth < limit,
      });
    }
  }
  checks.push({
    target: `server memory, ${size}: < 350 MB resident`,
    measured: `peak ${largest.peakMemoryMb} MB`,
    met: largest.peakMemoryMb < 350,
  });
  for (const p of report.pages) {
    const slow = report.slowPages?.find((s) => s.page === p.page);
    checks.push({
      target: `Lighthouse mobile, ${p.page}: 100 in performance, accessibility, best practices${p.seo === null ? "" : " and SEO"}`,
      measured: `${p.score} / ${p.accessibility} / ${p.bestPractices}${p.seo === null ? " (noindex)" : ` / ${p.seo}`}`,
      met: meetsTargets(p, "mobile"),
    });
    if (slow) {
      checks.push({
        target: `slow 3G (devtools), ${p.page}: LCP ≤ ${SLOW_3G_LCP_TARGET_MS / 1000} s`,
        measured: `LCP ${slow.lcpMs} ms`,
        met: meetsTargets(slow, "slow-3g"),
      });
    }
    checks.push({
      target: `first load, ${p.page}: JavaScript ≤ 140 KiB as transferred, no image over 150 KB`,
      measured: `JS ${kb(p.scriptBytes)} KB, largest image ${kb(p.largestImageBytes)} KB`,
      met: p.scriptBytes <= 140 * 1024 && p.largestImageBytes <= 150 * 1024,
    });
  }
  return checks;
}

export function toMarkdown(report: BenchReport): string {
  const lines = [
    `### ${report.date} · ${report.database}`,
    "",
    `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GiB, Node ${report.machine.node}. ` +
      `Each figure: ${report.loadGenerator ?? "autocannon"} for ${report.durationSeconds} s after a warm-up, beside a bare node:http server sending the same bytes (status line, headers and body of one captured answer; «bytes»: body + head) with the same connections. ` +
      "Rows marked «sin caché» come from a second server started with CATALOGUE_CACHE=off.",
    "",
  ];
  for (const size of report.sizes) {
    lines.push(
      `#### ${size.products.toLocaleString("en")} products (${size.merchants} merchants, ${size.reviews} reviews) — server RSS ${size.residentMemoryMb} MB, peak ${size.peakMemoryMb} MB${size.uncachedPeakMemoryMb ? ` (uncached server: peak ${size.uncachedPeakMemoryMb} MB)` : ""}`,
      "",
      "| endpoint | conns | bytes | req/s | mean ms | p50 ms | p90 ms | p97.5 ms | p99 ms | baseline req/s | ratio | errors | queries/req |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const e of size.endpoints) {
      lines.push(
        `| ${e.name} | ${e.connections} | ${e.headBytes === undefined ? e.bytes : `${e.bytes} + ${e.headBytes}`} | ${e.product.requestsPerSecond} | ${ms(e.product.mean)} | ${ms(e.product.p50)} | ${ms(e.product.p90)} | ${ms(e.product.p97_5)} | ${ms(e.product.p99)} | ${e.baseline.requestsPerSecond} | ${e.ratio.toFixed(2)} | ${e.product.errors + e.product.non2xx} | ${e.queriesPerRequest === undefined ? "—" : e.queriesPerRequest.toFixed(1)} |`,
      );
    }
    lines.push("");
  }
  if (report.pages.length > 0) {
    const host = report.pages[0].benchmarkIndex;
    lines.push(
      `#### Pages in Lighthouse 12 (mobile: simulated slow 4G, 4× CPU slowdown; median of ${report.lighthouseRuns ?? 1} cold loads${host === undefined ? "" : `; host benchmarkIndex ${host}, Lighthouse assumes ≥ 1000`})`,
      "",
      ...lighthouseTable(report.pages),
      "",
    );
  }
  if (report.slowPages?.length) {
    lines.push(
      `#### The same pages on slow 3G (devtools throttling: 400 Kbps, 400 ms round trip, 4× CPU; median of ${report.lighthouseSlowRuns ?? 1} cold loads)`,
      "",
      ...lighthouseTable(report.slowPages),
      "",
    );
  }
  if (report.processes) {
    const p = report.processes;
    lines.push(
      `#### Processes (WEB_CONCURRENCY), cached GET ${p.path} at ${p.connections} connections`,
      "",
      `One process ${Math.round(p.oneProcess)} req/s, two processes ${Math.round(p.twoProcesses)} req/s (×${(p.twoProcesses / p.oneProcess).toFixed(2)}), medians of alternating runs; the load generator shares the same cores.`,
      "",
    );
  }
  const checks = targetChecks(report);
  if (checks.length > 0) {
    lines.push("#### Targets", "", "| target | measured | met |", "|---|---|:-:|");
    for (const c of checks) lines.push(`| ${c.target} | ${c.measured} | ${c.met ? "✓" : "✗"} |`);
    lines.push("");
  }
  return lines.join("\n");
}

/** Writes bench/results/<date>-<db>.{json,md} and puts the table into docs/performance.md. */
export function writeReport(
  report: BenchReport,
  options: {
    updateDocs: boolean;
    /** e.g. "partial": another file than the day's full run. */ stemSuffix?: string;
  },
) {
  const root = projectRoot();
  const dir = join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const stem =
    `${report.date.slice(0, 10)}-${report.database.split(" ")[0].toLowerCase()}` +
    (options.stemSuffix ? `-${options.stemSuffix}` : "");
  const markdown = toMarkdown(report);
  writeFileSync(join(dir, `${stem}.json`), JSON.stringify(report, null, 2) + "\n");
  writeFileSync(join(dir, `${stem}.md`), markdown + "\n");
  if (options.updateDocs) {
    const docPath = join(root, "docs", "performance.md");
    const doc = readFileSync(docPath, "utf8");
    const marker = `<!-- results:${report.database.split(" ")[0].toLowerCase()} -->`;
    const start = doc.indexOf(marker);
    const end = doc.indexOf("<!-- /results -->", start);
    if (start >= 0 && end > start) {
      writeFileSync(
        docPath,
        doc.slice(0, start + marker.length) + "\n\n" + markdown + "\n" + doc.slice(end),
      );
    }
  }
  return join(dir, stem);
}
