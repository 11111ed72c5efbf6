import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../db/client";
import type { PageFigures } from "./lighthouse";
import type { LoadFigures } from "./load";

export interface EndpointResult {
  name: string;
  path: string;
  connections: number;
  bytes: number;
  product: LoadFigures;
  baseline: LoadFigures;
  /** product requests/s divided by the baseline's at the same body size. */
  ratio: number;
}

export interface SizeResult {
  products: number;
  merchants: number;
  reviews: number;
  endpoints: EndpointResult[];
  residentMemoryMb: number;
}

export interface BenchReport {
  date: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string };
  database: string;
  durationSeconds: number;
  sizes: SizeResult[];
  pages: PageFigures[];
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

export function toMarkdown(report: BenchReport): string {
  const lines = [
    `### ${report.date} · ${report.database}`,
    "",
    `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GiB, Node ${report.machine.node}. ` +
      `Each figure: autocannon for ${report.durationSeconds} s after a warm-up, beside a bare node:http server answering the same number of bytes with the same connections.`,
    "",
  ];
  for (const size of report.sizes) {
    lines.push(
      `#### ${size.products.toLocaleString("en")} products (${size.merchants} merchants, ${size.reviews} reviews) — server RSS ${size.residentMemoryMb} MB`,
      "",
      "| endpoint | conns | bytes | req/s | p50 ms | p90 ms | p99 ms | baseline req/s | ratio | errors |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const e of size.endpoints) {
      lines.push(
        `| ${e.name} | ${e.connections} | ${e.bytes} | ${e.product.requestsPerSecond} | ${ms(e.product.p50)} | ${ms(e.product.p90)} | ${ms(e.product.p99)} | ${e.baseline.requestsPerSecond} | ${e.ratio.toFixed(2)} | ${e.product.errors + e.product.non2xx} |`,
      );
    }
    lines.push("");
  }
  if (report.pages.length > 0) {
    lines.push(
      "#### Pages in Lighthouse 12 (mobile: simulated slow 4G, 4× CPU slowdown)",
      "",
      "| page | score | LCP ms | CLS | TBT ms | JS KB (gz) | images KB | largest image KB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const p of report.pages) {
      lines.push(
        `| ${p.page} | ${p.score} | ${p.lcpMs} | ${p.cls} | ${p.tbtMs} | ${kb(p.scriptBytes)} | ${kb(p.imageBytes)} | ${kb(p.largestImageBytes)} |`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}

/** Writes bench/results/<date>-<db>.{json,md} and puts the table into docs/performance.md. */
export function writeReport(report: BenchReport, options: { updateDocs: boolean }) {
  const root = projectRoot();
  const dir = join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const stem = `${report.date.slice(0, 10)}-${report.database.split(" ")[0].toLowerCase()}`;
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
